import { kindByName } from '@lbo/model/lazy-registry';
import { api, request } from '../app/api/client.ts';
import { apiPaths, dataProvider, queryKeys, type Query } from '../app/api/data-provider.ts';
import type { ScriptLog } from './script-runner.ts';

/** The calls of the scripts (docs/scripts.md): the Script kind through the data provider, its own routes here. */
export const scriptKind = kindByName('Script')!;

const scriptPaths = {
  versions: (name: string) => `${apiPaths.script(name)}/versions`,
  testRun: (name: string) => `${apiPaths.script(name)}/test-run`,
};

export const scriptTypes = ['LAYOUT', 'FORMAT_CHECK', 'RUN', 'CRON'] as const;
export type ScriptType = (typeof scriptTypes)[number];

export interface ScriptRecord {
  _id?: string;
  _version?: number;
  name: string;
  code?: string;
  description?: string;
  scriptType?: ScriptType;
  enabled?: boolean;
  entityName?: string;
  status?: string;
  _update_user?: string;
  _update_date?: string;
  _updateUser?: string;
  _insertUser?: string;
}

export interface ScriptVersion {
  version: number;
  date: string;
  username: string;
  code: string;
}

export interface TestRunAnswer {
  result?: unknown;
  logs: ScriptLog[];
  durationMs: number;
  error?: { code: string; message: string };
}

export const scriptKeys = {
  all: queryKeys.kind(scriptKind),
  list: (query: Query) => queryKeys.list(scriptKind, query),
  record: (name: string | undefined) => queryKeys.record(scriptKind, name),
  versions: (name: string | undefined) => [...queryKeys.kind(scriptKind), 'versions', name] as const,
  /** A script as a screen runs it (layouts, format checks): null when the tenant has none. */
  runnable: (name: string) => ['script', 'runnable', name] as const,
};

/** The scripts of the editor's list: name, type, entity and switch, sorted by name. */
export async function listScripts(query: Query): Promise<ScriptRecord[]> {
  const { rows } = await dataProvider.list(scriptKind, { sort: 'name', range: '[0-249]', ...query });
  return rows as unknown as ScriptRecord[];
}

export const readScript = (name: string) => dataProvider.get<ScriptRecord>(scriptKind, name);

/**
 * A script a screen runs (spec 000 §7 "a missing script may be accepted silently"): null when
 * the tenant has none or has switched it off; a failed read other than a 404 says so.
 */
export async function runnableScript(name: string): Promise<ScriptRecord | null> {
  try {
    const { data } = await request<ScriptRecord>('GET', apiPaths.script(name), { silent: true });
    return data && data.enabled !== false && typeof data.code === 'string' ? data : null;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

export const createScript = (script: ScriptRecord) => dataProvider.create<ScriptRecord>(scriptKind, script);

/** Saves the changed fields over the version edited (a newer one on the server answers a conflict). */
export const updateScript = (name: string, changes: Partial<ScriptRecord> & { _version?: number }) =>
  dataProvider.update<ScriptRecord>(scriptKind, name, changes);

export const scriptVersions = (name: string) => api.get<ScriptVersion[]>(scriptPaths.versions(name));

/** Runs the code being edited (or the saved one) on the server, as a run of that script would. */
export const testRun = (name: string, body: { code?: string; query?: Query; body?: unknown }) =>
  api.post<TestRunAnswer>(scriptPaths.testRun(name), body);
