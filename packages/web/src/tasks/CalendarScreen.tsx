import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, Flex, Modal, Popconfirm, Select, Space, Typography } from 'antd';
import { LinkOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import interactionPlugin from '@fullcalendar/interaction';
import type { EventDropArg, EventInput, EventSourceFuncArg, PluginDef } from '@fullcalendar/core';
import allLocales from '@fullcalendar/core/locales-all';
import { api } from '../app/api/client.ts';
import { readUiState, writeUiState } from '../app/ui-state.ts';
import { intlLocale } from '../i18n/locale.ts';
import type { CalendarEvent, CalendarFeed, CalendarInfo } from '@lbo/model/calendar';
import { optionLabel, useListOptions } from '../fields/reference-lists.ts';
import { tasksPath, useAssignees, useTaskRefresh } from './task-api.ts';
import { madeNameText } from '../i18n/made-name-text.ts';

type Feed = CalendarFeed;

/** How the screen words the events whose title is not data (the server's titles are English). */
const typeTitles: Record<string, string> = {
  CONTRACT_END: 'End of term: {detail}',
  RESIDUAL_OPTION: 'Residual value option notice: {detail}',
  INDEXATION: 'Indexation: {detail}',
  COLLECTION: 'Collection: {detail}',
  TRANSFERS: 'Transfers: {detail}',
  MONTH_END: 'Month end',
};

/** Built against another copy of FullCalendar's core types (one core at run time: vite.config.ts `dedupe`). */
const weekAndDayViews = timeGridPlugin as unknown as PluginDef;

const calendarsPath = '/api/script/runs/calendars';
const feedPath = '/api/core/calendar-feed';
const shownPath = ['calendar', 'shown'];
const defaultShown = ['mine', 'committees', 'contracts', 'collections', 'month-ends'];

const storedShown = (): string[] => {
  const value = readUiState<unknown>(shownPath);
  return Array.isArray(value) ? value.filter((v) => typeof v === 'string') : defaultShown;
};

/** The local day of a date (what a dropped all-day event lands on). */
const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * `/calendar`: per user and per team the tasks by due date, the committee meetings, the contracts'
 * events, the collection dates and the month ends, by month, week or day (FullCalendar). A task
 * dragged to another day is rescheduled (a PATCH of its due date with If-Match: a version changed
 * meanwhile is refused with the catalogue's message and the task goes back). The user's
 * iCalendar feed (a secret URL, resettable) carries the calendars chosen here.
 */
export default function CalendarScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const calendarRef = useRef<FullCalendar>(null);
  const refreshTasks = useTaskRefresh();
  const assignees = useAssignees();
  const teams = useListOptions('profile');
  const [shown, setShown] = useState<string[]>(storedShown);
  const [feedOpen, setFeedOpen] = useState(false);
  const calendars = useQuery({
    queryKey: ['calendars'],
    queryFn: ({ signal }) => api.get<CalendarInfo[]>(calendarsPath, { signal }),
  });
  const feed = useQuery({
    queryKey: ['calendar-feed'],
    queryFn: ({ signal }) => api.get<Feed>(feedPath, { signal }),
    enabled: feedOpen,
  });
  const [feedState, setFeedState] = useState<Feed>();
  const currentFeed = feedState ?? feed.data;

  const fixed = (calendars.data ?? []).filter((c) => c.kind !== 'TASKS' || c.name === 'mine');
  const people = useMemo(
    () =>
      (assignees.data ?? []).map((a) => ({
        value: a.kind === 'PROFILE' ? `team:${a.value.slice(8)}` : `user:${a.value}`,
        label:
          a.kind === 'PROFILE'
            ? `${t('Team')} ${optionLabel(teams.options, a.value.slice(8), !teams.loading)}`
            : a.label,
      })),
    [assignees.data, teams.options, teams.loading, t],
  );
  const choose = (next: string[]) => {
    setShown(next);
    writeUiState(shownPath, next);
  };
  const fixedNames = new Set(fixed.map((c) => c.name));

  const events = useCallback(
    async (info: EventSourceFuncArg): Promise<EventInput[]> => {
      if (!shown.length) return [];
      const last = new Date(info.end.getTime() - 86_400_000);
      const answer = await api.get<{ events: CalendarEvent[] }>(calendarsPath, {
        query: { from: localDay(info.start), to: localDay(last), calendars: shown.join(',') },
      });
      return answer.events.map((e) => ({
        id: e.id,
        title: typeTitles[e.type] ? t(typeTitles[e.type], { detail: e.detail ?? '' }) : madeNameText(t, e.title),
        start: e.start,
        end: e.end,
        allDay: e.allDay,
        color: e.color,
        editable: e.editable,
        classNames: e.overdue ? ['calendar-overdue'] : [],
        extendedProps: { link: e.link, registration: e.registration, version: e.version, calendar: e.calendar },
      }));
    },
    [shown, t],
  );

  const drop = async (info: EventDropArg) => {
    const { registration, version } = info.event.extendedProps as { registration?: string; version?: number };
    if (!registration || !info.event.start) return info.revert();
    try {
      await api.patch(
        `${tasksPath}/${encodeURIComponent(registration)}`,
        { dueDate: localDay(info.event.start) },
        { ifMatch: version },
      );
      await refreshTasks();
    } catch {
      info.revert();
    }
    calendarRef.current?.getApi().refetchEvents();
  };

  const saveFeed = async () => setFeedState(await api.put<Feed>(feedPath, { calendars: shown }));
  const resetFeed = async () => setFeedState(await api.post<Feed>(`${feedPath}/reset`));

  return (
    <div data-testid="calendar">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('Calendar')}
        </Typography.Title>
        <Button icon={<LinkOutlined />} onClick={() => setFeedOpen(true)}>
          {t('Subscribe in Outlook or Google')}
        </Button>
      </Flex>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
        <Checkbox.Group
          value={shown.filter((n) => fixedNames.has(n))}
          onChange={(values) => choose([...(values as string[]), ...shown.filter((n) => !fixedNames.has(n))])}
          options={fixed.map((c) => ({
            value: c.name,
            label: (
              <span>
                <span className="calendar-swatch" style={{ background: c.color }} /> {t(c.label)}
              </span>
            ),
          }))}
        />
        <Select
          mode="multiple"
          allowClear
          aria-label={t('Teams and people')}
          placeholder={t('Teams and people')}
          style={{ minWidth: 260 }}
          optionFilterProp="label"
          value={shown.filter((n) => !fixedNames.has(n))}
          onChange={(values: string[]) => choose([...shown.filter((n) => fixedNames.has(n)), ...values])}
          options={people}
        />
      </Flex>
      <style>{`.calendar-swatch{display:inline-block;width:10px;height:10px;border-radius:2px;margin-inline-end:2px}
.calendar-overdue{font-weight:600}`}</style>
      <FullCalendar
        ref={calendarRef}
        plugins={[dayGridPlugin, weekAndDayViews, interactionPlugin]}
        initialView="dayGridMonth"
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay' }}
        locales={allLocales}
        locale={intlLocale(i18n.language).toLowerCase()}
        firstDay={1}
        height="auto"
        dayMaxEvents={4}
        events={events}
        eventDidMount={(info) => {
          info.el.dataset.eventId = info.event.id;
        }}
        eventDrop={(info) => void drop(info)}
        eventClick={(info) => {
          const link = info.event.extendedProps.link as string | undefined;
          if (link) {
            info.jsEvent.preventDefault();
            navigate(link);
          }
        }}
      />
      <Modal
        open={feedOpen}
        title={t('Your calendar in Outlook or Google Calendar')}
        onCancel={() => setFeedOpen(false)}
        footer={null}
      >
        <Typography.Paragraph>
          {t(
            'Subscribe to this address in your calendar application. It is secret: whoever has it sees your calendar. Reset it if it leaked.',
          )}
        </Typography.Paragraph>
        {currentFeed && (
          <Typography.Paragraph copyable={{ text: currentFeed.url }} code data-testid="calendar-feed-url">
            {currentFeed.url}
          </Typography.Paragraph>
        )}
        <Space wrap>
          <Button onClick={() => void saveFeed()}>{t('Carry the calendars shown')}</Button>
          <Popconfirm title={t('The former address will stop working. Reset it?')} onConfirm={() => void resetFeed()}>
            <Button danger icon={<ReloadOutlined />}>
              {t('Reset the address')}
            </Button>
          </Popconfirm>
        </Space>
        {currentFeed && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('Calendars carried: {list}', { list: currentFeed.calendars.join(', ') })}
          </Typography.Paragraph>
        )}
      </Modal>
    </div>
  );
}
