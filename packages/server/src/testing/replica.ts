import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * A streaming replica of the machine's PostgreSQL, for tests of `DATABASE_READ_URL`: a base
 * backup (`pg_basebackup -R`, which writes the standby's `primary_conninfo`) in a temporary
 * folder, started by `pg_ctl` on a free port as the `postgres` user. The primary must accept
 * replication connections from 127.0.0.1: `allowReplication` adds the line to its `pg_hba.conf`
 * once (as CI's script does) and reloads it.
 */
const run = promisify(execFile);

export interface Replica {
  port: number;
  /** The replica's URL for `database` on the primary (`postgres://…/name`), as its owner. */
  url(databaseUrl: string): string;
  /** Runs `statement` on the replica as the superuser (in database `postgres`). */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(statement: string, database?: string): Promise<R[]>;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool of the server's version as `postgres` (this user when not root). */
async function tool(bin: string, name: string, args: string[]): Promise<string> {
  const file = path.join(bin, name);
  const { stdout } = asRoot
    ? await run('runuser', ['-u', 'postgres', '--', file, ...args], { cwd: '/' })
    : await run(file, args, { cwd: '/' });
  return stdout;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Adds `host replication all 127.0.0.1/32 trust` to the primary's pg_hba.conf when no rule allows replication. */
export async function allowReplication(primaryUrl: string): Promise<void> {
  await withClient(primaryUrl, async (client) => {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_hba_file_rules WHERE 'replication' = ANY(database) AND error IS NULL`,
    );
    if (rows[0].n > 0) return;
    const file = (await client.query('SHOW hba_file')).rows[0].hba_file as string;
    fs.appendFileSync(
      file,
      '\n# Streaming replicas on this machine (read replica tests)\nhost replication all 127.0.0.1/32 trust\n',
    );
    await client.query('SELECT pg_reload_conf()');
    // The postmaster reloads on its signal, a moment later.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  });
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Makes and starts a streaming replica of the cluster `primaryUrl` points at. */
export async function startReplica(primaryUrl: string): Promise<Replica> {
  await allowReplication(primaryUrl);
  const primary = new URL(primaryUrl);
  const settings = await withClient(primaryUrl, async (client) => {
    const { rows } = await client.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN ('server_version_num', 'max_connections', 'max_worker_processes',
         'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')`,
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  });
  const bin = `/usr/lib/postgresql/${Math.floor(Number(settings.server_version_num) / 10000)}/bin`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-replica-'));
  const data = path.join(dir, 'data');
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  fs.chmodSync(dir, 0o700);
  const port = await freePort();
  const backup = () =>
    tool(bin, 'pg_basebackup', [
      '-h',
      primary.hostname,
      '-p',
      primary.port || '5432',
      '-U',
      decodeURIComponent(primary.username || 'postgres'),
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
  // A base backup is one long connection: tried again when another session ends it midway.
  for (let attempt = 1; ; attempt++) {
    try {
      await backup();
      break;
    } catch (error) {
      fs.rmSync(data, { recursive: true, force: true });
      if (attempt >= 3) {
        fs.rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  // Debian keeps a cluster's configuration outside its data folder: the replica gets its own.
  // A hot standby needs these limits at least as high as its primary's.
  const conf = [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${dir}'`,
    'hot_standby = on',
    'fsync = off',
    ...[
      'max_connections',
      'max_worker_processes',
      'max_wal_senders',
      'max_prepared_transactions',
      'max_locks_per_transaction',
    ].map((name) => `${name} = ${settings[name]}`),
  ];
  const write = (name: string, text: string) => fs.writeFileSync(path.join(data, name), `${text}\n`);
  write('postgresql.conf', conf.join('\n'));
  write('pg_hba.conf', 'local all all trust\nhost all all 127.0.0.1/32 trust');
  write('pg_ident.conf', '');
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', data]);
  const url = (databaseUrl: string) => {
    const u = new URL(databaseUrl);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    return u.toString();
  };
  const start = async () => {
    await tool(bin, 'pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await tool(bin, 'pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']).catch(() => undefined);
  };
  await start();
  const superUrl = url(`${primary.protocol}//${primary.username || 'postgres'}@127.0.0.1/postgres`);
  const replica: Replica = {
    port,
    url,
    query: async (statement, database = 'postgres') => {
      const u = new URL(superUrl);
      u.pathname = `/${database}`;
      return withClient(u.toString(), async (client) => (await client.query(statement)).rows);
    },
    start,
    stop,
    dispose: async () => {
      await stop('immediate');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  const [{ recovering }] = await replica.query<{ recovering: boolean }>('SELECT pg_is_in_recovery() AS recovering');
  if (!recovering) throw new Error('The replica is not in recovery');
  return replica;
}
