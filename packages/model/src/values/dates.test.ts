import { describe, expect, it } from 'vitest';
import { addDays, dayIn, parseDateValue, zonedMidnight } from './dates.ts';

describe('date values', () => {
  it('parses compact and ISO days and refuses impossible ones', () => {
    expect(parseDateValue('20240229')).toEqual({ day: '2024-02-29' });
    expect(parseDateValue('2024-03-01')).toEqual({ day: '2024-03-01' });
    expect(parseDateValue('20230229')).toBeUndefined();
    expect(parseDateValue('2024-13-01')).toBeUndefined();
    expect(parseDateValue("2024'; drop")).toBeUndefined();
  });
  it('parses instants', () => {
    expect(parseDateValue('20240131235959')).toEqual({ instant: new Date('2024-01-31T23:59:59Z') });
    expect(parseDateValue('2024-01-31T10:00:00+01:00')).toEqual({ instant: new Date('2024-01-31T09:00:00Z') });
  });
  it('finds midnight in a zone, across daylight saving changes', () => {
    expect(zonedMidnight('2024-01-15', 'Europe/Paris').toISOString()).toBe('2024-01-14T23:00:00.000Z');
    expect(zonedMidnight('2024-07-15', 'Europe/Paris').toISOString()).toBe('2024-07-14T22:00:00.000Z');
    expect(zonedMidnight('2024-03-31', 'Europe/Paris').toISOString()).toBe('2024-03-30T23:00:00.000Z');
    expect(zonedMidnight('2024-07-15', 'America/New_York').toISOString()).toBe('2024-07-15T04:00:00.000Z');
    expect(dayIn(new Date('2024-01-31T23:30:00Z'), 'Europe/Paris')).toBe('2024-02-01');
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
  });
});
