import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The product as `npm start` runs it, in a process of its own, for tests that kill, restart or
 * double a server. `env` is laid over the test's environment (`DATABASE_URL: undefined` keeps it
 * on the embedded database); the promise settles when the server says it is running, or fails
 * with what it printed when it exits first.
 */
const mainFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');

export interface ServerProcesses {
  start(port: number, env: Record<string, string | undefined>): Promise<ChildProcess>;
  /** Kills the `index`-th process started (kill -9). */
  kill(index: number): void;
  /** Stops every process started (`SIGKILL` unless told otherwise). */
  stopAll(signal?: NodeJS.Signals): void;
}

export function serverProcesses(): ServerProcesses {
  const children: ChildProcess[] = [];
  return {
    start(port, env) {
      const merged: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: '0' };
      for (const [name, value] of Object.entries(env)) {
        if (value === undefined) delete merged[name];
        else merged[name] = value;
      }
      const child = spawn(process.execPath, ['--import', 'tsx', mainFile], { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      return new Promise((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (d) => { out += d; if (out.includes('is running at')) resolve(child); });
        child.stderr!.on('data', (d) => { out += d; });
        child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
      });
    },
    kill(index) {
      children[index]?.kill('SIGKILL');
    },
    stopAll(signal = 'SIGKILL') {
      for (const child of children) child.kill(signal);
    },
  };
}
