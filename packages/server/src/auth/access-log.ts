import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { entityByName } from '@lbo/model/entity-registry';
import type { Tx } from '../db/database.ts';
import { insertRow } from '../entities/storage.ts';

/**
 * AccessLog (sign-in, logout, locks, denials, impersonation) and Audit (every write, every
 * impersonated request) records, written in the tenant they concern and readable by admins at
 * `/api/system/access-logs` and `/api/core/audits`.
 */
export type AccessEvent =
  | 'LOGIN_SUCCESS'
  | 'LOGIN_FAILURE'
  | 'LOGIN_MFA_PENDING'
  | 'LOGIN_REFUSED_LOCKED'
  | 'MFA_FAILURE'
  | 'USER_LOCKED'
  | 'USER_UNLOCKED'
  | 'LOGOUT'
  | 'PERMISSION_DENIED'
  | 'IMPERSONATION_START'
  | 'IMPERSONATION_END'
  | 'PASSWORD_CHANGED'
  | 'PASSWORD_RESET'
  | 'MFA_ENABLED'
  | 'MFA_RESET'
  | 'SSO_LOGIN_FAILURE'
  | 'SSO_TOKEN_ISSUED'
  | 'SSO_TOKEN_RENEWED'
  | 'SSO_LOGOUT';

/** Where a request came from. */
export interface Origin {
  address?: string;
  requestId?: string;
}

export const originOf = (request: FastifyRequest): Origin => ({ address: request.ip, requestId: String(request.id) });

const accessLog = entityByName('AccessLog')!;
const audit = entityByName('Audit')!;

export async function recordAccess(
  tx: Tx,
  tenant: string,
  type: AccessEvent,
  user: string,
  origin: Origin,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await insertRow(tx, accessLog, tenant, user, {
    registration: crypto.randomUUID(),
    type,
    user,
    tenant,
    address: origin.address ?? null,
    requestId: origin.requestId ?? null,
    date: new Date().toISOString(),
    ...detail,
  });
}

export interface AuditEntry {
  user: string;
  /** The tenant the signed-in user belongs to, when it differs (impersonation). */
  homeTenant?: string;
  method: string;
  url: string;
  statusCode: number;
  origin: Origin;
}

export async function recordAudit(tx: Tx, tenant: string, entry: AuditEntry): Promise<void> {
  await insertRow(tx, audit, tenant, entry.user, {
    registration: crypto.randomUUID(),
    type: entry.method,
    user: entry.user,
    tenant,
    ...(entry.homeTenant
      ? { impersonatedBy: `${entry.user} (${entry.homeTenant})`, homeTenant: entry.homeTenant }
      : {}),
    method: entry.method,
    url: entry.url,
    statusCode: entry.statusCode,
    address: entry.origin.address ?? null,
    requestId: entry.origin.requestId ?? null,
    date: new Date().toISOString(),
  });
}
