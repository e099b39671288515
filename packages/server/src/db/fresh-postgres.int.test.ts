import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { serverProcesses, signedInAt } from '../testing/server-process.ts';

/**
 * The product started on an empty PostgreSQL database, as an operator would: its migration must
 * include the modules' own tables and triggers (the search index), though the modules load while
 * the database is opened. Two servers are started together, as two replicas would be: both come
 * up (one makes the first tenants, the other finds them). A person written through the API is
 * then found by the search box.
 */
const onPostgres = !!process.env.DATABASE_URL;
const password = 'Empty-Database-42';
const port = 45000 + Math.floor(Math.random() * 1000);
const name = `lbo_empty_${crypto.randomBytes(6).toString('hex')}`;
const servers = serverProcesses();

async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

afterAll(async () => {
  await servers.stopAll();
  if (onPostgres) await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe.runIf(onPostgres)('the product on an empty PostgreSQL database', () => {
  it('creates every table, the modules’ included, with two servers starting at once; the search box finds what is written', async () => {
    await onServer(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), ADMIN_PASSWORD: password, DEMO_DATA: '0' };
    await Promise.all([servers.start(port, env), servers.start(port + 1, env)]);
    const call = await signedInAt(port, 'admin@demo', password);
    const json = { 'content-type': 'application/json' };
    const created = await call('/api/person/persons', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        type: 'P',
        name: 'Quentin Zyrkowski',
        registrations: [{ type: 'AUT' }],
        contacts: [{ position: 'Owner', email: 'zyrkowski@example.com' }],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const other = await signedInAt(port + 1, 'admin@demo', password);
    const found = await other('/api/search?q=Zyrkowski');
    const body = await found.text();
    expect(found.status, body).toBe(200);
    expect(body).toContain('Quentin Zyrkowski');
  }, 300_000);
});
