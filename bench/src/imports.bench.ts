import { buildApp } from '@lbo/server/app';
import { createTenant } from '@lbo/server/product';
import { createTestDatabase, signIn } from '@lbo/server/testing/test-app';
import { BOUNDARY, multipartBody } from '@lbo/server/testing/multipart';

/**
 * Imports (docs/imports.md "Speed"): a CSV of BENCH_IMPORT_ROWS persons (100,000 by default) with
 * a name, first name, email, phone, a contact and an address, uploaded through the API, checked by
 * a dry run, then imported by the IMPORT batch (validation, write hooks, bulk writes with their
 * History rows). Targets on PostgreSQL: the run under 60 s, memory growth under 200 MB.
 */
export async function runImportsBench(): Promise<Record<string, unknown>> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
  const database = await createTestDatabase({ databaseUrl });
  const tenant = 'imports';
  const app = await buildApp({ database: database.database });
  try {
    await createTenant(database.database.db, tenant, { username: `admin@${tenant}`, password: 'Bench-Import-1' });
    const headers = { authorization: `Bearer ${await signIn(app, `admin@${tenant}`, 'Bench-Import-1')}` };
    const lines = [
      'Raison sociale;Prénom;E-mail;Téléphone;Type;contacts[0].position;contacts[0].email;addresses[0].type;addresses[0].city',
    ];
    for (let i = 0; i < rows; i++)
      lines.push(
        `Bench Company ${i};Anne ${i % 97};bench${i}@example.com;+33 1 42 ${String(10 + (i % 90))} ${String(10 + (i % 89))} 00;C;CEO;ceo${i}@example.com;MAIN;Paris`,
      );
    const body = multipartBody(
      { name: 'persons.csv', content: Buffer.from(lines.join('\n'), 'utf8'), type: 'text/csv' },
      { kind: 'Person' },
    );
    lines.length = 0;
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    const memory: number[] = [baseline];
    const sampler = setInterval(() => memory.push(process.memoryUsage().rss), 250);
    const call = (method: string, url: string, payload?: object) =>
      app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
    const started = Date.now();
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/import/imports',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: body,
    });
    if (uploaded.statusCode !== 201)
      throw new Error(`upload refused: ${uploaded.statusCode} ${uploaded.body.slice(0, 500)}`);
    const { registration, mapping } = uploaded.json() as { registration: string; mapping: Record<string, string> };
    const uploadSeconds = (Date.now() - started) / 1000;
    await call('PUT', `/api/import/imports/${registration}/mapping`, { mapping, keyField: 'email' });
    const dryStarted = Date.now();
    const dry = (await call('POST', `/api/import/imports/${registration}/dry-run`)).json() as Record<string, unknown>;
    const dryRunSeconds = (Date.now() - dryStarted) / 1000;
    const runStarted = Date.now();
    const run = await call('POST', `/api/import/imports/${registration}/run`);
    if (run.statusCode !== 202) throw new Error(`run refused: ${run.statusCode} ${run.body.slice(0, 500)}`);
    let progress: { import: Record<string, unknown>; batch: Record<string, unknown> | null };
    for (;;) {
      progress = (await call('GET', `/api/import/imports/${registration}/progress`)).json();
      if (['SUCCESS', 'WARNING', 'ERROR'].includes(String(progress.batch?.status))) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const runSeconds = (Date.now() - runStarted) / 1000;
    clearInterval(sampler);
    const peak = Math.max(...memory);
    return {
      database: databaseUrl ? 'PostgreSQL' : 'PGlite',
      rows,
      mapping,
      uploadSeconds,
      dryRun: { seconds: dryRunSeconds, validRows: dry.validRows, failedRows: dry.failedRows },
      runSeconds,
      rowsPerSecond: Math.round(rows / runSeconds),
      status: progress.batch?.status,
      created: progress.import.createdRows,
      failed: progress.import.failedRows,
      memoryGrowthMb: Math.round((peak - baseline) / 1048576),
      targets: { runUnder60s: runSeconds < 60, memoryUnder200Mb: peak - baseline < 200 * 1048576 },
    };
  } finally {
    await app.close();
    await database.dispose();
  }
}
