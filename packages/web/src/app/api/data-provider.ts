import type { Entity } from '@lbo/model/entity';
import { api, fileNameOf, request, uploadWithProgress, type RequestOptions } from './client.ts';
import type { QueryValue } from './wire-format.ts';
import { COUNT_AHEAD } from '@lbo/model/list-paging';

/**
 * The one data provider of the web (react-admin's idea): screens ask for `list`, `get`,
 * `create`, `update`, `delete` or `transition` of a kind, its documents, history or reference
 * lists, and never build those paths. The generic paths and query keys are built here; a domain's
 * own calls live beside its screens (`billing/billing-api.ts`, `person/person-api.ts`…), built on
 * these paths and sent through the one client (`client.ts`: `api.get<T>(path)`…), with the answer
 * types their screens read. The hooks that put the calls in TanStack Query, and which keys a write
 * refreshes, are in `data-hooks.ts`. This module holds no React and no query cache, so the sign-in
 * route can use it without carrying either.
 */

/** What the provider needs of a kind: where its API lives and its name. */
export type Kind = Pick<Entity, 'route' | 'name'>;
export type Row = Record<string, unknown>;
export type Query = Record<string, QueryValue>;
/** A call's options: its cancel signal, and `silent` when the caller shows its own failure. */
export type CallOptions = Pick<RequestOptions, 'signal' | 'silent'>;

const enc = encodeURIComponent;

/** Every path the web calls (docs/api.md). */
export const apiPaths = {
  kind: (kind: Kind) => `/api/${kind.route}`,
  record: (kind: Kind, id: string) => `/api/${kind.route}/${enc(id)}`,
  recordTransitions: (kind: Kind, id: string) => `${apiPaths.record(kind, id)}/transitions`,
  transition: (kind: Kind, id: string, code: string) => `${apiPaths.recordTransitions(kind, id)}/${enc(code)}`,
  selectionTransitions: (kind: Kind) => `${apiPaths.kind(kind)}/transitions`,
  documents: (kind: Kind, id: string) => `${apiPaths.record(kind, id)}/documents`,
  document: (kind: Kind, id: string, documentId: string) => `${apiPaths.documents(kind, id)}/${enc(documentId)}`,
  documentContent: (kind: Kind, id: string, documentId: string) => `${apiPaths.document(kind, id, documentId)}/content`,
  histories: '/api/core/histories',
  workflow: (name: string) => `/api/core/workflows/${enc(name)}`,
  referenceLists: '/api/script/lists',
  listExport: (kind: Kind) => `${apiPaths.kind(kind)}/export`,
  documentById: (id: string) => `/api/core/documents/${enc(id)}/content`,
  scriptRun: (name: string) => `/api/script/runs/${enc(name)}`,
  script: (name: string) => `/api/script/scripts/${enc(name)}`,
  login: '/api/core/auth/login',
  loginTotp: '/api/core/auth/login/totp',
  logout: '/api/core/auth/logout',
  currentUser: '/api/core/users/current',
  preferences: (username: string) => `/api/core/users/${enc(username)}/preferences`,
  preference: (username: string, id: string) => `${apiPaths.preferences(username)}/${enc(id)}`,
  locale: (locale: string) => `/api/core/locales/${enc(locale)}`,
  localeKeys: (locale: string) => `${apiPaths.locale(locale)}/keys`,
  host: (hostname: string) => `/api/core/hosts/${enc(hostname)}`,
  keyValue: (key: string) => `/api/core/key-values/${enc(key)}`,
};

/**
 * The query keys of the data cache. Everything read about a kind sits under `['kind', route]`,
 * so that a write can refresh what it changed (its lists, names, pins, transitions) in one
 * call; reference lists and workflows sit elsewhere and are not read again after a write.
 */
