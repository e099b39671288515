import { api } from '../app/api/client.ts';
import type { CallOptions } from '../app/api/data-provider.ts';
import { ASSET_CATALOGUES, type AssetCatalogueItem } from '@lbo/model/asset-catalogues';

/**
 * The catalogue calls of the web (docs/vehicle-catalogue.md): asset catalogues searched by name,
 * the vehicle catalogue walked by category, manufacturer and model, and a model made an asset.
 */
const enc = encodeURIComponent;
const lectura = '/api/external/lectura';

/** The asset catalogues a lookup offers, and an item of one: what a choice fills on an asset or an asset line. */
export const assetCatalogues = ASSET_CATALOGUES;
export type CatalogueItem = AssetCatalogueItem;

export interface VehicleCategory {
  id: string;
  name: string;
}
export interface VehicleManufacturer {
  id: string;
  name: string;
}
export interface VehicleModel {
  id: string;
  name: string;
  manufacturerName: string | null;
  categoryName: string | null;
  yearFrom: number | null;
  newPrice: string | null;
  currency: string | null;
}

export const searchCatalogue = (catalog: string, search: string, options: CallOptions = {}) =>
  api.get<CatalogueItem[]>(`/api/script/runs/${enc(catalog)}`, { ...options, query: { search } });

export const vehicleCatalogue = {
  rootCategories: (o: CallOptions = {}) =>
    api.get<VehicleCategory[]>(`${lectura}/root-categories`, { ...o, query: { list: 'true' } }),
  subCategories: (id: string, o: CallOptions = {}) =>
    api.get<VehicleCategory[]>(`${lectura}/categories/${enc(id)}/sub-categories`, { ...o, query: { list: 'true' } }),
  manufacturers: (categoryId: string, o: CallOptions = {}) =>
    api.get<VehicleManufacturer[]>(`${lectura}/categories/${enc(categoryId)}/manufacturers`, {
      ...o,
      query: { list: 'true' },
    }),
  models: (categoryId: string, manufacturerId: string, o: CallOptions = {}) =>
    api.get<VehicleModel[]>(`${lectura}/categories/${enc(categoryId)}/manufacturers/${enc(manufacturerId)}/models`, {
      ...o,
      query: { list: 'true' },
    }),
  search: (text: string, o: CallOptions = {}) =>
    api.get<VehicleModel[]>(`${lectura}/search/${enc(text)}`, { ...o, query: { list: 'true' } }),
};

/** Makes an asset of a vehicle model; `{}` when the catalogue could not answer. */
export const lecturaToAsset = (body: { modelId: string; year?: number; usage?: string; type?: string }) =>
  api.post<Record<string, unknown>>('/api/script/runs/lectura-to-asset', body);

/** The fields a chosen item fills; a catalogue's 'null' texts and missing values fill nothing. */
export function fieldsOfItem(item: CatalogueItem): Record<string, string | number> {
  const fields: Record<string, string | number | null> = {
    name: item.name,
    description: item.description,
    model: item.model,
    manufacturer: item.manufacturer,
    unitPrice: item.unitPrice === null ? null : Number(item.unitPrice),
    sourcePrice: item.sourcePrice === null ? null : Number(item.sourcePrice),
    taxCode: item.taxCode,
    currency: item.currency,
    serviceCode: item.serviceCode,
    rvCode: item.rvCode,
    paramsCatalog: item.paramsCatalog,
    sourceCatalog: item.catalog,
  };
  return Object.fromEntries(
    Object.entries(fields).filter(
      (e): e is [string, string | number] => e[1] !== null && e[1] !== '' && e[1] !== 'null' && !Number.isNaN(e[1]),
    ),
  );
}

/** An asset made of a chosen catalogue item: its fields, and the catalogue it came from. */
export function assetOfItem(item: CatalogueItem): Record<string, string | number> {
  const fields = fieldsOfItem(item);
  return {
    ...fields,
    ...(item.catalog === 'LECTURA' ? { rvCatalog: 'LECTURA' } : {}),
    quantity: 1,
    ...(typeof fields.unitPrice === 'number' ? { priceExclTax: fields.unitPrice } : {}),
  };
}
