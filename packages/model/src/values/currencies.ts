/**
 * Decimals of a currency (spec 000 §9): what Intl (CLDR) gives for the ISO code — 0 for JPY,
 * XOF, XAF, GNF… — with the spec's exceptions written down even where CLDR agrees today
 * (TND 3, XPF 0), so that another ICU version cannot change them. RMB is the spec's name of
 * the yuan (ISO CNY).
 */
const specDecimals: Record<string, number> = { TND: 3, XPF: 0 };
const isoAliases: Record<string, string> = { RMB: 'CNY' };

/** The ISO 4217 code Intl knows for a currency of the product (`RMB` → `CNY`). */
export const isoCurrency = (currency: string) => isoAliases[currency.toUpperCase()] ?? currency.toUpperCase();

const decimalsCache = new Map<string, number>();

export function currencyDecimals(currency: string): number {
  const code = currency.toUpperCase();
  if (Object.hasOwn(specDecimals, code)) return specDecimals[code];
  let decimals = decimalsCache.get(code);
  if (decimals === undefined) {
    try {
      decimals =
        new Intl.NumberFormat('en', { style: 'currency', currency: isoCurrency(code) }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      // Not a currency code Intl can read: the spec's default.
      decimals = 2;
    }
    decimalsCache.set(code, decimals);
  }
  return decimals;
}

/** Spec 000 §9: GBP and USD put their symbol before the amount; the others (EUR first) after it. */
export const currencySymbolBefore = (currency: string) => currency === 'GBP' || currency === 'USD';
