import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { isoDay, noBody } from '@lbo/model/schema/request-values';
import { dayIn, isTimeZone } from '@lbo/model/values/dates';
import { inTenant, readInTenant, scopeOf, type Db } from '../db/database.ts';
import type { SessionCaller } from '../auth/sessions.ts';
import { canReadEntity, hasPermission, permissionsOf, type Grants } from '../auth/permissions.ts';
import { profilesPermissionsOf } from '../auth/tenant-settings.ts';
import { typed } from '../http/schemas.ts';
import { todayIn } from '../workflow/side-effects.ts';
import { calendarEvents, calendarsOf, knownCalendar, type CalendarReader } from './calendar.ts';
import { feedOf, feedOwner, feedPath, feedWindow, icalendarOf, newToken, saveFeed } from './calendar-feed.ts';
import { READ_TASKS } from './tasks.routes.ts';

/**
 * The calendar's routes (docs/tasks.md "Calendar"):
 *   GET /api/script/runs/calendars                 the calendars the caller may show
 *   GET /api/script/runs/calendars?from&to&calendars  and their events between two days
 *   GET /api/core/calendar-feed                    the caller's iCalendar feed: its URL and calendars
 *   PUT /api/core/calendar-feed  {calendars}       the calendars it carries
 *   POST /api/core/calendar-feed/reset             a new secret URL (the former one answers 404)
 *   GET /api/calendar-feeds/{tenant}/{token}/calendar.ics   the feed, without a session
 */
type PreHandler = (request: FastifyRequest) => Promise<void>;
const MAX_DAYS = 400;

type Signed = SessionCaller & { timeZone?: string };
const readerOf = (caller: Signed): CalendarReader => ({
  tenant: caller.tenant,
  username: caller.username,
  profiles: caller.profiles,
  timeZone: caller.timeZone && isTimeZone(caller.timeZone) ? caller.timeZone : 'UTC',
  canRead: (kind) => canReadEntity(caller, kind),
});

const calendarNames = z.string().max(2000).describe('calendar names, comma separated; every calendar when absent');

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function namesOf(reader: CalendarReader, raw: string | undefined, field: string): string[] {
  const names = raw
    ? raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : calendarsOf(reader).map((c) => c.name);
  const unknown = names.find((n) => !knownCalendar(reader, n));
  if (unknown) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(unknown).slice(0, 80), field]);
  return names;
}

