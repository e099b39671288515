import { describe, expect, it } from 'vitest';
import { checkPhone } from '@lbo/model/values/phones';
import { entityByName } from '@lbo/model/entity-registry';
import { validateFields } from '@lbo/model/values/validate';
import { checkIban } from '@lbo/model/values/identifiers/bank-ids';
import { checkSiren, checkSiret } from '@lbo/model/values/identifiers/french-ids';
import { personAt, demoSize } from './demo-data.ts';
import { bookPrefixes } from './bootstrap.ts';
import { frenchIbanAt, sirenAt } from './demo-persons.ts';

const person = entityByName('Person')!;
const prefixes = bookPrefixes();
const persons = Array.from({ length: demoSize.persons }, (_, i) => personAt(i, prefixes));

describe('demo persons', () => {
  it('pass the checks the API applies to a person', async () => {
    for (const doc of [...persons, ...Array.from({ length: 50 }, (_, i) => personAt(i, prefixes, true))]) {
      const valid = validateFields(doc, person.fields, '', { requireMandatory: true });
      // The person rules load on first use: the check answers a promise.
      await expect(Promise.resolve(person.check?.(valid)), String(doc.registration)).resolves.toBeUndefined();
    }
  });

  it('have valid identifiers and IBANs', () => {
    for (let i = 0; i < 2000; i += 7) {
      expect(checkSiren(sirenAt(i)), `SIREN ${i}`).toBeNull();
      expect(checkIban(frenchIbanAt(i)), `IBAN ${i}`).toBeNull();
    }
    // Stored as E.164, the form the phone field writes.
    for (const p of persons)
      expect([checkPhone(String(p.phone)), /^\+\d+$/.test(String(p.phone))], String(p.phone)).toEqual([null, true]);
    const companies = persons.filter((p) => p.type === 'C');
    expect(companies.length).toBeGreaterThan(100);
    for (const c of companies) {
      expect(checkSiret(String(c.siret))).toBeNull();
      expect((c.registrations as { type: string }[]).map((r) => r.type)).toEqual(['PER', 'SIR']);
      expect(c.contacts).toHaveLength(1);
    }
  });

  it('hold one three-level group whose links point at persons of the book', () => {
    const linked = persons.filter((p) => Array.isArray(p.descendants));
    const links = linked.flatMap((p) =>
      (p.descendants as { personRegistration: string }[]).map((d) => [p.registration, d.personRegistration]),
    );
    expect(links).toHaveLength(4);
    const registrations = new Set(persons.map((p) => p.registration));
    for (const [, target] of links) expect(registrations.has(target)).toBe(true);
    // owner → holding → subsidiary → shop
    const targets = (r: unknown) => links.filter(([s]) => s === r).map(([, t]) => t);
    const depth = (r: unknown): number => Math.max(0, ...targets(r).map((t) => depth(t) + 1));
    expect(Math.max(...links.map(([s]) => depth(s)))).toBe(3);
  });
});
