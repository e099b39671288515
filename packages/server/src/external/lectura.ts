import { Decimal } from 'decimal.js';
import { ApiError } from '@lbo/model/errors';
import { readInTenant, type Db, type Tx } from '../db/database.ts';
import { getJson, type ExternalService } from './http-json.ts';
import { lecturaSettingsOf, VEHICLE_CATALOGUE, type LecturaSettings } from './lectura-settings.ts';
import { TtlCache } from './ttl-cache.ts';

/**
 * The vehicle catalogue (spec 002 §7 "Vehicle catalogue"), an adapter of the Lectura specs API
 * (docs/vehicle-catalogue.md): categories, manufacturers, models, search and residual-value
 * curves. Answers are normalised to the product's shape (camelCase, amounts and percentages as
 * decimal strings, the provider's literal "null" texts dropped) and kept per tenant for
 * `cacheTtlSeconds`; the key goes in an `Authorization: Bearer` header and nowhere else.
 */
export interface VehicleCategory {
  id: string;
  name: string;
  parentId: string | null;
}
export interface VehicleManufacturer {
  id: string;
  name: string;
  country: string | null;
}
export interface VehicleModel {
  id: string;
  name: string;
  manufacturerId: string | null;
  manufacturerName: string | null;
  categoryId: string | null;
  categoryName: string | null;
  yearFrom: number | null;
  yearTo: number | null;
  /** Price new, excluding tax, decimal string. */
  newPrice: string | null;
  currency: string | null;
  powerKw: number | null;
  serviceCode: string | null;
  rvCode: string | null;
}
export interface RegressorPoint {
  /** Age of the vehicle in months. */
  months: number;
  /** Residual value in percent of the price new, decimal string. */
  percent: string;
}
export interface RegressorCurve {
  modelId: string | null;
  modelName: string;
  manufacturerName: string;
  year: number;
  usage: string;
  newPrice: string | null;
  currency: string | null;
  points: RegressorPoint[];
}
export interface RegressorQuery {
  modelName?: string | null;
  manufacturerName?: string | null;
  year?: number | string | null;
  usage?: string | null;
}

const PROVIDER = 'Lectura';
const cache = new TtlCache<unknown>(2000);

type Raw = Record<string, unknown>;
const isRaw = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A text, or null for nothing, blanks and Lectura's literal "null". */
const text = (v: unknown) => {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return null;
  const s = v.trim();
  return s === '' || s.toLowerCase() === 'null' ? null : s;
};
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const decimal = (v: unknown) => {
  if ((typeof v !== 'number' || !Number.isFinite(v)) && (typeof v !== 'string' || !/^-?\d+(\.\d+)?$/.test(v)))
    return null;
  return new Decimal(v).toString();
};
const idOf = (v: unknown) => (isRaw(v) ? text(v.id) : null);
const nameOf = (v: unknown) => (isRaw(v) ? text(v.name) : null);
/** `?list=true` answers an array; the paged form `{data: [...]}` is read too. */
const items = (answer: unknown): Raw[] =>
  (Array.isArray(answer) ? answer : isRaw(answer) && Array.isArray(answer.data) ? answer.data : []).filter(isRaw);

const category = (c: Raw): VehicleCategory => ({
  id: text(c.id) ?? '',
  name: text(c.name) ?? '',
  parentId: text(c.parent_id),
});
const manufacturer = (m: Raw): VehicleManufacturer => ({
  id: text(m.id) ?? '',
  name: text(m.name) ?? '',
  country: text(m.country),
});
const model = (m: Raw): VehicleModel => ({
  id: text(m.id) ?? '',
  name: text(m.name) ?? '',
  manufacturerId: idOf(m.manufacturer),
  manufacturerName: nameOf(m.manufacturer),
  categoryId: idOf(m.category),
  categoryName: nameOf(m.category),
  yearFrom: int(m.year_from),
  yearTo: int(m.year_to),
  newPrice: decimal(m.price_new),
  currency: text(m.currency),
  powerKw: isRaw(m.specs) ? int(m.specs.power_kw) : null,
  serviceCode: text(m.service_code),
  rvCode: text(m.rv_code),
});
const curve = (c: Raw): RegressorCurve => ({
  modelId: text(c.model_id),
  modelName: text(c.model_name) ?? '',
  manufacturerName: text(c.manufacturer_name) ?? '',
  year: int(c.year) ?? 0,
  usage: text(c.usage) ?? '',
  newPrice: decimal(c.price_new),
  currency: text(c.currency),
  points: (Array.isArray(c.points) ? c.points : [])
    .filter(isRaw)
    .map((p) => ({ months: int(p.age) ?? -1, percent: decimal(p.value) ?? '' }))
    .filter((p) => p.months >= 0 && p.percent !== ''),
});

