import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWhenChanged, builtHash, hashInputs, webInputs } from '../../../scripts/build-web.mjs';
import { installSchemas } from './http/schemas.ts';
import { webRoutes } from './web.routes.ts';

/**
 * The web app is built only when its inputs changed, into a folder of its own swapped in whole
 * (scripts/build-web.mjs): builds started together in one checkout take turns, and a server sends
 * a complete build all the while, from index.html to every script it names. The build here is a
 * stand-in that writes its files slowly, as Vite does, so that a half-written build would be seen.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-web-build-'));
const webDir = path.join(root, 'web');
const dist = path.join(webDir, 'dist');
const source = path.join(webDir, 'src/main.ts');
const inputs = () => ['web/src/main.ts'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let builds = 0;
/** Writes four hashed scripts (with their brotli twins), then the page that names them, a little at a time. */
async function slowBuild(outDir: string) {
  const n = ++builds;
  fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true });
  const names = [0, 1, 2, 3].map((i) => `assets/chunk${i}-B${String(n).padStart(7, '0')}.js`);
  for (const name of names) {
    const content = `export const build = ${n}; // ${fs.readFileSync(source, 'utf8')}\n`;
    fs.writeFileSync(path.join(outDir, name), content);
    await sleep(40);
    fs.writeFileSync(path.join(outDir, `${name}.br`), zlib.brotliCompressSync(content));
  }
  const scripts = names.map((name) => `<script type="module" src="/${name}"></script>`).join('');
  fs.writeFileSync(path.join(outDir, 'index.html'), `<!doctype html><html><head>${scripts}</head></html>`);
}
const build = (force = false) =>
  buildWhenChanged({ root, webDir, inputs: inputs(), build: slowBuild, force, log: () => undefined });

let app: FastifyInstance;
beforeAll(async () => {
  fs.mkdirSync(path.dirname(source), { recursive: true });
  fs.writeFileSync(source, 'first');
  expect(await build()).toBe(true);
  app = Fastify();
  await installSchemas(app);
  await app.register(webRoutes, { webDir: dist });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/**
 * Reads the app as a browser does, again and again until `done`: a page (a client route) and every
 * script it names. Answers what was not whole.
 */
async function readWhile(done: Promise<unknown>): Promise<string[]> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  const failures: string[] = [];
  let reads = 0;
  while ((!finished || reads === 0) && failures.length < 20) {
    reads++;
    await sleep(5);
    const page = await app.inject({ url: '/authentication', headers: { 'accept-encoding': 'br' } });
    if (page.statusCode !== 200 || !page.body.includes('<script')) {
      failures.push(`/authentication: ${page.statusCode} ${page.body.slice(0, 80)}`);
      continue;
    }
    for (const [, src] of page.body.matchAll(/src="([^"]+)"/g)) {
      const script = await app.inject({ url: src, headers: { 'accept-encoding': 'br' } });
      if (script.statusCode !== 200) failures.push(`${src}: ${script.statusCode}`);
    }
  }
  await done.catch(() => undefined);
  return failures;
}

describe('building the web app', () => {
  it('skips a build whose inputs did not change', async () => {
    const before = builds;
    expect(await build()).toBe(false);
    expect(builds).toBe(before);
    expect(builtHash(dist)).toBe(hashInputs(root, inputs()));
  });

  it('builds once when two builds start together after a change, and serves a whole build throughout', async () => {
    fs.writeFileSync(source, 'second');
    const before = builds;
    const both = Promise.all([build(), build()]);
    const failures = await readWhile(both);
    expect((await both).sort()).toEqual([false, true]);
    expect(builds).toBe(before + 1);
    expect(failures).toEqual([]);
    expect((await app.inject({ url: '/assets/chunk0-B' + String(builds).padStart(7, '0') + '.js' })).body).toContain(
      'second',
    );
  });

  it('lets two forced builds at once take turns, each swapping in a whole build', async () => {
    const before = builds;
    const both = Promise.all([build(true), build(true)]);
    const failures = await readWhile(both);
    expect(await both).toEqual([true, true]);
    expect(builds).toBe(before + 2);
    expect(failures).toEqual([]);
    // Only the build served and nothing half-made is left beside it.
    const kept = fs.readdirSync(path.join(webDir, '.builds')).filter((name) => name !== '.lock');
    expect(kept).toEqual([path.basename(fs.realpathSync(dist))]);
  });

  it('takes over a lock left by a process that died', async () => {
    fs.mkdirSync(path.join(webDir, '.builds/.lock'));
    // A process id that is not running: above the kernel's maximum.
    fs.writeFileSync(path.join(webDir, '.builds/.lock/owner'), '99999999 gone');
    fs.writeFileSync(source, 'third');
    expect(await build()).toBe(true);
    expect(fs.existsSync(path.join(webDir, '.builds/.lock'))).toBe(false);
  });

  // The repository's own build, made once by `npm test` before the tests: a start finds it current.
  const realDist = path.join(repo, 'packages/web/dist');
  const current = builtHash(realDist) === hashInputs(repo, webInputs(repo));
  it.runIf(current)('finds the repository’s web build current and starts without rebuilding', async () => {
    const started = Date.now();
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(repo, 'scripts/build-web.mjs')]);
    expect(stdout).toMatch(/up to date/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
