import type { FieldDef } from '@lbo/model/fields';
import { kindByName, type KindEntry } from '@lbo/model/lazy-registry';
import { truncated, useLinkedNames } from '../fields/linked-names.ts';
import { detailPath } from './entity-fields.ts';
import { FastLink } from './FastLink.tsx';

/** Names in a list cell are cut to 17 characters (spec 001 §2.4, §9: payer and payee names). */
export const cellNameLength = 17;

type Item = Record<string, unknown>;

/** The item field of a list that links to another kind (`persons[].personRegistration` → Person). */
export function itemLinkOf(field: FieldDef | undefined): { name: string; target: KindEntry } | undefined {
  if (field?.type !== 'list') return undefined;
  for (const [name, f] of Object.entries(field.fields ?? {})) {
    const target = f.type === 'link' && f.entity ? kindByName(f.entity) : undefined;
    if (target) return { name, target };
  }
  return undefined;
}

/** The item's own name: a copy kept on the item, or the linked record given by `include`. */
const ownName = (item: Item, key: string): string | undefined => {
  const name = item.name ?? (item[key] as Item | null | undefined)?.name;
  return typeof name === 'string' && name ? name : undefined;
};

/**
 * Items linking to other records as `Payer: Studio Martin SAS, Payee: Tom Kowalski`: the
 * role's label and the linked record's name, the names of a whole page read in one request.
 * `linked`: each name is a link to its record (inside a table's FastLinkScope), its full name in
 * its tooltip.
 */
export function LinkedItemsCell({
  items,
  field,
  roleLabel,
  linked = false,
}: {
  items: unknown[];
  field: FieldDef;
  roleLabel(role: string): string;
  linked?: boolean;
}) {
  const link = itemLinkOf(field)!;
  const key = link.target.name[0].toLowerCase() + link.target.name.slice(1);
  const rows = items.filter((i): i is Item => Boolean(i) && typeof i === 'object');
  const registrationOf = (item: Item) =>
    typeof item[link.name] === 'string' ? (item[link.name] as string) : undefined;
  const wanted = [
    ...new Set(
      rows
        .filter((item) => !ownName(item, key))
        .map(registrationOf)
        .filter((r): r is string => Boolean(r)),
    ),
  ];
  const names = useLinkedNames(link.target, wanted);
  const parts = rows.map((item) => {
    const registration = registrationOf(item);
    const name = ownName(item, key) ?? (registration && names.get(registration)) ?? registration ?? '';
    const role = typeof item.role === 'string' && item.role ? roleLabel(item.role) : undefined;
    return {
      registration,
      name,
      role,
      full: role ? `${role}: ${name}` : name,
      shown: role ? `${role}: ${truncated(name, cellNameLength)}` : truncated(name, cellNameLength),
    };
  });
  if (linked) {
    return (
      <span>
        {parts.map((p, i) => (
          <span key={`${p.role}:${p.registration ?? i}`} title={p.full} data-linked-item={p.registration}>
            {i > 0 && ', '}
            {p.role && `${p.role}: `}
            {p.registration ? (
              <FastLink to={detailPath(link.target, p.registration)}>{truncated(p.name, cellNameLength)}</FastLink>
            ) : (
              truncated(p.name, cellNameLength)
            )}
          </span>
        ))}
      </span>
    );
  }
  return <span title={parts.map((p) => p.full).join(', ')}>{parts.map((p) => p.shown).join(', ')}</span>;
}
