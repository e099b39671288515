import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { dataProvider, queryKeys, type DocumentUploadFields, type Kind, type Row } from './data-provider.ts';

/**
 * The data provider in TanStack Query: reads as queries under the provider's keys, writes as
 * mutations that refresh what they changed. A write to a kind refreshes everything read about
 * that kind (lists, names, pins, transitions, history), never the reference lists or workflows.
 */

const sameKey = (a: QueryKey, b: QueryKey | undefined) => Boolean(b) && JSON.stringify(a) === JSON.stringify(b);

/** What is read about one record and keyed by its version: its record key, transitions and history. */
const ownsVersionedKey = (key: QueryKey, registrations: readonly string[]) =>
  ['record', 'transitions', 'history'].includes(String(key[2])) && registrations.includes(String(key[3]));

/**
 * Marks what was read about a kind as stale (shown queries are read again), except the key given.
 * `answered`: records the write answered, already cached as answered; what a screen reads about
 * them under their version (transitions, history, a contract's summary) is read under the new
 * version's key once shown, so it is only marked stale, not read again under the old one.
 */
export function kindChanged(queryClient: QueryClient, kind: Kind, except?: QueryKey, answered: string[] = []) {
  const owned = (key: QueryKey) => ownsVersionedKey(key, answered);
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: queryKeys.kind(kind),
      predicate: (query) => !sameKey(query.queryKey, except) && !owned(query.queryKey),
    }),
    queryClient.invalidateQueries({
      queryKey: queryKeys.kind(kind),
      predicate: (query) =>
        owned(query.queryKey) && !sameKey(query.queryKey, queryKeys.record(kind, String(query.queryKey[3]))),
      refetchType: 'none',
    }),
  ]);
}

/** The query of one record: the detail screen's, and its prefetch as the route opens. */
export const recordQuery = <T = Row>(kind: Kind, id: string | undefined) => ({
  queryKey: queryKeys.record(kind, id),
  queryFn: ({ signal }: { signal: AbortSignal }) => dataProvider.get<T>(kind, id!, { signal }),
  enabled: id !== undefined,
});

/** One record of a kind; none asked while `id` is undefined (a creation form). */
export function useRecord<T = Row>(kind: Kind, id: string | undefined) {
  return useQuery(recordQuery<T>(kind, id));
}

/** Creates a record of the kind; answers the record and whether it was created (201) or already held (200). */
export function useCreate<T = Row>(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => dataProvider.create<T>(kind, body),
    onSuccess: () => kindChanged(queryClient, kind),
  });
}

/** Updates one record: the answer becomes the cached record, and the rest of the kind is read again. */
export function useUpdate<T = Row>(kind: Kind, id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: unknown) => dataProvider.update<T>(kind, id!, changes),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.record(kind, id), updated);
      return kindChanged(queryClient, kind, queryKeys.record(kind, id));
    },
  });
}

export function useDelete(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => dataProvider.delete(kind, id),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.record(kind, id) });
      return kindChanged(queryClient, kind);
    },
  });
}

/** The outcome of a transition on one record. */
export type TransitionOutcome = { registration: string; record: Row } | { registration: string; error: unknown };

/**
 * Runs a transition on records one after the other (the server is not flooded, outcomes come in
 * the selection's order). Each transition answers its record: that answer becomes the cached
 * record at once (no second read), and the rest of the kind is refreshed once, without holding
 * up the outcome. `silent`: the caller reports failures.
 */
export function useTransition(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      registrations,
      code,
      silent,
    }: {
      registrations: string[];
      code: string;
      silent?: boolean;
    }) => {
      const outcomes: TransitionOutcome[] = [];
      for (const registration of registrations) {
        outcomes.push(
          await dataProvider.transition(kind, registration, code, { silent }).then(
            (record) => ({ registration, record }),
            (error: unknown) => ({ registration, error }),
          ),
        );
      }
      const answered = outcomes.flatMap((outcome) => ('record' in outcome ? [outcome] : []));
      for (const { registration, record } of answered)
        queryClient.setQueryData(queryKeys.record(kind, registration), record);
      void kindChanged(
        queryClient,
        kind,
        undefined,
        answered.map((outcome) => outcome.registration),
      );
      return outcomes;
    },
  });
}

/** The query of a record's documents; none asked while it is not saved. */
export const documentsQuery = (kind: Kind, id: string | undefined) => ({
  queryKey: queryKeys.documents(kind, id),
  queryFn: ({ signal }: { signal: AbortSignal }) => dataProvider.documents(kind, id!, { signal }),
  enabled: Boolean(id),
});

/** The documents of a record; none asked while it is not saved. */
export function useDocuments(kind: Kind, id: string | undefined) {
  return useQuery(documentsQuery(kind, id));
}

/** Upload, rename and delete of a record's documents; each reads the record's documents again. */
export function useDocumentChanges(kind: Kind, id: string | undefined) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.documents(kind, id) });
  return {
    upload: useMutation({
      mutationFn: ({
        file,
        fields,
        onProgress,
      }: {
        file: File;
        fields?: DocumentUploadFields;
        onProgress?: (fraction: number) => void;
      }) => dataProvider.uploadDocument(kind, id!, file, fields, onProgress),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: ({
        documentId,
        ...changes
      }: {
        documentId: string;
        name?: string;
        type?: string | null;
        sortIndex?: number;
      }) => dataProvider.renameDocument(kind, id!, documentId, changes),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (documentId: string) => dataProvider.deleteDocument(kind, id!, documentId),
      onSuccess: refresh,
    }),
  };
}
