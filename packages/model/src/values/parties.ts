/** A record's parties: its `persons` (fields.ts `persons()`), each a person's registration and a role. */
export interface Parties {
  persons?: readonly { role?: string | null; personRegistration?: string | null }[] | null;
}

/** The registration of the first person with `role` on a record's `persons` (a contract's client, an invoice's payer). */
export const personWith = (record: Parties | Record<string, unknown>, role: string): string | undefined =>
  ((record.persons as Parties['persons']) ?? []).find((p) => p.role === role)?.personRegistration ?? undefined;
