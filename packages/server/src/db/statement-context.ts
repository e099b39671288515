import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the database layer knows of the work it runs for (a request): the tag its connections
 * carry in `application_name` while they run its statements (`lbo:<tenant>:<request id>`, read
 * from `pg_stat_activity`), and who is told of each statement with its duration (the request
 * log). Kept in an AsyncLocalStorage, so nothing is passed through the layers.
 */
export interface StatementContext {
  /** The request's id, tagged on the connection with the tenant of each transaction. */
  requestId?: string;
  /** Told of every statement once it answered (or failed), its time in milliseconds. */
  statement?(text: string, ms: number, error?: unknown): void;
}

const contexts = new AsyncLocalStorage<StatementContext>();

/** Runs `work` (and everything it starts) with `context`. */
export const withStatementContext = <T>(context: StatementContext, work: () => T): T => contexts.run(context, work);

/** The context of the work under way, if any. */
export const statementContext = (): StatementContext | undefined => contexts.getStore();

/** The `application_name` a connection carries while it works for `tenant` in the current context (63 bytes at most). */
export function applicationName(tenant: string): string | undefined {
  const requestId = contexts.getStore()?.requestId;
  return requestId ? `lbo:${tenant}:${requestId}`.slice(0, 63) : undefined;
}
