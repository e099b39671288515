import { describe, expect, it } from 'vitest';
import { parseTypedDay } from './dates.ts';

describe('days typed with separators (spec 000 §5)', () => {
  it('reads the segments in the locale’s order', () => {
    expect(parseTypedDay('03/04/2025', 'fr-FR')).toEqual({ day: '2025-04-03' });
    expect(parseTypedDay('03/04/2025', 'en-US')).toEqual({ day: '2025-03-04' });
    expect(parseTypedDay('03-04-2025', 'en-EU')).toEqual({ day: '2025-04-03' });
    expect(parseTypedDay('3.4.2025', 'de-DE')).toEqual({ day: '2025-04-03' });
    expect(parseTypedDay('2025-04-03', 'lt-LT')).toEqual({ day: '2025-04-03' });
    expect(parseTypedDay('2025-04-03', 'en-US')).toEqual({ day: '2025-04-03' });
    // A locale not shipped is read by its language, then the default order.
    expect(parseTypedDay('03/04/2025', 'en')).toEqual({ day: '2025-04-03' });
    expect(parseTypedDay('03/04/2025', 'ja-JP')).toEqual({ day: '2025-04-03' });
  });

  it('needs a locale only when the order is ambiguous', () => {
    expect(parseTypedDay('03/04/2025', undefined)).toEqual({ error: 'MISSING_LOCALE' });
    expect(parseTypedDay('13/04/2025', undefined)).toEqual({ day: '2025-04-13' });
    expect(parseTypedDay('04/13/2025', undefined)).toEqual({ day: '2025-04-13' });
    expect(parseTypedDay('04/04/2025', undefined)).toEqual({ day: '2025-04-04' });
  });

  it('refuses a day the calendar does not have, and leaves other texts to other readers', () => {
    expect(parseTypedDay('31/02/2025', 'fr-FR')).toEqual({ error: 'INVALID_DATE' });
    expect(parseTypedDay('02/31/2025', 'en-US')).toEqual({ error: 'INVALID_DATE' });
    expect(parseTypedDay('20250403', 'fr-FR')).toBeUndefined();
    expect(parseTypedDay('today', 'fr-FR')).toBeUndefined();
  });
});
