import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from './documents/document-texts.ts';
import { madeNameIn, madeNames, madeNameTemplate } from './made-names.ts';

const french = (template: string, values: Record<string, string>) =>
  madeNames[template] ? fillPlaceholders(madeNames[template], values) : undefined;

describe('the names the server makes', () => {
  it('read in French with their values as written', () => {
    expect(madeNameIn('Billing up to 2025-06-30', french)).toBe('Facturation jusqu’au 2025-06-30');
    expect(madeNameIn('Dunning on 2025-09-30', french)).toBe('Relances du 2025-09-30');
    expect(madeNameIn('Payment CAS000012 on INV000034', french)).toBe('Paiement CAS000012 sur INV000034');
    expect(madeNameIn('Direct debit returned (AM04) on INV000007', french)).toBe(
      'Prélèvement rejeté (AM04) sur INV000007',
    );
    expect(madeNameIn('Direct debits CORE of Leasing du Rhône SAS due by 2025-07-05', french)).toBe(
      'Prélèvements CORE de Leasing du Rhône SAS échus au 2025-07-05',
    );
    expect(madeNameIn('VAT collected', french)).toBe('TVA collectée');
    expect(
      madeNameIn(
        'Contract CT000003 Peugeot 308 SW for Noah Dubois ends on 2027-01-01: prepare its end of term',
        french,
      ),
    ).toBe('Le contrat CT000003 Peugeot 308 SW for Noah Dubois se termine le 2027-01-01 : préparer sa fin de contrat');
  });

  it('take the longer template first, and translate a made name inside another', () => {
    expect(madeNameTemplate('Import of clients.csv into Person')?.template).toBe('Import of {file} into {kind}');
    expect(madeNameTemplate('Import of statement march.xml')?.template).toBe('Import of {file}');
    expect(madeNameIn('Reversal: Net investment billed', french)).toBe('Extourne : Investissement net facturé');
    expect(madeNameIn('Batch BAT000003 failed: Dunning on 2025-09-30', french)).toBe(
      'Le traitement BAT000003 a échoué : Relances du 2025-09-30',
    );
    expect(madeNameIn('Batch finished: task-rules: Task rules on 2026-11-28', french)).toBe(
      'Traitement terminé : task-rules: Règles de tâches du 2026-11-28',
    );
    expect(madeNameIn('nightly-indexation: Indexation on 2025-07-01', french)).toBe(
      'nightly-indexation: Indexation du 2025-07-01',
    );
  });

  it('leave a name a person wrote as written', () => {
    for (const name of ['Invoice template for Acme', 'Van for a day of work', 'Lot July 2025', 'notes: see file', ''])
      expect(madeNameIn(name, french)).toBe(name);
    // A language without the template keeps the English.
    expect(madeNameIn('Dunning on 2025-09-30', () => undefined)).toBe('Dunning on 2025-09-30');
  });

  it('give every template a French with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [english, translated] of Object.entries(madeNames)) {
      expect(placeholders(translated), english).toEqual(placeholders(english));
      expect(madeNameTemplate(english.replace(/\{(\w+)\}/g, 'X1'))?.template, english).toBe(english);
    }
  });
});
