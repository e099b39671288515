import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { defaultLocale } from '@lbo/model/i18n/locales';
import { errorSchema, recordSchema } from '@lbo/model/schema/kind-schemas';
import { idParams } from '@lbo/model/schema/request-values';
import { readInTenant, scopeOf } from '../db/database.ts';
import { sendRecord } from '../entities/entity.routes.ts';
import { canReadEntity } from '../auth/permissions.ts';
import type { SessionCaller } from '../auth/sessions.ts';
import { typed } from '../http/schemas.ts';
import type { ScriptCaller } from './script-host.ts';
import { findScript, runCode, runStoredScript, scriptEntity, type ScriptServices } from './script-runs.ts';
import { scriptVersions } from './script-versions.ts';
import { isLocaleTag, virtualKeyboardsOf } from './virtual-keyboards.ts';

export interface ScriptRouteOptions extends ScriptServices {
  preHandler: (request: FastifyRequest) => Promise<void>;
}

/** Types a screen fetches and runs itself (layouts, format checks): readable by every signed-in user. */
const screenTypes = new Set([undefined, null, '', 'LAYOUT', 'FORMAT_CHECK']);

const base = `/api/${scriptEntity.route}`;
const runs = '/api/script/runs';
const readScripts = `read ${base}`;
const writeScripts = `write ${base}`;

const callerOf = (request: FastifyRequest): ScriptCaller => {
  const caller = request.caller as SessionCaller;
  const locale = caller.user?.locale;
  return { ...caller, locale: typeof locale === 'string' ? locale : undefined };
};

const anyQuery = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .describe('`context.query` of the script');
const anyBody = z.unknown().describe('`context.body` of the script (JSON)');
const scriptAnswer = z.unknown().describe("The script's return value");
const refusals = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };

const versionSchema = z.object({
  version: z.number().int(),
  date: z.string(),
  username: z.string(),
  code: z.string(),
});

const testRunBody = z.strictObject({
  code: z.string().max(500_000).optional().describe('code to run instead of the stored one (unsaved)'),
  query: anyQuery.optional(),
  body: anyBody.optional(),
});

const keyboardLayout = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  direction: z.enum(['ltr', 'rtl']),
  rows: z.array(z.array(z.string())).describe('keys row by row; a key may be several letters'),
  shiftRows: z.array(z.array(z.string())).describe('the same keys with shift'),
});
const keyboardsAnswer = z.object({ locale: z.string(), layouts: z.array(keyboardLayout) });

