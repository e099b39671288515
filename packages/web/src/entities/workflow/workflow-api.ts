import { useQuery } from '@tanstack/react-query';
import type { Entity } from '@lbo/model/entity';
import { api } from '../../app/api/client.ts';
import { notify } from '../../app/notify.tsx';
import { t } from '../../i18n/i18n.ts';
import { humanise } from '../entity-fields.ts';

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

export type Tone = 'success' | 'error' | 'warning' | 'ongoing' | 'stopped' | 'current' | 'default';

const base = (entity: Entity) => `/api/${entity.route}`;
const one = (entity: Entity, registration: string) => `${base(entity)}/${encodeURIComponent(registration)}`;

export const transitionText = (item: Pick<TransitionItem, 'code' | 'label'>) => item.label || item.code;

/** Menu items: hidden ones left out, by order index with `pullRight` ones last. */
export function menuTransitions(items: TransitionItem[] | undefined): TransitionItem[] {
  const shown = (items ?? []).filter((item) => !item.hidden);
  const rank = (item: TransitionItem) => (item.props?.pullRight ? 1 : 0);
  return shown.map((item, i) => ({ item, i }))
    .sort((a, b) => rank(a.item) - rank(b.item) || (a.item.orderIndex ?? a.i) - (b.item.orderIndex ?? b.i) || a.i - b.i)
    .map(({ item }) => item);
}

/** The values of a transition's messages, in the interface language: the transition's and the kind's labels. */
export const transitionMessageValues = (entity: Entity, item: TransitionItem, registration: string) =>
  ({ transition: t(transitionText(item)), entity: t(humanise(entity.clientRoute)), registration });

export const successText = (entity: Entity, item: TransitionItem, registration: string) =>
  t('Transition "{transition}" executed successfully for {entity} "{registration}"', transitionMessageValues(entity, item, registration));

export const recordTransitionsKey = (entity: Entity, registration: string | undefined) => ['transitions', entity.route, registration];

export function useRecordTransitions(entity: Entity, registration: string | undefined, version: unknown) {
  return useQuery({
    queryKey: [...recordTransitionsKey(entity, registration), version],
    queryFn: ({ signal }) => api.get<TransitionItem[]>(`${one(entity, registration!)}/transitions`, { signal, query: { exclude: 'modals,printings,documents' } }),
    enabled: Boolean(entity.status && registration),
  });
}

/** Transitions common to the selected records; never asked for an empty selection. */
export const selectionTransitions = (entity: Entity, registrations: string[], signal?: AbortSignal) =>
  api.post<TransitionItem[]>(`${base(entity)}/transitions`, registrations, { query: { exclude: 'modals,printings,documents' }, signal });

/** Runs one transition on one record (the client shows a refusal); answers the updated record. */
export async function runTransition(entity: Entity, registration: string, item: TransitionItem, options: { silent?: boolean } = {}) {
  const updated = await api.get<Record<string, unknown>>(`${one(entity, registration)}/transitions/${encodeURIComponent(item.code)}`, options);
  notify({ level: 'success', message: successText(entity, item, registration) });
  return updated;
}

export function useStatusHistory(entity: Entity, registration: string | undefined, version: unknown) {
  return useQuery({
    queryKey: ['status-history', entity.name, registration, version],
    queryFn: ({ signal }) => api.get<HistoryRow[] | { entities?: HistoryRow[] }>('/api/core/histories', {
      signal, query: { entityName: entity.name, entityRegistration: registration, action: 'TRANSITION', sort: 'date' },
    }).then((data) => (Array.isArray(data) ? data : (data?.entities ?? []))),
    enabled: Boolean(entity.status && registration),
  });
}

/** Badge tones of a kind's statuses from its workflow, loaded once per kind. */
export function useStatusTones(entity: Entity | undefined): Record<string, Tone> | undefined {
  const name = entity?.status ? entity.name : undefined;
  const { data } = useQuery({
    queryKey: ['workflow-tones', name],
    queryFn: ({ signal }) => api.get<{ tones?: Record<string, Tone> }>(`/api/core/workflows/${encodeURIComponent(name!)}`, { signal, silent: true }),
    enabled: Boolean(name),
    staleTime: 10 * 60_000,
    retry: false,
  });
  return data?.tones;
}
