import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@lbo/model/errors';
import { isTimeZone } from '@lbo/model/values/dates';
import { isObject } from '@lbo/model/values/validate';
import { inTenant, scopeOf, type Db } from '../db/database.ts';
import type { SessionCaller, SessionService } from './sessions.ts';
import { allows, canReadEntity, entityPath, includedKinds, requirementOf } from './permissions.ts';
import { originOf, recordAccess, recordAudit } from './access-log.ts';
import { isFlagOn, tenantFlags } from './feature-flags.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the authentication preHandler. */
    caller?: SessionCaller & { timeZone?: string };
    /** The `authorization` header to answer: a renewed token, or '' to clear the client's. */
    authorizationAnswer?: string;
    /** Whether the answer is recorded in Audit (writes, and everything done while impersonating). */
    audited?: boolean;
  }
}

/** A route as registered: what the permission check and its tests read. */
export interface RegisteredRoute {
  method: string;
  url: string;
  config: Record<string, unknown>;
  /** Left out of the OpenAPI document (the web app's pages, the document itself). */
  hidden: boolean;
}

const registries = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route of an application, in registration order (the API surface). */
export const registeredRoutes = (app: FastifyInstance): RegisteredRoute[] => registries.get(app) ?? [];

/** The spec's request headers: `request-id` echoed on the answer, `client-timezone` checked. */
export function installRequestHeaders(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  registries.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
        routes.push({ method, url: route.url, config: (route.config ?? {}) as Record<string, unknown>, hidden });
      }
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('request-id', request.id);
    const tz = request.headers['client-timezone'];
    if (tz !== undefined && (typeof tz !== 'string' || !isTimeZone(tz)))
      throw new ApiError('INVALID_FIELD_IN_HEADERS', ['client-timezone']);
  });
}

export const requestId = (request: { headers: Record<string, unknown> }) => {
  const given = request.headers['request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,100}$/.test(given) ? given : crypto.randomUUID();
};

const readMethods = new Set(['GET', 'HEAD']);
const secretParams = /^(token|jwt|access_?token|password|code)$/i;

/** The request's path and query, without credentials that a query may carry. */
function auditedUrl(url: string): string {
  const [path, query] = url.split('?');
  if (!query) return path;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (secretParams.test(key)) params.set(key, '***');
  return `${path}?${params}`;
}

const bearerOf = (header: unknown) =>
  typeof header === 'string' && /^Bearer\s+\S/i.test(header) ? header.replace(/^Bearer\s+/i, '').trim() : undefined;

/**
 * Installs sign-in on the application and answers the preHandler that every protected route
 * uses: it requires a live session (401 otherwise, clearing the client's token), loads the caller
 * with its permissions, and checks the permission the route declares (403 otherwise, recorded in
 * AccessLog) and the feature flag it names (403 FEATURE_DISABLED when off). Answers carry a renewed token when the presented one is past half its life, and
 * writes (and every request while impersonating) are recorded in Audit.
 */
export function installAuthentication(app: FastifyInstance, { db, sessions }: { db: Db; sessions: SessionService }) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.authorizationAnswer !== undefined && !reply.hasHeader('authorization')) {
      reply.header('authorization', request.authorizationAnswer ? `Bearer ${request.authorizationAnswer}` : '');
    }
    const caller = request.caller;
    if (caller && request.audited && (reply.statusCode < 400 || caller.impersonatingTenant)) {
      await inTenant(db, scopeOf(caller), (tx) =>
        recordAudit(tx, caller.tenant, {
          user: caller.username,
          homeTenant: caller.impersonatingTenant ? caller.homeTenant : undefined,
          method: request.method,
          url: auditedUrl(request.url),
          statusCode: reply.statusCode,
          origin: originOf(request),
        }),
      ).catch((error) => request.log.error({ err: error }, 'audit record failed'));
    }
    return payload;
  });

  return async function authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerOf(request.headers.authorization);
    if (!token) throw new ApiError('UNAUTHENTICATED');
    const contextToken = request.headers['context-token'];
    const result = await sessions.authenticate(
      token,
      typeof contextToken === 'string' && contextToken ? contextToken : undefined,
    );
    if ('failure' in result) {
      request.authorizationAnswer = '';
      throw new ApiError(result.failure);
    }
    const tz = request.headers['client-timezone'];
    const caller = { ...result.caller, timeZone: typeof tz === 'string' ? tz : undefined };
    request.caller = caller;
    if (result.renewed) request.authorizationAnswer = result.renewed;

    const params = (request.params ?? {}) as Record<string, string | undefined>;
    const requirement = requirementOf(
      request.routeOptions.config ?? {},
      request.method,
      request.routeOptions.url ?? request.url,
      params,
    );
    const self =
      !!requirement.orSelf &&
      String(params[requirement.orSelf] ?? '').toLowerCase() === caller.username &&
      !caller.impersonatingTenant;
    request.audited =
      !!caller.impersonatingTenant || !readMethods.has(request.method) || !!requirement.name?.startsWith('write ');
    const unreadable =
      requirement.entity && readMethods.has(request.method)
        ? includedKinds(requirement.entity, isObject(request.query) ? request.query.include : undefined).find(
            (kind) => !canReadEntity(caller, kind),
          )
        : undefined;
    if (unreadable) requirement.name = `read ${entityPath(unreadable)}`;
    if (unreadable || !allows(caller, requirement, self)) {
      await inTenant(db, scopeOf(caller), (tx) =>
        recordAccess(tx, caller.tenant, 'PERMISSION_DENIED', caller.username, originOf(request), {
          permission: requirement.name,
          method: request.method,
          url: auditedUrl(request.url),
        }),
      ).catch((error) => request.log.error({ err: error }, 'access log record failed'));
      request.audited = false;
      throw new ApiError('FORBIDDEN', [requirement.name]);
    }
    const flag = request.routeOptions.config?.featureFlag;
    if (flag && !isFlagOn(await tenantFlags(db, scopeOf(caller)), flag, caller)) {
      request.audited = false;
      throw new ApiError('FEATURE_DISABLED', [flag]);
    }
  };
}
