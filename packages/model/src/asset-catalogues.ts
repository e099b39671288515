/**
 * The asset catalogues a lookup offers (spec 002 §9, docs/vehicle-catalogue.md) and what an item
 * of one fills on an asset or an asset line: shared by the server's adapters and the web's lookup.
 */
export const ASSET_CATALOGUES = ['LECTURA', 'EMPREKIS', 'AUTOVISTA', 'AUTOBIZ', 'CARTELL', 'ACB'] as const;
export type AssetCatalogueName = (typeof ASSET_CATALOGUES)[number];

export interface AssetCatalogueItem {
  /** What identifies the item in its catalogue (a model id, an item's code or registration). */
  id: string;
  catalog: AssetCatalogueName;
  code: string | null;
  name: string;
  description: string | null;
  model: string | null;
  manufacturer: string | null;
  /** Decimal strings. */
  unitPrice: string | null;
  sourcePrice: string | null;
  taxCode: string | null;
  currency: string | null;
  serviceCode: string | null;
  rvCode: string | null;
  paramsCatalog: string | null;
  image: string | null;
}
