import { useQuery } from '@tanstack/react-query';
import type { Entity } from '@lbo/model/entity';
import { dataProvider, queryKeys, type TransitionItem } from '../../app/api/data-provider.ts';
import { useTransition, type TransitionOutcome } from '../../app/api/data-hooks.ts';
import { notify } from '../../app/notify.tsx';
import { t } from '../../i18n/i18n.ts';

export type { HistoryRow, TransitionItem } from '../../app/api/data-provider.ts';

export type Tone = 'success' | 'error' | 'warning' | 'ongoing' | 'stopped' | 'current' | 'default';

export const transitionText = (item: Pick<TransitionItem, 'code' | 'label'>) => item.label || item.code;

/** Menu items: hidden ones left out, by order index with `pullRight` ones last. */
export function menuTransitions(items: TransitionItem[] | undefined): TransitionItem[] {
  const shown = (items ?? []).filter((item) => !item.hidden);
  const rank = (item: TransitionItem) => (item.props?.pullRight ? 1 : 0);
  return shown
    .map((item, i) => ({ item, i }))
    .sort((a, b) => rank(a.item) - rank(b.item) || (a.item.orderIndex ?? a.i) - (b.item.orderIndex ?? b.i) || a.i - b.i)
    .map(({ item }) => item);
}

/** The values of a transition's messages, in the interface language: the transition's and the kind's labels. */
export const transitionMessageValues = (entity: Entity, item: TransitionItem, registration: string) => ({
  transition: t(transitionText(item)),
  entity: t(entity.labels.en.singular),
  registration,
});

export const successText = (entity: Entity, item: TransitionItem, registration: string) =>
  t(
    'Transition "{transition}" executed successfully for {entity} "{registration}"',
    transitionMessageValues(entity, item, registration),
  );

/** The query of a record's transitions at a version (a new version reads them again). */
export const recordTransitionsQuery = (entity: Entity, registration: string | undefined, version: unknown) => ({
  queryKey: [...queryKeys.transitions(entity, registration), version],
  queryFn: ({ signal }: { signal: AbortSignal }) => dataProvider.transitions(entity, registration!, { signal }),
  enabled: Boolean(entity.status && registration),
});

export function useRecordTransitions(entity: Entity, registration: string | undefined, version: unknown) {
  return useQuery(recordTransitionsQuery(entity, registration, version));
}

/** Transitions common to the selected records; never asked for an empty selection. */
export function useSelectionTransitions(entity: Entity, registrations: string[]) {
  const sorted = [...registrations].sort();
  return useQuery({
    queryKey: queryKeys.selectionTransitions(entity, sorted),
    queryFn: ({ signal }) => dataProvider.selectionTransitions(entity, sorted, { signal }),
    enabled: Boolean(entity.status) && sorted.length > 0,
  });
}

/**
 * Runs a transition on one record, with the success notice (the client shows a refusal, which
 * is thrown); the kind is read again either way.
 */
export function useRunTransition(entity: Entity) {
  const mutation = useTransition(entity);
  const run = async (registration: string, item: TransitionItem) => {
    const [outcome] = await mutation.mutateAsync({ registrations: [registration], code: item.code });
    if ('error' in outcome) throw outcome.error;
    notify({ level: 'success', message: successText(entity, item, registration) });
    return outcome.record;
  };
  /** Runs it on several records, with no notice of its own: each outcome is the caller's to report. */
  const runOnEach = async (registrations: string[], item: TransitionItem): Promise<TransitionOutcome[]> =>
    mutation.mutateAsync({ registrations, code: item.code, silent: true });
  return { run, runOnEach, running: mutation.isPending };
}

/** The query of a record's status history at a version. */
export const statusHistoryQuery = (entity: Entity, registration: string | undefined, version: unknown) => ({
  queryKey: [...queryKeys.history(entity, registration), version],
  queryFn: ({ signal }: { signal: AbortSignal }) => dataProvider.history(entity, registration!, { signal }),
  enabled: Boolean(entity.status && registration),
});

export function useStatusHistory(entity: Entity, registration: string | undefined, version: unknown) {
  return useQuery(statusHistoryQuery(entity, registration, version));
}

/** The query of a kind's badge tones, from its workflow, read once per kind. */
export const statusTonesQuery = (entity: Entity | undefined) => {
  const name = entity?.status ? entity.name : undefined;
  return {
    queryKey: queryKeys.workflowTones(name),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      dataProvider.workflow<{ tones?: Record<string, Tone> }>(name!, { signal, silent: true }),
    enabled: Boolean(name),
    staleTime: 10 * 60_000,
    retry: false,
  };
};

/** Badge tones of a kind's statuses from its workflow, loaded once per kind. */
export function useStatusTones(entity: Entity | undefined): Record<string, Tone> | undefined {
  return useQuery(statusTonesQuery(entity)).data?.tones;
}
