import path from 'node:path';

/** Settings read from the environment once, at start. */
export interface Config {
  port: number;
  host: string;
  /** Directory of the embedded database and documents. */
  dataDir: string;
  /** A real PostgreSQL (owner role, runs migrations); absent → embedded PGlite. */
  databaseUrl?: string;
  /** Connection of the application role; derived from `databaseUrl` when absent. */
  appDatabaseUrl?: string;
  /**
   * A streaming replica of `databaseUrl` (`DATABASE_READ_URL`) that lists, exports and reports
   * read from (db/read-replica.ts); its user is replaced by the application role unless it is that role.
   */
  databaseReadUrl?: string;
  /** Milliseconds a read waits for the replica to replay the primary's last commit before reading from the primary (`READ_REPLICA_WAIT_MS`; default 1,000). */
  readReplicaWaitMs?: number;
  adminPassword?: string;
  /** Load demo data into the `demo` tenant on first start. */
  demoData: boolean;
  /** Milliseconds before any statement is cancelled. */
  statementTimeoutMs: number;
  /** Milliseconds after which an idle database connection is closed (reopened on next use). */
  databaseIdleTimeoutMs: number;
  /**
   * Proxies whose `X-Forwarded-For` is believed (addresses or CIDRs, `TRUSTED_PROXIES`, comma
   * separated); none by default, so a client cannot choose the address it is throttled and logged by.
   */
  trustedProxies: string[];
  /** Log every request (`LOG_REQUESTS=1`); server errors are always logged. */
  logRequests: boolean;
  /**
   * An S3-compatible store for document contents (`S3_BUCKET`, `S3_REGION`, `S3_ENDPOINT`,
   * `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`); absent → the filesystem under `dataDir/objects`.
   */
  s3?: { bucket: string; region?: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string };
  /** Rows past which a list export runs in the background (`EXPORT_BACKGROUND_ROWS`; default 50,000). */
  exportBackgroundRows?: number;
  /** Transactions past which a camt file is imported in the background (`CAMT_BACKGROUND_TRANSACTIONS`; default 2,000). */
  camtBackgroundTransactions?: number;
  /** Where mail leaves (`SMTP_URL`: `smtp://user:pass@host:port`, `smtps://…`); absent → the local mailbox (docs/mail.md). */
  smtpUrl?: string;
  /** The sender of mails (`MAIL_FROM`) unless the tenant's `mail` configuration names its own; `no-reply@localhost` by default. */
  mailFrom?: string;
  /** The address users open the product at (`PUBLIC_URL`), which links in mails start with; this server's port on localhost by default. */
  publicUrl: string;
}

const positiveInteger = (value: string | undefined) =>
  value && Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : undefined;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    appDatabaseUrl: env.APP_DATABASE_URL || undefined,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    readReplicaWaitMs: Number(env.READ_REPLICA_WAIT_MS ?? 1000),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData: env.DEMO_DATA !== '0',
    statementTimeoutMs: Number(env.STATEMENT_TIMEOUT_MS ?? 10000),
    databaseIdleTimeoutMs: Number(env.DATABASE_IDLE_TIMEOUT_MS ?? 10000),
    trustedProxies: (env.TRUSTED_PROXIES ?? '').split(/[\s,]+/).filter(Boolean),
    logRequests: env.LOG_REQUESTS === '1',
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || undefined,
          endpoint: env.S3_ENDPOINT || undefined,
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
        }
      : undefined,
    exportBackgroundRows: positiveInteger(env.EXPORT_BACKGROUND_ROWS),
    camtBackgroundTransactions: positiveInteger(env.CAMT_BACKGROUND_TRANSACTIONS),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, ''),
  };
}
