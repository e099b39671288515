import pg from 'pg';
import { applicationName } from './statement-context.ts';

/**
 * One statement sent together with the settings it must run under, in one round trip.
 *
 * In PostgreSQL's extended protocol, the statements sent before a Sync message form one implicit
 * transaction when no BEGIN is open. A read therefore sends, in one write: the settings statement
 * (`requestSettings` by `set_config(…, true)`, local to that transaction), then its own
 * statement, then Sync. The
 * settings hold for that statement only and vanish with its transaction, so a pooled connection
 * keeps nothing of the tenant it served. The transaction is read-only: a read cannot write.
 *
 * node-postgres sends one query per round trip and has no pipelining; this extends its `Query`
 * (the documented "submittable" interface) to put the settings' Parse/Bind/Execute before the
 * query's own. The settings' row and completion are consumed here, so the caller sees only its
 * statement's result.
 */
export interface ReadScope {
  tenant: string;
  user: string;
  timeoutMs: number;
}

const tagOf = (tenant: string): [string, string][] => {
  const name = applicationName(tenant);
  return name ? [['application_name', name]] : [];
};

/**
 * The settings, local to its transaction, that every request statement runs under (inTenant,
 * readInTenant): tenant and user for row-level security and history, a statement timeout, and
 * neither JIT nor parallel workers, which cost more than they save on short queries and take
 * cores from the other requests. A read is also read-only.
 */
export function requestSettings(scope: ReadScope, readOnly: boolean): [name: string, value: string][] {
  return [
    ['app.tenant', scope.tenant],
    ['app.user', scope.user],
    ['statement_timeout', String(Math.round(scope.timeoutMs))],
    ['jit', 'off'],
    ['max_parallel_workers_per_gather', '0'],
    ...(readOnly ? [['transaction_read_only', 'on'] as [string, string]] : []),
    // A request's statements show in pg_stat_activity tagged with its tenant and id (/database/current-operations).
    ...tagOf(scope.tenant),
  ];
}

const SETTINGS = 'lbo_read_scope';
const settingsText = 'SELECT set_config(key, value, true) FROM json_each_text($1::json)';

interface ProtocolConnection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(msg: { text: string; name: string }): void;
  bind(msg: { statement: string; values: unknown[] }): void;
  execute(msg: object): void;
}

// pg's Query methods that the protocol calls are not in its type declarations.
const QueryBase = pg.Query as unknown as new (
  config: pg.QueryConfig,
  values: undefined,
  callback: (error: Error | null, result?: pg.QueryResult) => void,
) => {
  prepare(connection: ProtocolConnection): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: unknown): void;
};

class ScopedQuery extends QueryBase {
  private settingsDone = false;

  constructor(
    private readonly scope: ReadScope,
    config: pg.QueryConfig,
    callback: (error: Error | null, result?: pg.QueryResult) => void,
  ) {
    super(config, undefined, callback);
  }

  requiresPreparation() {
    return true;
  }

  prepare(connection: ProtocolConnection) {
    if (
      connection.parsedStatements[SETTINGS] === undefined &&
      connection.submittedNamedStatements[SETTINGS] === undefined
    ) {
      connection.parse({ text: settingsText, name: SETTINGS });
      connection.submittedNamedStatements[SETTINGS] = settingsText;
    }
    connection.bind({
      statement: SETTINGS,
      values: [JSON.stringify(Object.fromEntries(requestSettings(this.scope, true)))],
    });
    connection.execute({});
    super.prepare(connection);
  }

  handleDataRow(msg: unknown) {
    // The settings answer a row each; only the statement's rows are the caller's.
    if (this.settingsDone) super.handleDataRow(msg);
  }

  handleCommandComplete(msg: unknown, connection: unknown) {
    if (this.settingsDone) super.handleCommandComplete(msg, connection);
    else this.settingsDone = true;
  }
}

/**
 * Runs `config` under `scope`, settings and statement in one round trip and one read-only
 * transaction; `send` is a connection's own `query` (pg.ClientBase#query).
 */
export function scopedQuery(
  send: (query: pg.QueryConfig) => unknown,
  scope: ReadScope,
  config: pg.QueryConfig,
): Promise<pg.QueryResult> {
  if (`${scope.tenant}${scope.user}`.includes('\0')) return Promise.reject(new Error('NUL in a read scope'));
  return new Promise((resolve, reject) => {
    send(
      new ScopedQuery(scope, config, (error, result) =>
        error ? reject(error) : resolve(result!),
      ) as unknown as pg.QueryConfig,
    );
  });
}
