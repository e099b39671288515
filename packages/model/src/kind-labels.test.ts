import { describe, expect, it } from 'vitest';
import { entities } from './entity-registry.ts';
import type { FieldDef } from './fields.ts';
import { fieldLabel, filterLabel, kindLabelsIn, machineMade } from './kind-labels.ts';

/** Every label a kind's fields show: `Kind.path: label`. */
function shownLabels(): string[] {
  const out: string[] = [];
  const walk = (kind: string, fields: Record<string, FieldDef>, prefix: string) => {
    for (const [name, field] of Object.entries(fields)) {
      if (field.hidden) continue;
      out.push(`${kind}.${prefix}${name}: ${fieldLabel(name, field)}`);
      if (field.fields) walk(kind, field.fields, `${prefix}${name}.`);
    }
  };
  for (const kind of entities) walk(kind.name, kind.fields, '');
  return out;
}

describe('labels a person reads', () => {
  it('tell a machine-made label from a written one', () => {
    for (const made of [
      'Pr',
      'Dc',
      'Id',
      'Rum reference',
      'Sepas',
      'Iban',
      'Bic',
      'Apr',
      'Vat rate',
      'Pdf',
      'Irr',
      'Ics',
    ])
      expect(machineMade(made), made).toBe(true);
    for (const written of [
      'UMR reference',
      'SEPA mandates',
      'IBAN',
      'BIC',
      'APR',
      'VAT rate',
      'Debit or credit',
      'Name',
      'Is chosen',
      'Receivable or payable',
    ])
      expect(machineMade(written), written).toBe(false);
  });

  it('every field of every kind shows a label written by a person, not one made from its name', () => {
    const made = shownLabels().filter((line) => machineMade(line.slice(line.indexOf(': ') + 2)));
    expect(made).toEqual([]);
  });

  it("every search filter shows a written label: its field's when named after it", () => {
    const invoice = entities.find((kind) => kind.name === 'Invoice')!;
    expect(filterLabel(invoice, { name: 'pr' })).toBe('Payable or receivable');
    expect(filterLabel(invoice, { name: 'contract', field: 'contractRegistration' })).toBe('Contract');
    const made = entities.flatMap((kind) =>
      kind.filters
        .filter((filter) => !filter.hidden && machineMade(filterLabel(kind, filter)))
        .map((filter) => `${kind.name}.${filter.name}: ${filterLabel(kind, filter)}`),
    );
    expect(made).toEqual([]);
  });

  it('every kind title reads as written', () => {
    const made = entities.flatMap((kind) =>
      [kind.labels.en.singular, kind.labels.en.plural].filter(machineMade).map((title) => `${kind.name}: ${title}`),
    );
    expect(made).toEqual([]);
  });

  it('every written field label and kind title has its French', () => {
    const french = kindLabelsIn('fr');
    const missing = entities.flatMap((kind) =>
      [
        kind.labels.en.singular,
        kind.labels.en.plural,
        ...Object.values(kind.fields).flatMap((f) => [f.label, ...Object.values(f.fields ?? {}).map((n) => n.label)]),
      ]
        .filter((label): label is string => !!label && !french[label])
        .map((label) => `${kind.name}: ${label}`),
    );
    expect(missing).toEqual([]);
  });
});
