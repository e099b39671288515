import { ApiError } from '../../errors.ts';

/** Refuses an amount including tax smaller than the same amount excluding tax (both given, same sign). */
export function inclTaxCovers(doc: Record<string, unknown>, exclField: string, inclField: string): void {
  const excl = doc[exclField];
  const incl = doc[inclField];
  if (typeof excl !== 'number' || typeof incl !== 'number') return;
  if (excl >= 0 && incl < excl) throw new ApiError('INVALID_FIELD_VALUE', [String(incl), inclField]);
}
