import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@lbo/model/errors';
import { inputLimits } from '@lbo/model/values/limits';

/**
 * Bad input refused before any route sees it, for every route at once: JSON bodies nested past
 * the declared depth (refused while parsing, so that no later recursion can overflow the
 * stack), and a NUL character, which PostgreSQL cannot store, in any path parameter, query
 * parameter or body text, each answered naming the field.
 */
export function installInputGuards(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: inputLimits.bodyBytes },
    (request, body, done) => {
      if (nestedDeeperThan(body as string, inputLimits.depth)) {
        return done(
          new ApiError('INVALID_FIELD_VALUE', [`(nested more than ${inputLimits.depth} levels)`, 'body']),
          undefined,
        );
      }
      return parse(request, body as string, done);
    },
  );
  app.addHook('preValidation', async (request) => refuseNul(request));
}

/** Whether arrays and objects in JSON text nest deeper than `max`; a linear scan that never recurses. */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const hasNul = (s: string) => s.includes('\u0000');

function refuseNul(request: FastifyRequest) {
  for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
    if (hasNul(name) || (typeof value === 'string' && hasNul(value)))
      throw new ApiError('INVALID_FIELD_IN_PATH', [name]);
  }
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const values = Array.isArray(value) ? value : [value];
    if (hasNul(name) || values.some((v) => typeof v === 'string' && hasNul(v))) {
      throw new ApiError('INVALID_FIELD_IN_QUERY', [name.replace(/\u0000/g, '\\0'), 'contains a NUL character']);
    }
  }
  const path = nulPath(request.body, 'body');
  if (path) throw new ApiError('INVALID_FIELD_IN_BODY', [path]);
}

/** The path of the first text or key holding a NUL character (`persons[0].name`); depth is already bounded. */
function nulPath(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return hasNul(value) ? path : undefined;
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path === 'body' ? key : `${path}.${key}`;
    if (hasNul(key)) return itemPath.replace(/\u0000/g, '\\0');
    const found = nulPath(item, itemPath);
    if (found) return found;
  }
  return undefined;
}

/** The multipart parser's refusals that carry a code (@fastify/multipart), as the catalogue answers them. */
const multipartCodes: Record<string, () => ApiError> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new ApiError('MISSING_FILE_IN_REQUEST'),
  FST_REQ_FILE_TOO_LARGE: () => new ApiError('PAYLOAD_TOO_LARGE'),
  FST_FILES_LIMIT: () => new ApiError('PAYLOAD_TOO_LARGE'),
  FST_PARTS_LIMIT: () => new ApiError('PAYLOAD_TOO_LARGE'),
  FST_FIELDS_LIMIT: () => new ApiError('PAYLOAD_TOO_LARGE'),
  FST_PROTO_VIOLATION: () => new ApiError('INVALID_FIELD_IN_BODY', ['(prototype property)']),
  FST_MP_PREMATURE_CLOSE: () => new ApiError('MISSING_FILE_IN_REQUEST'),
};

/**
 * What to answer for an error met while reading a multipart body: the parser's refusals with a
 * code as the catalogue names them, and those without one (no boundary, a body cut short, a bad
 * part header) as a bad `field`. Never a server error: the parser only reads what the client sent.
 */
export function multipartRefusal(error: unknown, field = 'file'): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && Object.hasOwn(multipartCodes, code)) return multipartCodes[code]();
  return new ApiError('INVALID_FIELD_IN_BODY', [field]);
}