/** A provider's identifier in a path: digits, letters, `-` and `_` only. */
function pathId(name: string, value: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw new ApiError('INVALID_FIELD_IN_QUERY', [name, 'not an identifier']);
  return encodeURIComponent(value);
}

/** The catalogue of one tenant, reached with its settings. */
export function lecturaCatalogue(tenant: string, settings: LecturaSettings) {
  if (!settings.baseUrl) throw new ApiError('MISSING_CONFIG', [`${VEHICLE_CATALOGUE}.baseUrl`]);
  const service: ExternalService = {
    name: PROVIDER,
    baseUrl: settings.baseUrl,
    timeoutMs: settings.timeoutMs,
    headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
  };
  const ttlMs = (settings.cacheTtlSeconds ?? 3600) * 1000;
  /** The provider's answer, from this tenant's cache while fresh; a failure is never kept. */
  const get = async (path: string, query: Record<string, string> = {}): Promise<unknown> => {
    const key = `${tenant}\n${settings.baseUrl}\n${path}\n${new URLSearchParams(query)}`;
    const cached = ttlMs > 0 ? cache.get(key) : undefined;
    if (cached !== undefined) return cached;
    const answer = (await getJson<unknown>(service, path, query)) ?? null;
    if (ttlMs > 0) cache.set(key, answer, ttlMs);
    return answer;
  };
  const list = { list: 'true' };
  const found = <T>(value: T | null, kind: string, id: string): T => {
    if (value === null) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [kind, id]);
    return value;
  };
  return {
    async rootCategories() {
      return items(await get('/root-categories', list)).map(category);
    },
    async subCategories(id: string) {
      return items(await get(`/categories/${pathId('categoryId', id)}/sub-categories`, list)).map(category);
    },
    async manufacturers(categoryId: string) {
      return items(await get(`/categories/${pathId('categoryId', categoryId)}/manufacturers`, list)).map(manufacturer);
    },
    async models(categoryId: string, manufacturerId: string) {
      const path = `/categories/${pathId('categoryId', categoryId)}/manufacturers/${pathId('manufacturerId', manufacturerId)}/models`;
      return items(await get(path, list)).map(model);
    },
    async model(id: string) {
      const answer = await get(`/models/${pathId('modelId', id)}`);
      return model(found(isRaw(answer) ? answer : null, 'VehicleModel', id));
    },
    async manufacturer(id: string) {
      const answer = await get(`/manufacturers/${pathId('manufacturerId', id)}`);
      return manufacturer(found(isRaw(answer) ? answer : null, 'VehicleManufacturer', id));
    },
    /** Models whose manufacturer and name hold every word; an empty text finds nothing, without a call. */
    async search(value: string) {
      const words = value.trim().replace(/\s+/g, ' ');
      if (!words) return [];
      return items(await get(`/search/${encodeURIComponent(words)}`, list)).map(model);
    },
    /** Residual-value curves; nothing (and no call) when a name is missing. */
    async regressor(query: RegressorQuery): Promise<{ curves: RegressorCurve[] }> {
      const modelName = query.modelName?.trim();
      const manufacturerName = query.manufacturerName?.trim();
      if (!modelName || !manufacturerName) return { curves: [] };
      const q: Record<string, string> = { modelName, manufacturerName };
      if (query.year !== undefined && query.year !== null && query.year !== '') q.year = String(query.year);
      if (query.usage) q.usage = query.usage.toUpperCase();
      const answer = await get('/v2/regressor', q);
      return { curves: (isRaw(answer) && Array.isArray(answer.curves) ? answer.curves : []).filter(isRaw).map(curve) };
    },
  };
}

export type LecturaCatalogue = ReturnType<typeof lecturaCatalogue>;

/**
 * The residual-value curves of a vehicle for a tenant, read with the tenant's catalogue settings:
 * from a transaction already bound to the tenant (`{ tx }`), or from the database (`{ db }`, the
 * settings read in a short read of their own). `{ curves: [] }` when a name is missing or the
 * catalogue knows no such vehicle; `503 EXTERNAL_SERVICE_UNAVAILABLE` when it cannot answer.
 */
export async function regressorCurves(
  source: { db: Db; user?: string } | { tx: Tx },
  tenant: string,
  query: RegressorQuery,
): Promise<RegressorCurve[]> {
  if (!query.modelName?.trim() || !query.manufacturerName?.trim()) return [];
  const settings =
    'tx' in source
      ? await lecturaSettingsOf(source.tx, tenant)
      : await readInTenant(source.db, { tenant, user: source.user ?? 'system' }, (tx) => lecturaSettingsOf(tx, tenant));
  return (await lecturaCatalogue(tenant, settings).regressor(query)).curves;
}
