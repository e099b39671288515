/**
 * Builds the web app when its inputs changed, and only then (docs/decisions.md "Building the web
 * app at start"). The inputs are hashed: the web package (sources, config, public files), the model
 * sources it imports, package-lock.json and this script. A build is written into a folder of its
 * own under packages/web/.builds, with the hash beside it, and `packages/web/dist` is a symbolic
 * link swapped to it in one rename: a server reading dist sees the old build or the new one, never
 * half of one. Builds in one checkout take turns (a lock folder); the second one finds the hash
 * up to date and skips.
 *
 *   node scripts/build-web.mjs [--force]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HASH_FILE = '.build-hash';
const CARRIED = '.carried';
const skipped = new Set(['node_modules', 'dist', '.builds']);

/** Every file under `dir`, as paths relative to `base`, sorted; dependencies, builds and temporary links left out. */
function filesUnder(dir, base) {
  if (!fs.existsSync(dir)) return [];
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name) || entry.name.startsWith('.dist-')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full, base));
    else if (entry.isFile()) out.push(path.relative(base, full));
  }
  return out.sort();
}

/** The files whose content makes the web build: the default set for this repository. */
export function webInputs(root = repo) {
  return [
    ...filesUnder(path.join(root, 'packages/web'), root),
    ...filesUnder(path.join(root, 'packages/model'), root),
    'package-lock.json',
    'scripts/build-web.mjs',
  ].filter((file) => fs.existsSync(path.join(root, file)));
}

/** SHA-256 over each input's path and content. */
export function hashInputs(root, inputs) {
  const hash = crypto.createHash('sha256');
  for (const file of inputs) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The hash the build served at `dist` was made from (undefined: none, or incomplete). */
export function builtHash(dist) {
  try {
    if (!fs.existsSync(path.join(dist, 'index.html'))) return undefined;
    return fs.readFileSync(path.join(dist, HASH_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/**
 * Holds `lockDir` (made with mkdir, which only one caller wins) until `release` is called. A lock
 * left by a process that died is taken over.
 */
async function lock(lockDir, token) {
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(path.join(lockDir, 'owner'), `${process.pid} ${token}`);
      return () => fs.rmSync(lockDir, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let owner;
    try {
      owner = Number(fs.readFileSync(path.join(lockDir, 'owner'), 'utf8').split(' ')[0]);
    } catch {
      // Made but not yet signed by its owner: wait for it.
    }
    if (owner && !alive(owner)) fs.rmSync(lockDir, { recursive: true, force: true });
    else await sleep(200);
  }
}

/**
 * Gives the new build the previous one's own hashed assets that it lacks (hard links), so that a
 * page loaded just before the swap still finds its scripts; one version back only (`.carried`
 * names what was taken over, and is not taken over again).
 */
function keepPreviousAssets(dist, out) {
  const previous = path.join(dist, 'assets');
  if (!fs.existsSync(previous)) return;
  let old = [];
  try {
    old = fs.readFileSync(path.join(dist, CARRIED), 'utf8').split('\n');
  } catch {
    // A build that took nothing over.
  }
  const carriedBefore = new Set(old);
  const carried = [];
  fs.mkdirSync(path.join(out, 'assets'), { recursive: true });
  for (const name of fs.readdirSync(previous)) {
    const to = path.join(out, 'assets', name);
    if (carriedBefore.has(name) || fs.existsSync(to)) continue;
    try {
      fs.linkSync(path.join(previous, name), to);
    } catch {
      fs.copyFileSync(path.join(previous, name), to);
    }
    carried.push(name);
  }
  fs.writeFileSync(path.join(out, CARRIED), carried.join('\n'));
}

/** Points the link `dist` at `target` in one rename (a folder left there by an older build is moved aside first). */
function swapIn(webDir, dist, target, token) {
  const link = path.join(webDir, `.dist-${token}`);
  fs.symlinkSync(path.relative(webDir, target), link, 'junction');
  const stat = fs.lstatSync(dist, { throwIfNoEntry: false });
  if (stat && !stat.isSymbolicLink()) fs.renameSync(dist, path.join(webDir, '.builds', `old-${token}`));
  fs.renameSync(link, dist);
}

/**
 * Builds the web app of `webDir` unless the build at `webDir/dist` was made from the same inputs.
 * `build(outDir)` writes a build into the empty folder `outDir`. Answers whether it built.
 */
export async function buildWhenChanged({ root, webDir, inputs, build, force = false, log = console.log }) {
  const dist = path.join(webDir, 'dist');
  const builds = path.join(webDir, '.builds');
  const hash = hashInputs(root, inputs);
  if (!force && builtHash(dist) === hash) {
    log('web app: up to date, not rebuilt');
    return false;
  }
  fs.mkdirSync(builds, { recursive: true });
  const token = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const release = await lock(path.join(builds, '.lock'), token);
  try {
    // Another build may have finished while this one waited for its turn.
    if (!force && builtHash(dist) === hash) {
      log('web app: up to date, not rebuilt');
      return false;
    }
    const out = path.join(builds, `${hash.slice(0, 12)}-${token}`);
    const started = Date.now();
    try {
      await build(out);
      if (!fs.existsSync(path.join(out, 'index.html'))) throw new Error(`The build wrote no index.html in ${out}`);
      fs.writeFileSync(path.join(out, HASH_FILE), `${hash}\n`);
      keepPreviousAssets(dist, out);
      swapIn(webDir, dist, out, token);
    } catch (error) {
      fs.rmSync(out, { recursive: true, force: true });
      throw error;
    }
    // Older builds go; a server still sending one of their files keeps its open file.
    for (const entry of fs.readdirSync(builds)) {
      const full = path.join(builds, entry);
      if (entry !== '.lock' && full !== out) fs.rmSync(full, { recursive: true, force: true });
    }
    log(`web app: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return true;
  } finally {
    release();
  }
}

/** The web app of this repository, built with Vite into `outDir`. */
async function viteBuild(outDir) {
  const { build } = await import('vite');
  await build({
    root: path.join(repo, 'packages/web'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildWhenChanged({
    root: repo,
    webDir: path.join(repo, 'packages/web'),
    inputs: webInputs(repo),
    build: viteBuild,
    force: process.argv.includes('--force'),
  });
}