export async function calendarRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  const api = typed(app);
  const tags = ['Calendar'];

  api.get(
    '/api/script/runs/calendars',
    {
      preValidation: preHandler,
      // The Calendar screen's data: closed with its menu entry when the tenant turns the flag off.
      config: { permission: READ_TASKS, featureFlag: 'calendar' },
      schema: {
        tags,
        summary: 'The calendars the caller may show; with from and to, their events',
        description:
          'Without from/to: [{name, label, color, kind}]. With both (days, included; read in the client-timezone): {calendars, events: [{id, calendar, title, start, end?, allDay, color, link, entityName, registration, editable, version, overdue, status}]}. All-day events are days (YYYY-MM-DD); others are instants written with the client’s offset.',
        querystring: z.strictObject({
          from: isoDay.optional(),
          to: isoDay.optional(),
          calendars: calendarNames.optional(),
        }),
      },
    },
    async (request) => {
      const caller = request.caller!;
      const reader = readerOf(caller);
      const { from, to } = request.query;
      if (!from && !to) return calendarsOf(reader);
      if (!from) throw new ApiError('MISSING_FIELD_IN_QUERY', ['from']);
      if (!to) throw new ApiError('MISSING_FIELD_IN_QUERY', ['to']);
      if (to < from) throw new ApiError('INVALID_FIELD_IN_QUERY', ['to', 'before from']);
      const span = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (span > MAX_DAYS)
        throw new ApiError('INVALID_FIELD_IN_QUERY', ['to', `more than ${MAX_DAYS} days after from`]);
      const names = namesOf(reader, request.query.calendars, 'calendars');
      const today = todayIn(reader.timeZone);
      const events = await readInTenant(db, scopeOf(caller), (tx) =>
        calendarEvents(tx, reader, names, from, to, today),
      );
      return { calendars: calendarsOf(reader).filter((c) => names.includes(c.name)), events };
    },
  );

  const feedAnswer = (request: FastifyRequest, caller: Signed, feed: { token: string; calendars: string[] }) => ({
    url: `${originOf(request)}${feedPath(caller.tenant, feed.token)}`,
    calendars: feed.calendars,
  });

  api.get(
    '/api/core/calendar-feed',
    {
      preValidation: preHandler,
      config: { permission: READ_TASKS },
      schema: { tags, summary: "The caller's iCalendar feed: its secret URL and the calendars it carries" },
    },
    async (request) => {
      const caller = request.caller!;
      const feed = await inTenant(db, scopeOf(caller), (tx) => feedOf(tx, caller));
      return feedAnswer(request, caller, feed);
    },
  );

  api.put(
    '/api/core/calendar-feed',
    {
      preValidation: preHandler,
      config: { permission: READ_TASKS },
      schema: {
        tags,
        summary: 'The calendars the feed carries (the caller’s tasks always)',
        body: z.strictObject({ calendars: z.array(z.string().min(1).max(200)).max(50) }),
      },
    },
    async (request) => {
      const caller = request.caller!;
      const reader = readerOf(caller);
      const names = namesOf(reader, request.body.calendars.join(','), 'calendars');
      const calendars = [...new Set(['mine', ...names])];
      const feed = await inTenant(db, scopeOf(caller), async (tx) =>
        saveFeed(tx, caller, { ...(await feedOf(tx, caller)), calendars }),
      );
      return feedAnswer(request, caller, feed);
    },
  );

  api.post(
    '/api/core/calendar-feed/reset',
    {
      preValidation: preHandler,
      config: { permission: READ_TASKS },
      schema: { tags, summary: 'A new secret URL for the feed: the former one answers 404', body: noBody },
    },
    async (request) => {
      const caller = request.caller!;
      const feed = await inTenant(db, scopeOf(caller), async (tx) =>
        saveFeed(tx, caller, { ...(await feedOf(tx, caller)), token: newToken() }),
      );
      return feedAnswer(request, caller, feed);
    },
  );

  const feedParams = z.object({ tenant: z.string(), token: z.string() });
  // The feed itself: no session (calendar applications hold only the URL), a bare 404 for anything wrong.
  typed(app).get(
    '/api/calendar-feeds/:tenant/:token/calendar.ics',
    { config: { permission: null }, schema: { hide: true, params: feedParams } },
    async (request, reply) => {
      const { tenant, token } = request.params;
      const notFound = () => reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(tenant) || !/^[A-Za-z0-9_-]{20,64}$/.test(token)) return notFound();
      const body = await inTenant(db, { tenant, user: 'system' }, async (tx) => {
        const owner = await feedOwner(tx, tenant, token);
        if (!owner) return undefined;
        const username = String(owner.user.registration);
        const profiles = (owner.user.profiles as string[] | undefined) ?? [];
        const grants: Grants = {
          isAdmin: owner.user.isAdmin === true,
          isMainAdmin: owner.user.isMainAdmin === true,
          isSuperAdmin: owner.user.isSuperAdmin === true,
          permissions: permissionsOf(profiles, await profilesPermissionsOf(tx, tenant)),
        };
        // The feed shows what its owner may read now: a user who lost the tasks' permission gets nothing.
        if (!hasPermission(grants, READ_TASKS)) return undefined;
        const timeZone = 'UTC';
        const reader: CalendarReader = {
          tenant,
          username,
          profiles,
          timeZone,
          canRead: (kind) => canReadEntity(grants, kind),
        };
        const today = dayIn(new Date(), timeZone);
        const { from, to } = feedWindow(today);
        const names = owner.feed.calendars.filter((n) => knownCalendar(reader, n));
        const events = await calendarEvents(tx, reader, names, from, to, today);
        return icalendarOf(`Tasks and calendar of ${username}`, events, originOf(request));
      });
      if (!body) return notFound();
      return reply.header('cache-control', 'private, max-age=300').type('text/calendar; charset=utf-8').send(body);
    },
  );
}
