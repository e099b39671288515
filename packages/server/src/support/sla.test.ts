import { describe, expect, it } from 'vitest';
import { ApiError } from '@lbo/model/errors';
import { defaultSlaTargets, dueDates, validateSlaSettings, withServiceLevels } from './sla.ts';

/** Service levels computed from fixed instants: due dates per priority, breaches kept once missed. */
describe('service levels', () => {
  const opened = '2030-03-04T08:00:00.000Z';
  const at = (iso: string) => new Date(iso);

  it('computes the due instants from the priority (NORMAL when none)', () => {
    expect(dueDates(opened, 'URGENT', defaultSlaTargets)).toEqual({
      firstResponseDue: '2030-03-04T09:00:00.000Z',
      resolutionDue: '2030-03-04T16:00:00.000Z',
    });
    expect(dueDates(opened, undefined, defaultSlaTargets)).toEqual({
      firstResponseDue: '2030-03-04T16:00:00.000Z',
      resolutionDue: '2030-03-07T08:00:00.000Z',
    });
  });

  it('flags an open ticket past its due instant, and not before', () => {
    const doc = { status: 'NEW', priority: 'HIGH', openedDate: opened };
    expect(withServiceLevels(doc, defaultSlaTargets, at('2030-03-04T11:59:00Z'))).toMatchObject({
      firstResponseBreached: false,
      resolutionBreached: false,
      breached: false,
    });
    expect(withServiceLevels(doc, defaultSlaTargets, at('2030-03-04T12:01:00Z'))).toMatchObject({
      firstResponseBreached: true,
      resolutionBreached: false,
      breached: true,
    });
  });

  it('keeps a late answer late and an answer in time in time, whatever the clock says later', () => {
    const answeredLate = {
      status: 'IN_PROGRESS',
      priority: 'URGENT',
      openedDate: opened,
      firstResponseDate: '2030-03-04T09:30:00Z',
    };
    const later = at('2030-03-04T10:00:00Z');
    expect(withServiceLevels(answeredLate, defaultSlaTargets, later).firstResponseBreached).toBe(true);
    const inTime = { ...answeredLate, firstResponseDate: '2030-03-04T08:30:00Z' };
    expect(withServiceLevels(inTime, defaultSlaTargets, later).firstResponseBreached).toBe(false);
    const resolvedLate = { ...inTime, status: 'RESOLVED', resolvedDate: '2030-03-04T17:00:00Z' };
    expect(withServiceLevels(resolvedLate, defaultSlaTargets, at('2030-04-01T00:00:00Z'))).toMatchObject({
      resolutionBreached: true,
      breached: true,
    });
    const resolvedInTime = { ...resolvedLate, resolvedDate: '2030-03-04T15:00:00Z' };
    expect(withServiceLevels(resolvedInTime, defaultSlaTargets, at('2030-04-01T00:00:00Z')).breached).toBe(false);
  });

  it('refuses targets that miss a priority or are not positive, naming the field', () => {
    const bad = (value: unknown) => {
      try {
        validateSlaSettings(value);
      } catch (e) {
        return e instanceof ApiError ? e.message : String(e);
      }
      return 'accepted';
    };
    expect(bad({ targets: { ...defaultSlaTargets, HIGH: { firstResponseHours: 0, resolutionHours: 4 } } })).toContain(
      'targets.HIGH.firstResponseHours',
    );
    const { LOW: _low, ...missing } = defaultSlaTargets;
    expect(bad({ targets: missing })).toContain('targets.LOW');
    expect(bad({ targets: { ...defaultSlaTargets, SOON: defaultSlaTargets.LOW } })).toContain('targets');
    expect(validateSlaSettings({ targets: defaultSlaTargets }).targets.URGENT.firstResponseHours).toBe(1);
  });
});
