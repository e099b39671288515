import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, type ErrorCode } from '@lbo/model/errors';
import { entities } from '@lbo/model/entity-registry';
import { errorSchema } from '@lbo/model/schema/kind-schemas';
import { namedRefusal } from '@lbo/model/schema/refusals';

/**
 * Routes declare their request and answer schemas in zod (`schema: { body, querystring, params,
 * response }`): Fastify validates requests with them here, refusing in the catalogue form (the
 * first problem, naming its field), and the OpenAPI document is generated from the same schemas.
 * Answers are not filtered by their schema: it documents them, and the contract test checks it.
 */

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

/** Where a request part's problems are said to be. */
type Part = 'body' | 'querystring' | 'params' | 'headers';
const missingIn: Record<
  Part,
  'MISSING_FIELD_IN_BODY' | 'MISSING_FIELD_IN_QUERY' | 'INVALID_FIELD_IN_PATH' | 'INVALID_FIELD_IN_HEADERS'
> = {
  body: 'MISSING_FIELD_IN_BODY',
  querystring: 'MISSING_FIELD_IN_QUERY',
  params: 'INVALID_FIELD_IN_PATH',
  headers: 'INVALID_FIELD_IN_HEADERS',
};

/** `persons[1].role`, as the value checks name nested fields. */
export const pathText = (path: readonly PropertyKey[]) =>
  path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    '',
  );

const valueAtPath = (data: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>(
    (value, key) => (value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined),
    data,
  );

const typeCodes: Record<string, ErrorCode> = {
  string: 'INVALID_STRING_FIELD',
  number: 'INVALID_NUMBER_FIELD',
  int: 'INVALID_INTEGER_FIELD',
  boolean: 'INVALID_BOOLEAN_FIELD',
  array: 'INVALID_ARRAY_FIELD',
  object: 'INVALID_OBJECT_FIELD',
};

/** The deepest issue of a union: the branch that is not the empty value says what was wrong. */
function leafIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || !issue.errors.length) return issue;
  const branch = issue.errors[0][0];
  return branch ? leafIssue({ ...branch, path: [...issue.path, ...branch.path] } as z.core.$ZodIssue) : issue;
}

/** A zod refusal in the catalogue form: the first problem, naming the field. */
export function refusalOf(error: z.ZodError, part: Part, data: unknown): ApiError {
  const issue = leafIssue(error.issues[0]);
  const path = pathText(issue.path);
  const value = valueAtPath(data, issue.path);
  const shown =
    typeof value === 'string' && value.length > 40
      ? `(${value.length} characters)`
      : Array.isArray(value) || (value && typeof value === 'object')
        ? `(${Array.isArray(value) ? 'a list' : 'an object'})`
        : (JSON.stringify(value) ?? 'undefined');
  // A schema that names its refusal is obeyed; otherwise an absent value is a missing field.
  const named = namedRefusal(issue.message);
  if (named)
    return new ApiError(
      named.code,
      named.code === 'INVALID_FIELD_VALUE'
        ? [typeof value === 'number' ? value : shown, path]
        : named.why
          ? [path, named.why]
          : [path],
    );
  // A name the schema does not know, at any depth of any part.
  if (issue.code === 'unrecognized_keys') {
    const name = path ? `${path}.${issue.keys[0]}` : issue.keys[0];
    if (part === 'querystring') return new ApiError('INVALID_FIELD_IN_QUERY', [name, 'unknown parameter']);
    if (part === 'params') return new ApiError('INVALID_FIELD_IN_PATH', [name]);
    if (part === 'headers') return new ApiError('INVALID_FIELD_IN_HEADERS', [name]);
    return new ApiError('INVALID_FIELD_IN_BODY', [name]);
  }
  if (value === undefined || (value === null && issue.code === 'invalid_type'))
    return new ApiError(missingIn[part], [path]);
  if (part === 'params') return new ApiError('INVALID_FIELD_IN_PATH', [path]);
  if (part === 'querystring') return new ApiError('INVALID_FIELD_IN_QUERY', [path, issue.message]);
  if (part === 'headers') return new ApiError('INVALID_FIELD_IN_HEADERS', [path]);
  if (issue.code === 'invalid_type') {
    const expected =
      issue.expected === 'number' && (issue as { format?: string }).format === 'safeint' ? 'int' : issue.expected;
    const code = typeCodes[expected];
    if (code) return new ApiError(code, [path]);
  }
  if (issue.code === 'too_small' && issue.origin === 'number' && (issue as { format?: string }).format === 'safeint')
    return new ApiError('INVALID_INTEGER_FIELD', [path]);
  if (issue.code === 'too_big' && (typeof value === 'string' || Array.isArray(value))) {
    const size = typeof value === 'string' ? `${value.length} characters` : `${value.length} items`;
    return new ApiError('INVALID_FIELD_VALUE', [`(${size}, at most ${String(issue.maximum)})`, path]);
  }
  if (
    issue.code === 'invalid_format' ||
    issue.code === 'too_big' ||
    issue.code === 'too_small' ||
    issue.code === 'invalid_value'
  ) {
    return new ApiError('INVALID_FIELD_VALUE', [typeof value === 'number' ? value : shown, path]);
  }
  return new ApiError('INVALID_FIELD_VALUE', [shown, path || part]);
}