export const queryKeys = {
  kind: (kind: Kind) => ['kind', kind.route] as const,
  lists: (kind: Kind) => ['kind', kind.route, 'list'] as const,
  list: (kind: Kind, query: Query) => ['kind', kind.route, 'list', query] as const,
  record: (kind: Kind, id: string | undefined) => ['kind', kind.route, 'record', id] as const,
  pinned: (kind: Kind, id: string) => ['kind', kind.route, 'pinned', id] as const,
  name: (kind: Kind | undefined, id: string | undefined) => ['kind', kind?.route, 'name', id] as const,
  search: (kind: Kind | undefined, term: string, roles?: string[]) =>
    ['kind', kind?.route, 'search', term, roles?.join(',')] as const,
  transitions: (kind: Kind, id: string | undefined) => ['kind', kind.route, 'transitions', id] as const,
  selectionTransitions: (kind: Kind, ids?: string[]) =>
    ids
      ? (['kind', kind.route, 'selection-transitions', ids] as const)
      : (['kind', kind.route, 'selection-transitions'] as const),
  history: (kind: Kind, id: string | undefined) => ['kind', kind.route, 'history', id] as const,
  documents: (kind: Kind, id: string | undefined) => ['kind', kind.route, 'documents', id] as const,
  workflowTones: (name: string | undefined) => ['workflow-tones', name] as const,
  referenceList: (list: string | undefined, locale: string) => ['reference-list', list, locale] as const,
  preferences: (username: string | undefined) => ['preferences', username] as const,
};

/** A page of a kind's list: rows, the count of matching records and whether more follow. */
export interface ListResult {
  rows: Row[];
  /** Matching records (pagination-size). */
  size: number;
  /** `size` is where the count stopped, a lower bound (COUNT_AHEAD past the page): shown as "220+". */
  sizeAtLeast: boolean;
  /** More records follow (pagination-continues). */
  continues: boolean;
  breakdown?: Record<string, Record<string, number>>;
}

/** Reads a list answer: an array, or `{entities, breakdown}`; pagination from the headers. */
export function readListAnswer(data: unknown, headers: Headers): ListResult {
  const body = data as Row[] | { entities?: Row[]; breakdown?: ListResult['breakdown'] } | undefined;
  const rows = Array.isArray(body) ? body : (body?.entities ?? []);
  const size = Number(headers.get('pagination-size'));
  const counted = Number.isFinite(size) && headers.has('pagination-size');
  const pageEnd = Number(headers.get('pagination-offset') ?? 0) + Number(headers.get('pagination-limit') ?? 0);
  return {
    rows,
    size: counted ? size : rows.length,
    sizeAtLeast: counted && size >= pageEnd + COUNT_AHEAD,
    continues: headers.get('pagination-continues') === 'true',
    breakdown: Array.isArray(body) ? undefined : body?.breakdown,
  };
}

/** The parameters that ask only for registrations and names (`registration=a,b&projection=…`). */
const namesQuery = (registrations: string[]): Query => ({
  registration: registrations,
  projection: 'registration,name',
  range: `[0-${registrations.length - 1}]`,
});

/** A transition as the API offers it (spec 000 §3). */
export interface TransitionItem {
  code: string;
  label?: string;
  icon?: string;
  hidden?: boolean;
  orderIndex?: number;
  props?: { pullRight?: boolean; action?: string; from?: string[]; to?: string };
}

/** One row of a record's status history. */
export interface HistoryRow {
  _id?: string;
  fromStatus?: string;
  toStatus?: string;
  transition?: string;
  transitionLabel?: string;
  user?: string;
  date?: Date | string;
}

/** Transitions are asked without their modals, printings and documents: the menus show none. */
const transitionsQuery = { exclude: 'modals,printings,documents' };

/** A document of a record, as its parent's route lists it (spec 002 §3). */
export interface DocumentItem {
  _id: string;
  registration: string;
  name?: string;
  type?: string | null;
  size?: number;
  contentType?: string;
  status?: string;
  sortIndex?: number;
  /** Opens its content without the session, for a few minutes (a link in a new window). */
  token?: string;
  /** A picture with a thumbnail (`?thumbnail=true`). */
  thumbnail?: boolean;
}

/** What an upload may say besides its file (docs/api.md, Documents). */
export interface DocumentUploadFields {
  type?: string;
  name?: string;
  sortIndex?: number;
  /** Images and office documents stored as a PDF. */
  convertToPdf?: boolean;
  /** A text drawn across images and PDF pages. */
  watermark?: string;
}

/** An item of `GET /api/script/lists?valuesOnly=true` (spec 002 §7). */
export interface ListValue {
  value: string;
  label: string;
  isTranslated?: boolean;
}

