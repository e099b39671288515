import { formatAddress, parseAddress as modelParseAddress, type Address } from '@lbo/model/values/addresses';
import type { Item } from './list-edits.ts';

/** Address rules of spec 002 §3, §5 and the pivot calls of §7. Pure. */

export const addressFieldNames = [
  'type',
  'addressLine',
  'address1',
  'address2',
  'zipcode',
  'city',
  'state',
  'cityCode',
  'country',
  'location',
  'streetName',
  'streetType',
  'streetNumber',
  'door',
  'floor',
  'block',
  'division',
  'subDivision',
  'zones',
  'epciCode',
  'epciLabel',
  'invalidAddress',
  'invalidAddressDate',
] as const;

/** Missing fields are set to null, so a saved address always has every field. */
export function completeAddress(address: Item, extraFields: string[] = []): Item {
  const full: Item = {};
  for (const name of [...addressFieldNames, ...extraFields]) full[name] = address[name] ?? null;
  for (const [k, v] of Object.entries(address)) if (!(k in full)) full[k] = v;
  return full;
}

/** [longitude, latitude] of a GeoJSON point, when valid. */
export function coordinatesOf(address: Item | undefined): [number, number] | undefined {
  const location = address?.location as { coordinates?: unknown } | undefined;
  const c = location?.coordinates;
  if (!Array.isArray(c) || c.length < 2) return undefined;
  const [lng, lat] = c.map(Number);
  return Number.isFinite(lng) && Number.isFinite(lat) ? [lng, lat] : undefined;
}

const part = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v));

/** The formatted address of spec 002 §3, written once in the model. */
export const formattedAddress = (address: Item | undefined) => formatAddress(address as Address | undefined);

/** Whether `uniqueAddressPerType` applies to persons: true, or a list holding person. */
export function uniquePerType(setting: unknown, entity = 'person'): boolean {
  if (setting === true) return true;
  if (Array.isArray(setting))
    return setting
      .map(String)
      .map((s) => s.toLowerCase())
      .includes(entity);
  if (typeof setting === 'string')
    return setting
      .toLowerCase()
      .split(',')
      .map((s) => s.trim())
      .includes(entity);
  return false;
}

/** The address types used more than once. */
export function repeatedTypes(addresses: Item[]): string[] {
  const seen = new Map<string, number>();
  for (const a of addresses) if (typeof a.type === 'string' && a.type) seen.set(a.type, (seen.get(a.type) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([t]) => t);
}

/** With unique types, Add is hidden when every type is used, and Save is disabled if types repeat. */
export function addressRules(addresses: Item[], types: string[], unique: boolean) {
  const used = new Set(addresses.map((a) => a.type).filter(Boolean));
  return {
    canAdd: !unique || types.length === 0 || types.some((t) => !used.has(t)),
    canSave: !unique || repeatedTypes(addresses).length === 0,
    /** The first unused type, given to a new address. */
    nextType: unique ? types.find((t) => !used.has(t)) : undefined,
  };
}

/** A typed address read into fields (spec 002 §5), by the model's rule. */
export const parseAddress = (text: string): Item => modelParseAddress(text);

/** Address-service suggestions are asked only for more than 2 typed characters (spec 002 §9). */
export const minSuggestionLength = 3;

/**
 * A session token groups the suggestion calls of one address search; it is reset after a
 * detail call (spec 002 §7).
 */
export function newSessionToken(): string {
  return typeof crypto !== 'undefined' && crypto.randomUUID
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

export interface Suggestion {
  placeId?: string;
  label: string;
  address?: Item;
}

/** Suggestions of the pivot answer: a list, or `{ suggestions | items | results }`. */
export function suggestionsOf(answer: unknown): Suggestion[] {
  const list = Array.isArray(answer)
    ? answer
    : ((answer as Item | null)?.suggestions ?? (answer as Item | null)?.items ?? (answer as Item | null)?.results);
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw): Suggestion[] => {
    if (!raw || typeof raw !== 'object') return [];
    const s = raw as Item;
    const address = (s.address && typeof s.address === 'object' ? s.address : s) as Item;
    const label = part(s.label ?? s.description ?? s.addressLine) || formattedAddress(address);
    return label ? [{ placeId: typeof s.placeId === 'string' ? s.placeId : undefined, label, address }] : [];
  });
}

/** The address of a detail answer (an address, or `{ address }`), with the address line kept. */
export function addressOfDetail(answer: unknown, fallback: Suggestion): Item {
  const a =
    answer && typeof answer === 'object'
      ? (((answer as Item).address as Item | undefined) ?? (answer as Item))
      : (fallback.address ?? {});
  const { placeId: _placeId, label: _label, description: _description, ...fields } = a as Item;
  return { ...fields, addressLine: fields.addressLine ?? fallback.label };
}
