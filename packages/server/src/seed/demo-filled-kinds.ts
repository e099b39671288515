import type { DemoContext, Doc, Recipe } from './demo-book.ts';

/**
 * Demo records of the kinds that were only a name and a status (docs/kinds.md), coherent with
 * their rules: a catalogue item's minimum below its maximum, dates in order, an organization's
 * tree rooted in its holding. Fields a recipe leaves out are filled from their types.
 */

/** A validity of a year or two starting within the last year, in order. */
const validity = (ctx: DemoContext) => {
  const start = -ctx.int(0, 365);
  return { startDate: ctx.day(start), endDate: ctx.day(start + ctx.int(365, 730)) };
};

const products = [
  ['Equipment lease 24-60', 'FINANCIAL_PRODUCT', 'LEASE', 5_000, 250_000, 24, 60, 0.045],
  ['Vehicle loan 12-72', 'FINANCIAL_PRODUCT', 'LOAN', 3_000, 80_000, 12, 72, 0.059],
  ['Operating lease fleet', 'PACKAGE', 'OPERATING_LEASE', 15_000, 2_000_000, 36, 60, 0.041],
  ['Medical equipment lease', 'FINANCIAL_PRODUCT', 'LEASE', 10_000, 500_000, 36, 84, 0.039],
  ['IT hire purchase', 'FINANCIAL_PRODUCT', 'HIRE_PURCHASE', 2_000, 150_000, 12, 48, 0.065],
  ['Agricultural machinery loan', 'FINANCIAL_PRODUCT', 'LOAN', 20_000, 750_000, 24, 96, 0.049],
] as const;

const units = [
  ['Lessor holding', 'HOLDING', 'HLD'],
  ['Paris agency', 'BRANCH', 'PAR'],
  ['Lyon agency', 'BRANCH', 'LYO'],
  ['Fleet business unit', 'BUSINESS_UNIT', 'FLT'],
  ['Equipment business unit', 'BUSINESS_UNIT', 'EQP'],
  ['Risk department', 'DEPARTMENT', 'RSK'],
] as const;

const recipesOfFilledKinds: Record<string, Recipe> = {
  ProductCatalogItem: {
    make: (ctx) => {
      const [name, type, financialProduct, minAmount, maxAmount, minDuration, maxDuration, rate] =
        products[ctx.i % products.length];
      return {
        name: ctx.i < products.length ? name : `${name} ${Math.floor(ctx.i / products.length) + 1}`,
        type,
        code: `PC-${String(ctx.i + 1).padStart(3, '0')}`,
        catalogName: 'Standard offers',
        financialProduct,
        currency: 'EUR',
        minAmount,
        maxAmount,
        minDuration,
        maxDuration,
        rate,
        frequency: '30',
        ...validity(ctx),
      };
    },
  },
  ProductElementCatalogItem: { make: (ctx) => ({ currency: 'EUR', ...validity(ctx) }) },
  AmendmentCatalogItem: { make: (ctx) => ({ currency: 'EUR', fee: ctx.pick([0, 75, 150, 250]), ...validity(ctx) }) },
  AssetServiceCatalogItem: { make: (ctx) => ({ currency: 'EUR', ...validity(ctx) }) },
  Organization: {
    make: (ctx) => {
      const [name, type, code] = units[ctx.i % units.length];
      return {
        name: ctx.i < units.length ? name : `${name} ${Math.floor(ctx.i / units.length) + 1}`,
        type,
        code: ctx.i < units.length ? code : `${code}${Math.floor(ctx.i / units.length) + 1}`,
        // The holding is the root; every other unit hangs under it.
        parentRegistration: ctx.i === 0 ? null : ctx.ref('Organization', 0),
      };
    },
  },
  ExternalContract: {
    make: (ctx) => {
      const financedAmount = ctx.int(10, 400) * 1000;
      const start = -ctx.int(90, 1500);
      return {
        lender: ctx.pick([
          'BNP Paribas Leasing Solutions',
          'CA Leasing & Factoring',
          'Société Générale Equipment Finance',
          'Crédit Mutuel Leasing',
        ]),
        currency: 'EUR',
        financedAmount,
        outstandingAmount: Math.round(financedAmount * ctx.int(10, 90)) / 100,
        instalmentAmount: Math.round(financedAmount / ctx.pick([36, 48, 60])),
        frequency: '30',
        startDate: ctx.day(start),
        endDate: ctx.day(start + ctx.pick([1095, 1460, 1825])),
      };
    },
  },
  Campaign: {
    make: (ctx) => {
      const start = ctx.int(-120, 60);
      return {
        currency: 'EUR',
        budget: ctx.int(2, 40) * 500,
        startDate: ctx.day(start),
        endDate: ctx.day(start + ctx.int(14, 60)),
        targetCount: ctx.int(50, 2000),
      };
    },
  },
  Rule: { make: (ctx) => ({ priority: (ctx.i + 1) * 10, ...validity(ctx) }) },
  Report: {
    make: (ctx) => {
      const end = -ctx.int(0, 6) * 30;
      return { format: ctx.pick(['PDF', 'XLSX', 'CSV']), periodStart: ctx.day(end - 30), periodEnd: ctx.day(end) };
    },
  },
};

/**
 * The book's recipes with those of the filled kinds laid over them: a kind keeps its recipe's
 * values (its names) and takes these fields on top.
 */
export function withFilledKinds(recipes: Record<string, Recipe>): Record<string, Recipe> {
  const out = { ...recipes };
  for (const [kind, recipe] of Object.entries(recipesOfFilledKinds)) {
    const base = recipes[kind];
    out[kind] = { ...base, make: (ctx): Doc => ({ ...base?.make(ctx), ...recipe.make(ctx) }) };
  }
  return out;
}
