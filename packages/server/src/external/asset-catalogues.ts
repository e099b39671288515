import { entityByName } from '@lbo/model/entity-registry';
import type { Caller, Operations } from '../entities/crud.operation.ts';
import type { LecturaCatalogue, VehicleModel } from './lectura.ts';
import { ASSET_CATALOGUES, type AssetCatalogueItem, type AssetCatalogueName } from '@lbo/model/asset-catalogues';

/**
 * Asset catalogues fetched by name (spec 002 §9): `GET /api/script/runs/{catalog}?search=`.
 * One interface for all: a search answers items whose choice fills an asset line (price, tax,
 * description, model, service code, rv code). LECTURA is the vehicle catalogue's adapter; the
 * others have no public interface, so each is a tenant-maintained catalogue: the tenant's
 * AssetCatalogItem records with that `catalogName` (docs/vehicle-catalogue.md).
 */
export { ASSET_CATALOGUES, type AssetCatalogueItem, type AssetCatalogueName };

export const SEARCH_LIMIT = 20;
const catalogItem = entityByName('AssetCatalogItem')!;

/** A text, or null for nothing, blanks and the literal 'null' some catalogues send (spec 002 §5 "Asset lines"). */
export const textOf = (v: unknown): string | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return null;
  const s = v.trim();
  return s === '' || s.toLowerCase() === 'null' ? null : s;
};

const escapeRegex = (s: string) => s.replace(/[^\p{L}\p{N}\s]/gu, (c) => `\\${c}`);

export function vehicleItem(m: VehicleModel): AssetCatalogueItem {
  const name = [m.manufacturerName, m.name].filter(Boolean).join(' ');
  return {
    id: m.id,
    catalog: 'LECTURA',
    code: m.id,
    name,
    description: [name, m.categoryName, m.yearFrom ? `from ${m.yearFrom}` : null].filter(Boolean).join(', '),
    model: m.name || null,
    manufacturer: m.manufacturerName,
    unitPrice: m.newPrice,
    sourcePrice: m.newPrice,
    taxCode: null,
    currency: m.currency,
    serviceCode: textOf(m.serviceCode),
    rvCode: textOf(m.rvCode),
    paramsCatalog: null,
    image: null,
  };
}

const tenantItem = (catalog: AssetCatalogueName, d: Record<string, unknown>): AssetCatalogueItem => ({
  id: textOf(d.registration) ?? '',
  catalog,
  code: textOf(d.code),
  name: textOf(d.name) ?? '',
  description: textOf(d.description),
  // A tenant's catalogue item names the model it sells.
  model: textOf(d.name),
  manufacturer: null,
  unitPrice: textOf(d.unitPrice),
  sourcePrice: textOf(d.sourcePrice),
  taxCode: textOf(d.taxCode) ?? textOf(d.defaultTax),
  currency: textOf(d.currency),
  serviceCode: textOf(d.serviceCode),
  rvCode: textOf(d.rvCode),
  paramsCatalog: textOf(d.paramsCatalog),
  image: textOf(d.image),
});

/** Items of the catalogue `catalog` whose name holds `search` (nothing for an empty search). */
export async function searchAssetCatalogue(
  catalog: AssetCatalogueName,
  search: string,
  context: { caller: Caller; operations: Operations; lectura: () => Promise<LecturaCatalogue> },
): Promise<AssetCatalogueItem[]> {
  const text = search.trim().replace(/\s+/g, ' ');
  if (!text) return [];
  if (catalog === 'LECTURA')
    return (await (await context.lectura()).search(text)).slice(0, SEARCH_LIMIT).map(vehicleItem);
  const words = text.split(' ').map(escapeRegex);
  const found = await context.operations.list(context.caller, catalogItem, {
    catalogName: catalog,
    // Every word, in any order.
    name: words.map((w) => `(?=.*${w})`).join(''),
    sort: 'name',
    limit: String(SEARCH_LIMIT * 2),
  });
  return found.documents
    .map((json) => JSON.parse(json) as Record<string, unknown>)
    .filter((d) => d.status !== 'INACTIVE' && d.status !== 'ARCHIVED')
    .slice(0, SEARCH_LIMIT)
    .map((d) => tenantItem(catalog, d));
}
