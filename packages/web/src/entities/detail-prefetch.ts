import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { kindByName, loadedKind } from '@lbo/model/lazy-registry';
import type { FieldDef } from '@lbo/model/fields';
import { documentsQuery, recordQuery } from '../app/api/data-hooks.ts';
import { listQueryOptions } from '../fields/reference-lists.ts';
import { linkedName, linkedNameKey } from '../fields/linked-names.ts';
import { recordTransitionsQuery, statusHistoryQuery, statusTonesQuery } from './workflow/workflow-api.ts';

/** A query's options as the prefetch needs them: the same key and function as the card that shows it. */
export interface PrefetchOptions {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<unknown>;
  enabled?: boolean;
  staleTime?: number;
  retry?: boolean;
}

/**
 * Starts a query now, during render, unless it is cached or on its way: its card then finds it
 * (same key, same function) instead of asking once it has rendered, one round trip after its parent.
 */
export function prefetch(queryClient: QueryClient, options: PrefetchOptions) {
  if (options.enabled === false || queryClient.getQueryState(options.queryKey)) return;
  void queryClient.prefetchQuery(options);
}

/** The reference lists a kind's fields and status show, nested fields included. */
function listsOf(fields: Record<string, FieldDef>, into = new Set<string>()): Set<string> {
  for (const def of Object.values(fields)) {
    if (def.hidden) continue;
    if (def.list) into.add(def.list);
    if (def.fields) listsOf(def.fields, into);
  }
  return into;
}

/** The records a record's link fields name (nested lists included), by kind name and registration. */
function linksOf(fields: Record<string, FieldDef>, value: unknown, into: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) {
    for (const item of value) linksOf(fields, item, into);
    return into;
  }
  if (!value || typeof value !== 'object') return into;
  for (const [name, def] of Object.entries(fields)) {
    const field = (value as Record<string, unknown>)[name];
    if (def.type === 'link' && def.entity && typeof field === 'string' && field.length >= 3)
      into.push([def.entity, field]);
    else if (def.fields) linksOf(def.fields, field, into);
  }
  return into;
}

/**
 * What a detail screen reads, asked for all at once as its route opens, while the screen's code
 * loads: the record, then (with its registration and version) its transitions, status history
 * and documents, and the kind's badge tones and reference lists. Without it each card asks only
 * once the form above it has rendered.
 */
export function usePrefetchDetail(entity: Entity, id: string | undefined) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  // Asked now, during render: useQuery alone would ask once the route has committed.
  prefetch(queryClient, recordQuery(entity, id));
  const { data } = useQuery(recordQuery<Record<string, unknown>>(entity, id));
  if (!id) return;
  prefetch(queryClient, statusTonesQuery(entity));
  for (const list of listsOf(entity.fields)) prefetch(queryClient, listQueryOptions(list, i18n.language));
  if (entity.status) prefetch(queryClient, listQueryOptions(entity.status, i18n.language));
  // The documents card's types (once the Document kind's declaration is loaded; the card loads it).
  const documentTypes = loadedKind('Document')?.fields.type?.list;
  if (entity.name !== 'Document' && documentTypes)
    prefetch(queryClient, listQueryOptions(documentTypes, i18n.language));
  const registration = typeof data?.registration === 'string' ? data.registration : undefined;
  if (!registration) return;
  // The names shown under its links, in one request per kind (linked-names.ts batches them).
  for (const [kindName, linked] of linksOf(entity.fields, data)) {
    const kind = kindByName(kindName);
    if (!kind) continue;
    prefetch(queryClient, {
      queryKey: linkedNameKey(kind, linked),
      queryFn: () => linkedName(kind, linked),
      staleTime: 60_000,
      retry: false,
    });
  }
  prefetch(queryClient, recordTransitionsQuery(entity, registration, data?._version));
  prefetch(queryClient, statusHistoryQuery(entity, registration, data?._version));
  if (entity.name !== 'Document') prefetch(queryClient, documentsQuery(entity, registration));
}
