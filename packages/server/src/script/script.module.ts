import type { ServerModule } from '../modules/server-module.ts';
import { defaultScripts } from './default-scripts.ts';
import { registrationFormatCheck } from './format-check.ts';
import { defaultLimits } from './sandbox.ts';
import { SCRIPT_BATCH, scriptCronRunner } from './script-cron.ts';
import { removeExpiredScriptLogs } from './script-logs.ts';
import { scriptRoutes } from './script.routes.ts';

/** Time and memory limits of every run, from the environment (docs/scripts.md). */
const limits = defaultLimits();
/** How often expired script log lines are removed. */
const SWEEP_EVERY_MS = 3600 * 1000;

/** Tenant scripts: the sandboxed runtime, the spec's script runs, script logs and the default scripts (docs/scripts.md). */
export const scriptModule: ServerModule = {
  name: 'script',
  async register(app, { db, operations, store, preHandler }) {
    await app.register(scriptRoutes, { db, operations, store, preHandler, limits });
  },
  jobRunners: ({ db, operations, store }) => ({ [SCRIPT_BATCH]: scriptCronRunner({ db, operations, store, limits }) }),
  tenantDefaults: [{ kind: 'Script', records: defaultScripts }],
  recordChecks: { personRegistrations: registrationFormatCheck(limits) },
  serve({ database, operations }) {
    const timer = setInterval(() => {
      removeExpiredScriptLogs(database, operations).catch((error) =>
        console.error(JSON.stringify({ level: 'error', msg: 'script log sweep', error: String(error) })),
      );
    }, SWEEP_EVERY_MS);
    timer.unref();
    return () => clearInterval(timer);
  },
};
