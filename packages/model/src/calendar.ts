/** The answer of `GET /api/script/runs/calendars` (docs/tasks.md "Calendar"), for the server and the web. */
export interface CalendarInfo {
  /** `mine`, `team:{PROFILE}`, `user:{username}`, `committees`, `contracts`, `collections`, `month-ends`. */
  name: string;
  label: string;
  color: string;
  /** What it shows. */
  kind: 'TASKS' | 'COMMITTEES' | 'CONTRACTS' | 'COLLECTIONS' | 'MONTH_ENDS';
}

export interface CalendarEvent {
  /** Stable across reads: `task:TSK000001`, `contract-end:CT000004`, `month-end:2025-06`. */
  id: string;
  calendar: string;
  /** What it is: TASK, COMMITTEE, CONTRACT_END, RESIDUAL_OPTION, INDEXATION, COLLECTION, TRANSFERS, MONTH_END. */
  type: string;
  /** The title in English; `detail` is its part that is data (a registration and name), for screens that word it themselves. */
  title: string;
  detail?: string;
  /** A day (YYYY-MM-DD) for an all-day event, else an instant with the reader's offset. */
  start: string;
  end?: string;
  allDay: boolean;
  color: string;
  /** The app route of the record. */
  link?: string;
  entityName?: string;
  registration?: string;
  /** A task moves by dragging (its due date); with its version for If-Match. */
  editable: boolean;
  version?: number;
  overdue?: boolean;
  status?: string;
}

/** The caller's iCalendar feed (`GET|PUT /api/core/calendar-feed`): its secret URL and the calendars it carries. */
export interface CalendarFeed {
  url: string;
  calendars: string[];
}
