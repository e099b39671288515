import crypto from 'node:crypto';
import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import { isObject } from '@lbo/model/values/validate';
import type { Caller, Operations } from '../entities/crud.operation.ts';

/**
 * Access keys of flow mode (spec 000 §2.1, `/k/{accessKey}/p/{pageId}`, docs/shell-modes.md): a
 * secret a tenant hands to someone without an account (a partner filling a form), kept as a
 * KeyValue record (short key = the secret) whose value names the one page it opens, when it
 * expires and whether it may create records there. The key in a link is `{tenant}.{secret}`: the
 * tenant tells where to look, the secret decides.
 */
export const keyValueKind = entityByName('KeyValue')!;
export const ACCESS_KEY_TYPE = 'ACCESS_KEY';

export interface AccessKeyValue {
  type: typeof ACCESS_KEY_TYPE;
  /** The page it opens: a dynamic kind's name (its creation form). */
  pageId: string;
  /** ISO instant after which it opens nothing; none: no end. */
  expiresAt?: string;
  /** Whether it may create records of that page's kind. */
  canWrite: boolean;
  label?: string;
}

const tenantPattern = /^[A-Za-z0-9_-]{1,64}$/;
const secretPattern = /^[A-Za-z0-9_-]{20,64}$/;

export const newSecret = () => crypto.randomBytes(24).toString('base64url');
export const accessKeyOf = (tenant: string, secret: string) => `${tenant}.${secret}`;
export const flowPath = (accessKey: string, pageId: string) => `/k/${accessKey}/p/${encodeURIComponent(pageId)}`;

/** `{tenant}.{secret}` split; undefined when it cannot be a key. */
export function parseAccessKey(accessKey: string): { tenant: string; secret: string } | undefined {
  const [tenant, secret, ...rest] = accessKey.split('.');
  if (rest.length || !tenant || !secret || !tenantPattern.test(tenant) || !secretPattern.test(secret)) return undefined;
  return { tenant, secret };
}

/** The caller a key's writes are recorded as: the page it opens, never its secret. */
export const keyCaller = (tenant: string, key: AccessKeyValue): Caller => ({
  tenant,
  username: `access-key:${key.pageId}`,
});

/** Nothing is told of why a key is refused (unknown, expired, another page): it opens nothing. */
const refused = (pageId: string) => new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['AccessKey', pageId]);

/**
 * The key of `accessKey` when it opens `pageId` now; otherwise a 404 that says nothing more.
 * Read as the system in the key's tenant: the caller has no session.
 */
export async function checkAccessKey(
  operations: Operations,
  accessKey: string,
  pageId: string,
  now = new Date(),
): Promise<{ tenant: string; key: AccessKeyValue }> {
  const parsed = parseAccessKey(accessKey);
  if (!parsed) throw refused(pageId);
  const system: Caller = { tenant: parsed.tenant, username: 'system' };
  const record = await operations.get(system, keyValueKind, parsed.secret).catch((error) => {
    if (error instanceof ApiError && error.status === 404) throw refused(pageId);
    throw error;
  });
  const stored = String(record.shortKey ?? '');
  // The lookup found it by its key; the comparison in constant time decides.
  if (
    stored.length !== parsed.secret.length ||
    !crypto.timingSafeEqual(Buffer.from(stored), Buffer.from(parsed.secret))
  )
    throw refused(pageId);
  const value = record.value;
  if (!isObject(value) || value.type !== ACCESS_KEY_TYPE || value.pageId !== pageId) throw refused(pageId);
  const expiresAt = typeof value.expiresAt === 'string' ? Date.parse(value.expiresAt) : Number.NaN;
  if (value.expiresAt !== undefined && !(expiresAt > now.getTime())) throw refused(pageId);
  return { tenant: parsed.tenant, key: value as unknown as AccessKeyValue };
}