export const dataProvider = {
  /** A page of a kind's records for the list grammar's parameters (docs/api.md). */
  async list(kind: Kind, query: Query, options: CallOptions = {}): Promise<ListResult> {
    const answer = await request<unknown>('GET', apiPaths.kind(kind), { ...options, query });
    return readListAnswer(answer.data, answer.headers);
  },
  /** Registrations and names of the records with those registrations (at most 250). */
  names(kind: Kind, registrations: string[], options: CallOptions = {}) {
    return api.get<{ registration?: string; name?: unknown }[]>(apiPaths.kind(kind), {
      ...options,
      query: namesQuery(registrations),
    });
  },
  /** Records whose text matches, as registration and name; `extra` narrows (persons by role). */
  search(kind: Kind, term: string, extra: Query = {}, options: CallOptions = {}) {
    return api.get<{ registration: string; name?: string }[]>(apiPaths.kind(kind), {
      ...options,
      query: { search: term, range: '[0-9]', projection: 'registration,name', ...extra },
    });
  },
  get<T = Row>(kind: Kind, id: string, options: CallOptions & { query?: Query } = {}) {
    return api.get<T>(apiPaths.record(kind, id), options);
  },
  /** Creates a record; the status tells a created record (201) from an existing one answered instead (200). */
  async create<T = Row>(kind: Kind, body: unknown): Promise<{ data: T; status: number }> {
    const { data, status } = await request<T>('POST', apiPaths.kind(kind), { body });
    return { data, status };
  },
  /** Sends changed fields with the version edited (a newer one on the server answers a conflict). */
  update<T = Row>(kind: Kind, id: string, changes: unknown) {
    return api.patch<T>(apiPaths.record(kind, id), changes);
  },
  delete(kind: Kind, id: string) {
    return api.delete<unknown>(apiPaths.record(kind, id));
  },
  /** Reads a record again by POST, after a change made elsewhere (a user synchronised to a person, spec 002 §7). */
  reread<T = Row>(kind: Kind, id: string) {
    return api.post<T>(apiPaths.record(kind, id));
  },
  /** Runs a transition on a record; answers the updated record. */
  transition<T = Row>(kind: Kind, id: string, code: string, options: CallOptions = {}) {
    return api.get<T>(apiPaths.transition(kind, id, code), options);
  },
  transitions(kind: Kind, id: string, options: CallOptions = {}) {
    return api.get<TransitionItem[]>(apiPaths.recordTransitions(kind, id), { ...options, query: transitionsQuery });
  },
  /** Transitions common to the selected records. */
  selectionTransitions(kind: Kind, ids: string[], options: CallOptions = {}) {
    return api.post<TransitionItem[]>(apiPaths.selectionTransitions(kind), ids, {
      ...options,
      query: transitionsQuery,
    });
  },
  async history(kind: Kind, id: string, options: CallOptions = {}): Promise<HistoryRow[]> {
    const data = await api.get<HistoryRow[] | { entities?: HistoryRow[] }>(apiPaths.histories, {
      ...options,
      query: { entityName: kind.name, entityRegistration: id, action: 'TRANSITION', sort: 'date' },
    });
    return Array.isArray(data) ? data : (data?.entities ?? []);
  },
  /** A kind's workflow (its badge tones). */
  workflow<T>(name: string, options: CallOptions = {}) {
    return api.get<T>(apiPaths.workflow(name), options);
  },
  /** Reference lists in a language, answered in the order asked. */
  referenceLists(lists: string[], locale: string) {
    return api.get<ListValue[][]>(apiPaths.referenceLists, { query: { valuesOnly: 'true', locale, lists } });
  },
  /**
   * A kind's list exported by the server (docs/api.md "List exports"): the file and its name, or,
   * past the server's threshold, the Export record of the export that goes on in the background.
   */
  async listExport(
    kind: Kind,
    query: Query,
  ): Promise<{ file: Blob; fileName: string | undefined } | { background: Row }> {
    const answer = await request<Blob>('GET', apiPaths.listExport(kind), { query, blob: true });
    if (answer.status === 202) return { background: JSON.parse(await answer.data.text()) as Row };
    return { file: answer.data, fileName: fileNameOf(answer.headers) };
  },
  /** A document's content by the document alone (spec 002 §7, `?entityName=Document`), as a Blob. */
  async documentContent(id: string, { thumbnail = false } = {}): Promise<{ file: Blob; fileName: string | undefined }> {
    const answer = await request<Blob>('GET', apiPaths.documentById(id), {
      blob: true,
      query: { entityName: 'Document', ...(thumbnail ? { thumbnail: 'true' } : {}) },
    });
    return { file: answer.data, fileName: fileNameOf(answer.headers) };
  },
  /** Runs a named script (user configuration, quick-add relations). */
  runScript<T>(name: string, body?: unknown, options: CallOptions = {}) {
    return body === undefined
      ? api.get<T>(apiPaths.scriptRun(name), options)
      : api.post<T>(apiPaths.scriptRun(name), body, options);
  },
  script<T>(name: string, options: CallOptions = {}) {
    return api.get<T>(apiPaths.script(name), options);
  },
  /** The documents of a record, `-type,sortIndex` first. */
  documents(kind: Kind, id: string, options: CallOptions = {}) {
    return api.get<DocumentItem[]>(apiPaths.documents(kind, id), { ...options, query: { sort: '-type,sortIndex' } });
  },
  /** Attaches a file to a record; `onProgress` follows the upload (0 to 1). */
  uploadDocument(
    kind: Kind,
    id: string,
    file: File,
    fields: DocumentUploadFields = {},
    onProgress: (fraction: number) => void = () => undefined,
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields))
      if (value !== undefined && value !== '') form.append(name, String(value));
    form.append('file', file, file.name);
    return uploadWithProgress<DocumentItem>(apiPaths.documents(kind, id), form, onProgress);
  },
  /** Renames a document, changes its type or its place (`sortIndex`). */
  renameDocument(
    kind: Kind,
    id: string,
    documentId: string,
    changes: { name?: string; type?: string | null; sortIndex?: number },
  ) {
    return api.patch<DocumentItem>(apiPaths.document(kind, id, documentId), changes);
  },
  deleteDocument(kind: Kind, id: string, documentId: string) {
    return api.delete<DocumentItem>(apiPaths.document(kind, id, documentId));
  },
  /** The address that opens a document in a new window, by the token it was listed with. */
  documentLink(kind: Kind, id: string, document: DocumentItem, { thumbnail = false } = {}) {
    return `${apiPaths.documentContent(kind, id, document._id)}?contentDisposition=inline&token=${enc(document.token ?? '')}${thumbnail ? '&thumbnail=true' : ''}`;
  },
  /** Session calls: a 401 here is the answer, not an expired session. */
  session: {
    login: <T>(username: string, password: string) =>
      api.post<T>(apiPaths.login, { username, password }, { silent: true, noSessionCheck: true }),
    loginTotp: <T>(totpToken: string, code: string) =>
      api.post<T>(apiPaths.loginTotp, { totpToken, code }, { silent: true, noSessionCheck: true }),
    logout: () => api.get<unknown>(apiPaths.logout, { silent: true, noSessionCheck: true }),
    currentUser: <T>() => api.get<T>(apiPaths.currentUser, { silent: true }),
    configuration: <T>() => api.get<T>(apiPaths.scriptRun('user-configuration'), { silent: true }),
    host: <T>(hostname: string) => api.get<T>(apiPaths.host(hostname), { silent: true, noSessionCheck: true }),
    locale: <T>(locale: string) => api.get<T>(apiPaths.locale(locale), { silent: true }),
    missingKeys: (locale: string, keysToAdd: string[]) =>
      api.post<unknown>(apiPaths.localeKeys(locale), { keysToAdd }, { silent: true }),
  },
  preferences: {
    list: <T>(username: string) => api.get<T[]>(apiPaths.preferences(username), { silent: true }),
    save: <T>(username: string, preference: unknown, options: CallOptions = {}) =>
      api.post<T>(apiPaths.preferences(username), preference, options),
    delete: (username: string, id: string, options: CallOptions = {}) =>
      api.delete<unknown>(apiPaths.preference(username, id), options),
  },
  /** A short link's target (`/u/{key}`). */
  shortLink: (key: string) => api.get<{ url?: string }>(apiPaths.keyValue(key), { query: { shortUrl: 1 } }),
};