const logLine = z.object({ level: z.string(), output: z.string(), time: z.string() });
const testRunAnswer = z.object({
  result: z.unknown(),
  logs: z.array(logLine),
  durationMs: z.number(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

/**
 * Scripts (docs/scripts.md): a script's record as screens fetch it, its versions, test runs for
 * the editor, and runs by name (`/api/script/runs/{id}`, and the default runs the spec names).
 */
export async function scriptRoutes(app: FastifyInstance, options: ScriptRouteOptions) {
  const { db, operations, preHandler } = options;
  const api = typed(app);
  const tags = [scriptEntity.name];
  const signedIn = { preValidation: preHandler, config: { permission: null } };

  api.get(
    `${base}/:id`,
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'A script as a screen runs it: any for its editors, else an enabled layout or format check (a disabled one is missing)',
        params: idParams,
        response: { 200: recordSchema(scriptEntity), 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      if (canReadEntity(caller, scriptEntity)) return sendRecord(reply, await operations.get(caller, scriptEntity, id));
      const script = await readInTenant(db, scopeOf(caller), (tx) => findScript(tx, caller.tenant, id));
      if (!script || script.enabled === false)
        throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [scriptEntity.name, id]);
      if (!screenTypes.has(script.scriptType as string | undefined)) throw new ApiError('FORBIDDEN', [readScripts]);
      return sendRecord(reply, script);
    },
  );

  api.get(
    `${base}/:id/versions`,
    {
      preValidation: preHandler,
      config: { permission: readScripts },
      schema: {
        tags,
        summary: "A script's code at each of its writes, newest first",
        params: idParams,
        response: { 200: z.array(versionSchema), 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return readInTenant(db, scopeOf(caller), (tx) => scriptVersions(tx, caller.tenant, request.params.id));
    },
  );

  api.post(
    `${base}/:id/test-run`,
    {
      preValidation: preHandler,
      config: { permission: writeScripts },
      schema: {
        tags,
        summary: 'Runs the given (unsaved) or stored code of a script; a failing script is an answer, with its error',
        params: idParams,
        body: testRunBody,
        response: { 200: testRunAnswer, 400: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { id } = request.params;
      const { code, query, body } = request.body;
      // The stored script, when there is one, gives its type (a layout must answer an object) and, without `code`, its code.
      const stored = await readInTenant(db, scopeOf(caller), (tx) => findScript(tx, caller.tenant, id));
      if (code === undefined && !stored) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [scriptEntity.name, id]);
      const outcome = await runCode(
        options,
        { caller, requestId: String(request.id), query, body },
        {
          name: String(stored?.name ?? id),
          code: code ?? String(stored?.code ?? ''),
          scriptType: stored?.scriptType,
        },
      );
      return {
        result: outcome.error ? null : outcome.result,
        logs: outcome.logs,
        durationMs: outcome.durationMs,
        ...(outcome.error ? { error: { code: outcome.error.code, message: outcome.error.message } } : {}),
      };
    },
  );

  /** The script's answer as JSON text: a string it returns is a JSON string, not a text body. */
  const run = async (request: FastifyRequest, reply: FastifyReply, id: string, query: unknown, body?: unknown) => {
    const answer = await runStoredScript(
      options,
      { caller: callerOf(request), requestId: String(request.id), query, body },
      id,
    );
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer ?? null));
  };

  // The default runs the spec names, each with its own documented query; any other name below.
  api.get(
    `${runs}/hello-world`,
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The default script hello-world: a greeting, to check that scripts run',
        querystring: z.strictObject({ who: z.string().max(200).optional(), token: z.string().max(2000).optional() }),
        response: { 200: scriptAnswer, ...refusals },
      },
    },
    async (request, reply) => run(request, reply, 'hello-world', request.query),
  );

  api.get(
    `${runs}/virtual-keyboards`,
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The on-screen keyboards of a locale (the caller's when none is named), its own first, then QWERTY",
        querystring: z.strictObject({ locale: z.string().max(35).optional() }),
        response: { 200: keyboardsAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const locale = request.query.locale ?? callerOf(request).locale ?? defaultLocale;
      if (!isLocaleTag(locale)) throw new ApiError('INVALID_FIELD_IN_QUERY', ['locale', 'not a locale tag']);
      // Layouts are data of the release: the client keeps them an hour.
      reply.header('cache-control', 'private, max-age=3600');
      return virtualKeyboardsOf(locale);
    },
  );

  api.get(
    `${runs}/products-catalog`,
    {
      preValidation: preHandler,
      config: { permission: 'read /api/financing/products' },
      schema: {
        tags,
        summary: "The default script products-catalog: the tenant's products",
        response: { 200: scriptAnswer, ...refusals },
      },
    },
    async (request, reply) => run(request, reply, 'products-catalog', {}),
  );

  api.get(
    `${runs}/:id`,
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Runs the tenant's script {id} (name or _id) with the query; answers its return value",
        params: idParams,
        querystring: anyQuery,
        response: { 200: scriptAnswer, ...refusals },
      },
    },
    async (request, reply) => run(request, reply, request.params.id, request.query),
  );

  api.post(
    `${runs}/:id`,
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Runs the tenant's script {id} (name or _id) with the query and the JSON body",
        params: idParams,
        querystring: anyQuery,
        body: anyBody,
        response: { 200: scriptAnswer, ...refusals },
      },
    },
    async (request, reply) => run(request, reply, request.params.id, request.query, request.body),
  );
}