const isEmptyBody = (body: unknown) =>
  body === undefined ||
  body === null ||
  body === '' ||
  (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);

/**
 * Validates request parts with their zod schema. A body is a non-empty object, unless its schema
 * is optional (`noBody`, or a body that may be left out: none, or `{}`, is then accepted) or
 * accepts a list (a configuration section that is one).
 */
function validatorFor(schema: z.ZodType, part: Part) {
  return (data: unknown) => {
    if (part === 'body') {
      if (isEmptyBody(data)) {
        if (!schema.safeParse(undefined).success) return { error: new ApiError('MISSING_BODY_PAYLOAD') };
        return { value: data === null || data === '' ? undefined : data };
      }
      if ((typeof data !== 'object' || Array.isArray(data)) && !schema.safeParse(data).success)
        return { error: new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', ['body']) };
    }
    const result = schema.safeParse(data);
    // The parsed value is not kept: the value checks read what the client sent.
    return result.success ? { value: data } : { error: refusalOf(result.error, part, data) };
  };
}

/** JSON Schema of a zod schema for the OpenAPI document (OpenAPI 3.1 is JSON Schema 2020-12). */
export const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

/** The error answers every route may give, documented once. */
const errorAnswers = {
  400: errorSchema.describe('Bad input: 400|CODE|message naming the field'),
  401: errorSchema.describe('Not signed in, or the session expired'),
  403: errorSchema.describe('Permission required'),
};

/** Converts a route's zod schemas for the OpenAPI document, adding the catalogue's error answers. */
function documented(schema: FastifySchema | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema ?? {})) {
    if (key === 'response' && value && typeof value === 'object') {
      out.response = Object.fromEntries(
        Object.entries({ ...errorAnswers, ...(value as Record<string, unknown>) }).map(([status, answer]) => [
          status,
          isZod(answer) ? jsonSchemaOf(answer) : answer,
        ]),
      );
    } else out[key] = isZod(value) ? jsonSchemaOf(value) : value;
  }
  if (!out.response)
    out.response = Object.fromEntries(
      Object.entries(errorAnswers).map(([status, answer]) => [status, jsonSchemaOf(answer)]),
    );
  return out;
}

/**
 * A route without tags of its own is grouped with the kind whose route it extends
 * (`/api/person/persons/{id}/hierarchy` with Person), else by its area (`/api/core/…`: Core).
 */
function tagsOf(url: string): string[] {
  const kind = entities
    .filter((e) => url === `/api/${e.route}` || url.startsWith(`/api/${e.route}/`))
    .sort((a, b) => b.route.length - a.route.length)[0];
  if (kind) return [kind.name];
  const area = url.split('/')[2] ?? 'api';
  return [area.charAt(0).toUpperCase() + area.slice(1)];
}

/**
 * The app as routes use it: `request.body`, `.query` and `.params` typed from the route's zod
 * schemas (fastify-type-provider-zod's type provider only: validation and the OpenAPI document
 * stay ours, and schemas never transform, so the type is what the client sent).
 */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** The OpenAPI document's address. */
export const openApiPath = '/api/documentation/openapi.json';

/** Every route added to an app, as added (the test that each has its schemas reads them). */
export const routesAdded = new WeakMap<FastifyInstance, RouteOptions[]>();

/**
 * Installs zod validation and the OpenAPI generator. Must run before routes are added, so that
 * every route is seen.
 */
export async function installSchemas(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  routesAdded.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (!isZod(schema)) throw new Error(`Route schemas are zod schemas (${String(httpPart)})`);
    return validatorFor(schema, (httpPart ?? 'body') as Part);
  });
  // Answers are sent as the handlers build them; their schemas document them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Leasing back office API',
        version: '1',
        description:
          'Every call of the product. Lists follow the list grammar (docs/api.md): range, sort, projection, include, ' +
          'breakdown, search and the declared filters of each kind, with the pagination-offset, pagination-limit, pagination-size and ' +
          'pagination-continues headers. Errors answer {statusCode, code, message, error} where error is status|CODE|message (spec 000 §8). ' +
          'Writes take an Idempotency-Key header and honour If-Match with the ETag of a read.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => ({
      schema: { tags: tagsOf(route.url ?? url), ...documented(schema) } as FastifySchema,
      url: route.url ?? url,
    }),
  });
}
