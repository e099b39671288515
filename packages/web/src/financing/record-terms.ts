import dayjs from 'dayjs';
import type { CalculatorValues } from './CalculatorElement.tsx';

type Doc = Record<string, unknown>;
const numberOf = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/**
 * The terms of a contract or deal for its payment plan: its chosen quotation's (the first when
 * none is chosen), each missing one taken from the record itself, with the payment timing, so
 * that the plan is the one the server priced the quotation with (an instalment in advance is
 * smaller than one in arrears). The rate is stored as a fraction (0.045) and shown in percent; a
 * residual value is an amount, shown as a percentage of the financed amount.
 * Undefined when the record has no financed amount or duration to plan from.
 */
export function termsOfRecord(record: Doc): Partial<CalculatorValues> | undefined {
  const quotations = (Array.isArray(record.quotations) ? record.quotations : []).filter(
    (q): q is Doc => !!q && typeof q === 'object',
  );
  const quotation = quotations.find((q) => q.isChosen === true) ?? quotations[0] ?? {};
  const pick = (key: string) => numberOf(quotation[key]) ?? numberOf(record[key]);
  const amount = pick('financedAmountExclTax');
  const duration = pick('duration');
  if (!amount || amount <= 0 || !duration || duration < 1 || !Number.isInteger(duration)) return undefined;
  const rate = pick('rate');
  const residualValue = pick('residualValue');
  const frequency = pick('frequency');
  const start =
    typeof record.startDate === 'string' && dayjs(record.startDate).isValid() ? dayjs(record.startDate) : undefined;
  const timing = quotation.timing ?? record.timing;
  return {
    amount,
    duration,
    ...(timing === 'advance' || timing === 'arrears' ? { timing } : {}),
    ...(rate !== undefined ? { ratePercent: Number((rate * 100).toFixed(8)) } : {}),
    ...(frequency && [1, 7, 30, 90, 180, 360, 365].includes(frequency) ? { frequency } : {}),
    ...(residualValue ? { residualValuePercent: Number(((residualValue / amount) * 100).toFixed(8)) } : {}),
    ...(start ? { startDate: start } : {}),
  };
}
