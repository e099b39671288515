import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { fileSystemStore } from '../db/object-store.ts';
import { createTenant } from '../product.ts';
import { createTestDatabase, signIn, type TestDatabase } from '../testing/test-app.ts';

/**
 * A retried write whose client hung up before each answer (what a client's retry does on a lost
 * answer): the key holds from the first request until its outcome is stored, whatever happens to
 * the sockets. The requests go to a real port, and each socket is destroyed right after its
 * request is written, without reading an answer.
 */
let db: TestDatabase;
let app: FastifyInstance;
let objectsDir: string;
let port: number;
let headers: Record<string, string>;
const logged: string[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (error: unknown) => unhandled.push(error);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  db = await createTestDatabase();
  objectsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-objects-'));
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ database: db.database, objectStore: fileSystemStore(objectsDir), log: { stream } });
  const password = 'Correct-Horse-42';
  await createTenant(db.database.db, 'alpha', { username: 'admin@alpha', password });
  headers = { authorization: `Bearer ${await signIn(app, 'admin@alpha', password)}` };
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app?.close();
  await db?.dispose();
  if (objectsDir) fs.rmSync(objectsDir, { recursive: true, force: true });
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
});

interface Write {
  method: string;
  url: string;
  body?: unknown;
  extra?: Record<string, string>;
}

/** Writes the whole request on a socket, then destroys it without waiting for any answer. */
function hangUp({ method, url, body, extra = {} }: Write, key: string): Promise<void> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const head = [
    `${method} ${url} HTTP/1.1`,
    'host: 127.0.0.1',
    ...(body === undefined ? [] : ['content-type: application/json']),
    `content-length: ${Buffer.byteLength(text)}`,
    `idempotency-key: ${key}`,
    ...Object.entries({ ...headers, ...extra }).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`${head}\r\n\r\n${text}`, () => {
        socket.destroy();
        resolve();
      });
    });
    socket.on('error', () => resolve());
  });
}

/** Five hang-ups at once, then five one after the other, each a little later. */
async function hangUps(write: Write, key: string) {
  await Promise.all(Array.from({ length: 5 }, () => hangUp(write, key)));
  for (let i = 0; i < 5; i++) {
    await hangUp(write, key);
    await new Promise((resolve) => setTimeout(resolve, 5 * i));
  }
}

/** The same request answered normally: it waits for the request under way, then replays its outcome. */
const send = ({ method, url, body, extra = {} }: Write, key?: string) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, ...extra, ...(key ? { 'idempotency-key': key } : {}) },
    ...(body !== undefined ? { payload: body as object } : {}),
  });

async function historyOf(registration: string): Promise<string[]> {
  return (await send({ method: 'GET', url: `/api/core/histories?entityRegistration=${registration}&sort=date` }))
    .json()
    .map((h: { action: string }) => h.action);
}

/** Sends `write` hung up ten times under one key, then once normally: the replay of one outcome. */
async function replayedAfterHangUps(write: Write) {
  const key = crypto.randomUUID();
  await hangUps(write, key);
  const final = await send(write, key);
  expect(final.statusCode, final.body).toBeLessThan(300);
  expect(final.headers['idempotent-replayed']).toBe('true');
  const again = await send(write, key);
  expect(again.body).toBe(final.body);
  return final;
}

describe('a write retried after hang-ups is done once', () => {
  it('create: one record, and the replay answers it', async () => {
    const name = `hung up ${crypto.randomUUID()}`;
    const final = await replayedAfterHangUps({ method: 'POST', url: '/api/case/claims', body: { name } });
    expect(final.statusCode).toBe(201);
    const found = (await send({ method: 'GET', url: `/api/case/claims?name=${encodeURIComponent(name)}` })).json();
    expect(found.map((c: { registration: string }) => c.registration)).toEqual([final.json().registration]);
    expect(await historyOf(final.json().registration)).toEqual(['CREATE']);
  });

  it('replace, merge, transition and delete: each done once', async () => {
    const created = (await send({ method: 'POST', url: '/api/support/tickets', body: { name: 'hang-ups' } })).json();
    const url = `/api/support/tickets/${created.registration}`;
    const merged = await replayedAfterHangUps({ method: 'PATCH', url, body: { name: 'merged once' } });
    expect(merged.json()).toMatchObject({ name: 'merged once', _version: 2 });
    const replaced = await replayedAfterHangUps({ method: 'PUT', url, body: { name: 'replaced once' } });
    expect(replaced.json()).toMatchObject({ name: 'replaced once', _version: 3 });
    const [transition] = (await send({ method: 'GET', url: `${url}/transitions` })).json();
    const ran = await replayedAfterHangUps({ method: 'GET', url: `${url}/transitions/${transition.code}` });
    expect(ran.json()._version).toBe(4);
    const deleted = await replayedAfterHangUps({ method: 'DELETE', url });
    expect(deleted.json().registration).toBe(created.registration);
    expect(await historyOf(created.registration)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'TRANSITION', 'DELETE']);
  });

  it("a tenant's dynamic kind: create, merge and delete, each done once", async () => {
    const descriptor = await send({
      method: 'POST',
      url: '/api/core/dyno-descriptors',
      body: { name: 'gadget', prefix: 'GDG', fields: { name: { type: 'text' }, size: { type: 'integer' } } },
    });
    expect(descriptor.statusCode, descriptor.body).toBe(201);
    const name = `hung up ${crypto.randomUUID()}`;
    const created = await replayedAfterHangUps({ method: 'POST', url: '/api/dyno/gadget', body: { name, size: 1 } });
    const all = (await send({ method: 'GET', url: '/api/dyno/gadget' })).json();
    expect(all.filter((g: { name: string }) => g.name === name)).toHaveLength(1);
    const url = `/api/dyno/gadget/${created.json().registration}`;
    const merged = await replayedAfterHangUps({ method: 'PATCH', url, body: { size: 2 } });
    expect(merged.json()).toMatchObject({ size: 2, _version: 2 });
    await replayedAfterHangUps({ method: 'DELETE', url });
    expect((await send({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('a write whose answer is stored after its transaction (a preference): done once', async () => {
    const name = `hung up ${crypto.randomUUID()}`;
    const preference = { groupId: '/tickets', type: 'SEARCH_FILTER', value: { name, query: { status: 'NEW' } } };
    const saved = await replayedAfterHangUps({
      method: 'POST',
      url: '/api/core/users/admin@alpha/preferences',
      body: preference,
    });
    const all = (await send({ method: 'GET', url: '/api/core/users/admin@alpha/preferences' })).json();
    expect(all.filter((p: { value?: { name?: string } }) => p.value?.name === name)).toEqual([saved.json()]);
  });

  it('a closed socket leaves no unhandled error and no second answer in the log', () => {
    expect(unhandled).toEqual([]);
    expect(logged.filter((line) => /already sent|"level":50/.test(line))).toEqual([]);
  });
});
