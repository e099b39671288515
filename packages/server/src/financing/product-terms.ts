/**
 * The terms a product or its tables give a payment plan (finance/README.md, "Product tables"):
 * a rate, a fixed instalment from a coefficient, costs added to every instalment. Reads the
 * Product and ProductTable records of the caller's tenant, so another tenant's registration is
 * not found.
 */
import { ApiError } from '@lbo/model/errors';
import { product as productEntity } from '@lbo/model/entities/financing/product.entity';
import { productTable as productTableEntity } from '@lbo/model/entities/financing/product-table.entity';
import type { Entity } from '@lbo/model/entity';
import type { PlanService } from '@lbo/model/finance/payment-plan';
import {
  tableTerms,
  type Band,
  type ProductTableInput,
  type ProductTableKind,
  type TableQuery,
} from '@lbo/model/finance/product-table';
import type { Operations } from '../entities/crud.operation.ts';
import type { SessionCaller } from '../auth/sessions.ts';
import { canReadEntity, entityPath } from '../auth/permissions.ts';

const tableEntity = productTableEntity;

/** The product's link to each kind of table. */
const tableLinks: Record<ProductTableKind, string> = {
  ratesTable: 'ratesTableRegistration',
  coefficientsTable: 'coefficientsTableRegistration',
  costTable: 'costTableRegistration',
};

/** Which cell of which table gave what, answered beside the plan so that a user can check it. */
export interface TableSource {
  registration: string;
  kind: ProductTableKind;
  row: number;
  column: number;
  value: number;
  amountBand: Band;
  durationBand: Band;
}

export interface ProductTerms {
  /** Annual nominal rate, as text for the decimals. */
  rate?: string;
  /** Fixed instalment: amount × coefficient. */
  instalment?: string;
  services: PlanService[];
  /** Where the rate or the instalment comes from, to name it when the query gives a rate too. */
  rateSource?: string;
  tables: TableSource[];
}

function mustRead(caller: SessionCaller, entity: Entity) {
  if (!canReadEntity(caller, entity)) throw new ApiError('FORBIDDEN', [`read ${entityPath(entity)}`]);
}

/**
 * Terms from `product` (its fixed rate and linked tables) and from the tables named in `table`.
 * A product's link must point at a table of its kind; two tables of one kind are refused.
 */
export async function productTerms(
  operations: Operations,
  caller: SessionCaller,
  names: { product?: string; tables: string[] },
  query: TableQuery,
): Promise<ProductTerms> {
  const terms: ProductTerms = { services: [], tables: [] };
  const wanted: { registration: string; field: string; kind?: ProductTableKind }[] = names.tables.map(
    (registration) => ({ registration, field: 'table' }),
  );
  if (names.product) {
    mustRead(caller, productEntity);
    const product = await operations.get(caller, productEntity, names.product);
    if (typeof product.rate === 'number') {
      terms.rate = String(product.rate);
      terms.rateSource = `product ${names.product}`;
    }
    for (const [kind, field] of Object.entries(tableLinks) as [ProductTableKind, string][]) {
      if (typeof product[field] === 'string' && product[field])
        wanted.push({ registration: product[field] as string, field, kind });
    }
  }
  if (wanted.length) mustRead(caller, tableEntity);
  const seen = new Set<ProductTableKind>();
  for (const { registration, field, kind } of wanted) {
    const table = (await operations.get(caller, tableEntity, registration)) as unknown as ProductTableInput & {
      registration: string;
    };
    const found = tableTerms(table, query);
    if (kind && found.kind !== kind)
      throw new ApiError('INVALID_FIELD_VALUE', [
        JSON.stringify(registration),
        `${field} (a ${found.kind}, not a ${kind})`,
      ]);
    if (seen.has(found.kind))
      throw new ApiError('INVALID_FIELD_IN_QUERY', [field, `a second ${found.kind} (${registration})`]);
    seen.add(found.kind);
    const { match } = found;
    terms.tables.push({
      registration: table.registration,
      kind: found.kind,
      row: match.row,
      column: match.column,
      value: match.value.toNumber(),
      amountBand: match.amountBand,
      durationBand: match.durationBand,
    });
    if (found.rate) {
      terms.rate = found.rate.toString();
      terms.rateSource = `rates table ${table.registration}`;
    }
    if (found.coefficient) {
      terms.instalment = found.coefficient.times(query.amount).toString();
      terms.rateSource = `coefficients table ${table.registration}`;
    }
    if (found.cost) terms.services.push({ code: table.registration, label: 'cost', amount: found.cost.toString() });
  }
  // A coefficient fixes the instalment, and so the rate: a product's fixed rate then yields to it.
  if (terms.instalment !== undefined) delete terms.rate;
  return terms;
}
