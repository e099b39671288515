import type { FastifyRequest } from 'fastify';
import { ApiError } from '@lbo/model/errors';

/**
 * A record's `_version` as its entity tag, and `If-Match` read back into versions
 * (docs/decisions.md). The tag is weak: the same version answers several representations
 * (projection, include), and `If-Match` compares versions, whichever form the client sends.
 */
export const etagOf = (version: unknown): string | undefined =>
  Number.isInteger(version) ? `W/"${version}"` : undefined;

/** Versions an `If-Match` header accepts: '*' for any existing record; undefined without the header. */
export type IfMatch = number[] | '*';

const tagPattern = /^(?:W\/)?"(\d{1,9})"$/;

export function ifMatchOf(request: FastifyRequest): IfMatch | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const text = typeof header === 'string' ? header.trim() : '';
  if (text === '*') return '*';
  const versions = text.split(',').map((tag) => tagPattern.exec(tag.trim())?.[1]);
  if (!text || versions.some((v) => v === undefined)) throw new ApiError('INVALID_FIELD_IN_HEADERS', ['if-match']);
  return versions.map(Number);
}
