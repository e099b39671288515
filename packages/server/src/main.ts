import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { fileSystemStore, s3Store } from './db/object-store.ts';

/** Starts the product: database (embedded unless DATABASE_URL), first-start seed, HTTP server. */
const config = readConfig();
const started = Date.now();
// The application's modules load while the embedded database starts on its own thread.
const modules = Promise.all([import('./app.ts'), import('./product.ts')]);
const database = await openDatabase(config, modules).catch((error) => {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const [{ buildApp }, { bootstrap }] = await modules;
const objectStore = config.s3 ? s3Store(config.s3) : fileSystemStore(path.join(config.dataDir, 'objects'));
const seeded = await bootstrap(database.db, {
  adminPassword: config.adminPassword,
  demoData: config.demoData,
  objectStore,
});
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const app = await buildApp({
  database,
  webDir,
  log: { logRequests: config.logRequests },
  trustedProxies: config.trustedProxies,
  objectStore,
  listExports: { backgroundThreshold: config.exportBackgroundRows },
  camtBackgroundThreshold: config.camtBackgroundTransactions,
  serve: true,
});
await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}`;
const lines = [
  `Leasing back office is running at ${url}  (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  `Database: ${config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir} (each commit flushed to disk; one server per folder)`}`,
  `Documents: ${config.s3 ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}` : path.join(config.dataDir, 'objects')}`,
  `Sign in as admin@demo (demo tenant) or admin@master (super admin)`,
  seeded.created
    ? `Password: ${config.adminPassword ? 'the ADMIN_PASSWORD you set' : seeded.adminPassword}`
    : 'Password: the one printed on first start (or ADMIN_PASSWORD)',
];
console.log(lines.join('\n'));

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
