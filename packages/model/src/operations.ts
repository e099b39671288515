/**
 * What the operations routes answer (docs/operations.md), shared by the server that writes
 * these shapes and the admin's screens that read them.
 */

/** One SQL statement of a logged request: its text (never its parameters) and time. */
export interface LoggedStatement {
  sql: string;
  ms: number;
  error?: string;
}

/** `/request-log/{requestId}`: what happened in one request. */
export interface RequestLogEntry {
  requestId: string;
  at: string;
  tenant: string;
  method: string;
  route: string | null;
  url: string;
  user: string | null;
  status: number;
  durationMs: number;
  statements: LoggedStatement[];
  /** Statements past the kept maximum, counted but not kept. */
  droppedStatements: number;
  error: { code?: string; message: string } | null;
  /** `host:pid` of the process that answered. */
  process: string;
  /** The request's OpenTelemetry trace, when tracing is on. */
  traceId?: string;
}

/** `/database/current-operations`: one statement running now. */
export interface RunningStatement {
  pid: number;
  tenant: string | null;
  requestId: string | null;
  state: string;
  startedAt: string | null;
  ageSeconds: number;
  waitEvent: string | null;
  /** The statement's text, cut to a thousand characters. */
  query: string;
}

/** `/cache-info`: one cache of the process. */
export interface CacheView {
  name: string;
  description: string;
  size: number;
  hits: number;
  misses: number;
  /** Hits over lookups since start or the last emptying; null before the first lookup. */
  hitRate: number | null;
}
