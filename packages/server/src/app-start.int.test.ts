import { afterAll, beforeAll, expect, it } from 'vitest';
import { PLUGIN_START_TIMEOUT_MS } from './app.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

/**
 * A server started on a busy machine starts: each plugin has two minutes, not Fastify's 10 s. With
 * the default, the reference lists' plugin (2 MB of dictionaries read at start) outlasted it under
 * load and the server exited ("Plugin did not start in time: 'listsRoutes'").
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 300_000);
afterAll(async () => {
  await t?.close();
});

it("gives each plugin two minutes to start, not Fastify's 10 s", () => {
  expect(PLUGIN_START_TIMEOUT_MS).toBe(120_000);
  expect(t.app.initialConfig.pluginTimeout).toBe(PLUGIN_START_TIMEOUT_MS);
});
