import { useQuery } from '@tanstack/react-query';
import { dynoEntity, type DynoDescriptor } from '@lbo/model/dyno';
import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import { dataProvider } from '../app/api/data-provider.ts';

const descriptors = entityByName('DynoDescriptor')!;

/**
 * The kind a tenant's DynoDescriptor describes, as the generic screens take it: the model's
 * `dynoEntity` (the one the server serves under `/api/dyno/{name}`), listed and opened under
 * `/page/{name}` (spec 000 §2.2), titled by the descriptor's label.
 */
export function pageKind(descriptor: DynoDescriptor): Entity {
  const entity = dynoEntity(descriptor);
  const title = descriptor.label || descriptor.name;
  return {
    ...entity,
    listRoute: `page/${descriptor.name}`,
    clientRoute: `page/${descriptor.name}`,
    labels: { ...entity.labels, en: { singular: title, plural: title } },
    // The server pins `type` to the kind's name; no documents routes serve dynamic records.
    fields: { ...entity.fields, type: { ...entity.fields.type, hidden: true, readOnly: true } },
    screens: { ...entity.screens, documents: false },
  };
}

/** The kind of `/page/{name}`, read from the tenant's descriptor of that name. */
export function useDynoKind(name: string | undefined) {
  return useQuery({
    queryKey: ['dyno-kind', name],
    queryFn: async ({ signal }) =>
      pageKind(await dataProvider.get<DynoDescriptor>(descriptors, name!, { signal, silent: true })),
    enabled: Boolean(name),
    staleTime: 60_000,
    retry: false,
  });
}
