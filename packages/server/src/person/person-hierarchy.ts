import { sql } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import { formatAddress, type Address } from '@lbo/model/values/addresses';
import type { Tx } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';

/**
 * Links between persons (spec 002 §3 relation diagram): a holder lists the persons it holds or
 * is linked to in `descendants[] {personRegistration, relation, stake}`; the held person finds
 * its ascendants by looking for itself in those lists (a GIN index on `descendants`).
 */
export interface Descendant {
  personRegistration: string;
  relation: string;
  stake?: number;
}

export interface DiagramPerson {
  _id: string;
  registration: string;
  name: string | null;
  type: string | null;
  riskClass: string | null;
  address: string;
  username: string | null;
  roles: unknown[];
  descendants: Descendant[];
}

export interface Link {
  source: string;
  target: string;
  relation: string;
  stake: number | null;
}

/** At most this many persons in one diagram: a group larger than that is shown in part. */
export const HIERARCHY_LIMIT = 500;

export const descendantsOf = (doc: Doc): Descendant[] =>
  (Array.isArray(doc.descendants) ? doc.descendants : []).filter(
    (d): d is Descendant => typeof d?.personRegistration === 'string',
  );

/** Records whose `descendants` name one of `registrations`. */
export async function holdersOf(tx: Tx, entity: Entity, tenant: string, registrations: string[]): Promise<Doc[]> {
  if (!registrations.length) return [];
  const patterns = registrations.map((r) => JSON.stringify([{ personRegistration: r }]));
  const { rows } =
    await sql<storage.Row>`SELECT _id, registration, status, name, type, data, _insert_date, _insert_user, _update_date, _update_user, _version
    FROM ${sql.table(entity.table)} WHERE tenant = ${tenant} AND (data #> '{descendants}') @> ANY(${patterns}::jsonb[])
    ORDER BY registration LIMIT ${HIERARCHY_LIMIT}`.execute(tx);
  return rows.map(storage.toDocument);
}

/** The ascendants of a person: each holder with the relation and stake it declares. */
export async function ascendantsOf(tx: Tx, entity: Entity, tenant: string, registration: string) {
  const holders = await holdersOf(tx, entity, tenant, [registration]);
  return holders.flatMap((holder) =>
    descendantsOf(holder)
      .filter((d) => d.personRegistration === registration)
      .map((d) => ({
        relation: d.relation,
        stake: d.stake ?? null,
        personRegistration: holder.registration,
        person: summaryOf(holder),
      })),
  );
}

export function summaryOf(doc: Doc): DiagramPerson {
  const addresses = Array.isArray(doc.addresses) ? (doc.addresses as Address[]) : [];
  return {
    _id: String(doc._id),
    registration: String(doc.registration),
    name: (doc.name as string) ?? null,
    type: (doc.type as string) ?? null,
    riskClass: (doc.riskClass as string) ?? null,
    address: formatAddress(addresses[0]),
    username: (doc.username as string) ?? null,
    roles: Array.isArray(doc.roles) ? doc.roles : [],
    descendants: descendantsOf(doc),
  };
}

/**
 * The whole group around a person: holders and held persons, transitively, each once, with one
 * link per declared relation between two persons of the group.
 */
export async function hierarchyOf(
  tx: Tx,
  entity: Entity,
  tenant: string,
  start: Doc,
): Promise<{ persons: DiagramPerson[]; links: Link[] }> {
  const found = new Map<string, Doc>([[String(start.registration), start]]);
  let frontier = [start];
  while (frontier.length && found.size < HIERARCHY_LIMIT) {
    const next: Doc[] = [];
    const held = [...new Set(frontier.flatMap((d) => descendantsOf(d).map((x) => x.personRegistration)))].filter(
      (r) => !found.has(r),
    );
    const heldRows = (await storage.findMany(tx, entity, tenant, held)).map(storage.toDocument);
    const holders = await holdersOf(
      tx,
      entity,
      tenant,
      frontier.map((d) => String(d.registration)),
    );
    for (const doc of [...heldRows, ...holders]) {
      const registration = String(doc.registration);
      if (found.has(registration) || found.size >= HIERARCHY_LIMIT) continue;
      found.set(registration, doc);
      next.push(doc);
    }
    frontier = next;
  }
  const persons = [...found.values()].map(summaryOf);
  const links = persons.flatMap((p) =>
    p.descendants
      .filter((d) => found.has(d.personRegistration))
      .map((d) => ({
        source: p.registration,
        target: d.personRegistration,
        relation: d.relation,
        stake: d.stake ?? null,
      })),
  );
  return { persons, links };
}
