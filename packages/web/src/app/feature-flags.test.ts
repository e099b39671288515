import { describe, expect, it } from 'vitest';
import { closedFeatureOf, isFeatureOn } from './feature-flags.ts';

describe('feature flags in the web', () => {
  const configuration = {
    featureFlags: { calendar: false, mailbox: true },
    featureFlagPaths: { '/calendar': 'calendar', '/mailbox': 'mailbox', '/reports': 'unknown-flag' },
  };

  it('are on unless the configuration says off, as on the server', () => {
    expect(isFeatureOn(configuration, 'calendar')).toBe(false);
    expect(isFeatureOn(configuration, 'mailbox')).toBe(true);
    expect(isFeatureOn(configuration, 'never-created')).toBe(true);
    expect(isFeatureOn(undefined, 'calendar')).toBe(true);
  });

  it('close the screens their menu entries gate, and the screens beneath them', () => {
    expect(closedFeatureOf(configuration, '/calendar')).toBe('calendar');
    expect(closedFeatureOf(configuration, '/calendar/week')).toBe('calendar');
    expect(closedFeatureOf(configuration, '/calendars')).toBeUndefined();
    expect(closedFeatureOf(configuration, '/mailbox')).toBeUndefined();
    expect(closedFeatureOf(configuration, '/reports')).toBeUndefined();
    expect(closedFeatureOf({}, '/calendar')).toBeUndefined();
  });
});
