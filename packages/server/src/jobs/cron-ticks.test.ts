import parser from 'cron-parser';
import { describe, expect, it } from 'vitest';
import { ticksAround } from './crons.ts';

/** The ticks as cron-parser gives them, computed afresh each time. */
const fresh = (cron: string, timeZone: string, now: Date) => ({
  last: parser.parseExpression(cron, { currentDate: now, tz: timeZone }).prev().toDate(),
  next: parser.parseExpression(cron, { currentDate: now, tz: timeZone }).next().toDate(),
});

/** A walk through time in steps of `step` ms: just after an exact tick, back an hour, onto a quarter-hour tick, or on. */
function* walk(start: string, steps: number, step: number): Generator<Date> {
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  let now = new Date(start).getTime();
  let onTick = false;
  for (let k = 0; k < steps; k++) {
    const r = random();
    now = onTick
      ? now + 1_500
      : r < 0.05
        ? now - 3_600_000
        : r < 0.25
          ? Math.floor(now / 900_000) * 900_000
          : now + step;
    onTick = !onTick && r >= 0.05 && r < 0.25;
    yield new Date(now);
  }
}

// cron-parser takes milliseconds a step, so the walks are short.
describe('ticksAround', () => {
  it('answers as cron-parser does on ordinary days, exact ticks and a clock going back included', () => {
    for (const now of walk('2025-06-10T23:10:00Z', 40, 20_500))
      for (const cron of ['0 2 * * *', '*/15 * * * *'])
        for (const timeZone of ['Europe/Paris', 'America/New_York'])
          expect(ticksAround({ cron, timeZone }, now), `${cron} ${timeZone} ${now.toISOString()}`).toEqual(
            fresh(cron, timeZone, now),
          );
  });

  it('gives the same last tick as cron-parser through a night whose clock jumps', () => {
    // New York, 9 March 2025: 02:00 does not exist. cron-parser's next tick, asked before 07:00
    // UTC, is 07:00 UTC, and asked after it, 06:00 UTC the next day; its last tick is the 8th's
    // 07:00 UTC throughout. The last tick decides what fires (fireDueCrons).
    const cron = '0 2 * * *';
    const timeZone = 'America/New_York';
    for (let now = Date.parse('2025-03-09T06:50:00.250Z'); now < Date.parse('2025-03-09T07:10:00Z'); now += 20_000)
      expect(ticksAround({ cron, timeZone }, new Date(now)).last).toEqual(fresh(cron, timeZone, new Date(now)).last);
  });
});
