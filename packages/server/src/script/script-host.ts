import type { Entity } from '@lbo/model/entity';
import { entityByRoute } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import { isObject } from '@lbo/model/values/validate';
import type { Db } from '../db/database.ts';
import type { ObjectStore } from '../db/object-store.ts';
import type { Caller, Operations, Query } from '../entities/crud.operation.ts';
import { canReadEntity, canWriteEntity, entityPath, includedKinds } from '../auth/permissions.ts';
import { createWorkflowOperations } from '../workflow/workflow.operation.ts';
import { amountInWords } from '../billing/billing.module.ts';
import type { HostCall } from './sandbox.ts';

/** Who a script runs for: the caller of the request, or the tenant's system user for a cron. */
export interface ScriptCaller extends Caller {
  isAdmin?: boolean;
  isMainAdmin?: boolean;
  isSuperAdmin?: boolean;
  permissions: ReadonlySet<string>;
  profiles?: string[];
  locale?: string;
}

/** The tenant's own system user, as crons run: an administrator of that tenant only. */
export const systemCaller = (tenant: string): ScriptCaller => ({
  tenant,
  username: 'system',
  isAdmin: true,
  permissions: new Set(),
  profiles: ['ADMIN'],
});

export interface HostServices {
  db: Db;
  operations: Operations;
  store?: ObjectStore;
}

const operationsOfDomain = { list: 'list', get: 'read', create: 'create' } as const;

/** The kind a script names by its route (`financing/products`, `/api/financing/products`). */
function kindOf(route: unknown, call: string): Entity {
  if (typeof route !== 'string' || !route) throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', [`lbo.${call} route`]);
  const entity = entityByRoute(route.replace(/^\/?api\//, ''));
  if (!entity) throw new ApiError('UNSUPPORTED_ENTITY', [route]);
  // A kind whose routes its domain serves has rules of its own there (notes, users): not reached here.
  const domain = entity.domainRoutes ?? [];
  const own = operationsOfDomain[call as keyof typeof operationsOfDomain];
  if (domain === 'all' || (own && domain.includes(own))) throw new ApiError('UNSUPPORTED_ENTITY', [entity.name]);
  return entity;
}

const idOf = (id: unknown, call: string): string => {
  if (typeof id !== 'string' || !id) throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', [`lbo.${call} id`]);
  return id;
};

/** A list query as the REST route reads it: every value a string or a list of strings. */
function queryOf(value: unknown): Query {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new ApiError('INVALID_OBJECT_FIELD', ['lbo.list query']);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
  );
}

function mustRead(caller: ScriptCaller, entity: Entity, query: Query = {}) {
  const unreadable = [entity, ...includedKinds(entity, query.include)].find((kind) => !canReadEntity(caller, kind));
  if (unreadable) throw new ApiError('FORBIDDEN', [`read ${entityPath(unreadable)}`]);
}

function mustWrite(caller: ScriptCaller, entity: Entity) {
  if (entity.readOnly) throw new ApiError('UNSUPPORTED_ENTITY', [entity.name]);
  if (!canWriteEntity(caller, entity)) throw new ApiError('FORBIDDEN', [`write ${entityPath(entity)}`]);
}

/**
 * `lbo.amountInWords(amount, currency, language)`: an amount in words as invoices and letters
 * print it (`1234.56, 'EUR', 'lt'` → `vienas tūkstantis … centai`); English when no language.
 */
function amountInWordsCall([amount, currency, language]: unknown[]): string {
  const numeric =
    (typeof amount === 'number' && Number.isFinite(amount)) ||
    (typeof amount === 'string' && /^-?\d{1,15}(\.\d+)?$/.test(amount.trim()));
  if (!numeric) throw new ApiError('INVALID_NUMBER_FIELD', ['lbo.amountInWords amount']);
  if (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency))
    throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(currency ?? null), 'lbo.amountInWords currency']);
  if (language !== undefined && language !== null && typeof language !== 'string')
    throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(language), 'lbo.amountInWords language']);
  if (Math.abs(Number(amount)) >= 1e15)
    throw new ApiError('INVALID_FIELD_VALUE', [String(amount), 'lbo.amountInWords amount']);
  return amountInWords(String(amount).trim(), currency.toUpperCase(), language);
}

/**
 * The `lbo` calls of a script: the product's own generic operations, in the caller's tenant and
 * with the caller's permissions, as the REST routes check them (a read asks `read` of the kind,
 * a write `write`, a transition `write` and then the transition's own permission).
 */
export function scriptHost(caller: ScriptCaller, { db, operations, store }: HostServices): HostCall {
  const workflow = createWorkflowOperations(db, store);
  const calls: Record<string, (args: unknown[]) => Promise<unknown>> = {
    async list([route, rawQuery]) {
      const entity = kindOf(route, 'list');
      const query = queryOf(rawQuery);
      mustRead(caller, entity, query);
      const { documents } = await operations.list(caller, entity, query);
      return documents.map((doc) => JSON.parse(doc));
    },
    async get([route, id]) {
      const entity = kindOf(route, 'get');
      mustRead(caller, entity);
      return operations.get(caller, entity, idOf(id, 'get'));
    },
    async create([route, body]) {
      const entity = kindOf(route, 'create');
      mustWrite(caller, entity);
      return operations.create(caller, entity, body);
    },
    async update([route, id, body]) {
      const entity = kindOf(route, 'update');
      mustWrite(caller, entity);
      return operations.update(caller, entity, idOf(id, 'update'), body, 'merge');
    },
    async transition([route, id, name]) {
      const entity = kindOf(route, 'transition');
      mustWrite(caller, entity);
      if (typeof name !== 'string' || !name)
        throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', ['lbo.transition name']);
      return workflow.run(caller, entity, idOf(id, 'transition'), name);
    },
  };
  calls.amountInWords = async (args) => amountInWordsCall(args);
  return async (name, args) => {
    if (!Object.hasOwn(calls, name)) throw new ApiError('MISSING_FIELD_IN_ARGS', [`lbo.${name}`]);
    return calls[name](args);
  };
}
