import { ApiError } from '../../errors.ts';

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * A catalogue item's lower bound may not exceed its upper one (amounts, durations, validity
 * dates): the error names the upper field and its value. ISO dates compare as text.
 */
export function checkBounds(doc: Record<string, unknown>, low: string, high: string): void {
  const from = doc[low];
  const to = doc[high];
  if (!given(from) || !given(to)) return;
  const inverted = typeof from === 'string' && typeof to === 'string' ? from > to : Number(from) > Number(to);
  if (inverted) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(to), high]);
}
