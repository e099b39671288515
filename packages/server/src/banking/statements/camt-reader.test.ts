import { describe, expect, it } from 'vitest';
import { camtReader, units, type CamtEntry, type CamtStatement } from './camt-reader.ts';
import { camt053File } from './camt-generator.ts';
import { creditorReference, creditorReferenceBody, creditorReferencesIn } from '@lbo/model/values/creditor-reference';

/** Reads `xml` fed in pieces of `piece` characters: its statements and entries. */
function read(xml: string, piece = 7) {
  const statements: CamtStatement[] = [];
  const entries: CamtEntry[] = [];
  let messageId: string | undefined;
  const reader = camtReader({
    header: (h) => {
      messageId = h.messageId;
    },
    statement: (s) => statements.push(s),
    entry: (_s, e) => entries.push(e),
    statementEnd: () => undefined,
  });
  for (let at = 0; at < xml.length; at += piece) reader.write(xml.slice(at, at + piece));
  reader.close();
  return { messageId, statements, entries };
}

describe('the camt reader', () => {
  const xml = camt053File(
    { messageId: 'MSG-1', statementId: 'S-1', iban: 'FR7630006000011234567890189', opening: '-10.5' },
    [
      {
        amount: '100.10',
        remittance: 'Invoice 2026-A-1',
        counterpartyName: 'Durand & fils',
        counterpartyIban: 'DE89370400440532013000',
        endToEndId: 'E-1',
      },
      { amount: '30', creditDebit: 'DBIT', endToEndId: 'E-2', mandateReference: 'RUM-1', returnReason: 'MD01' },
      {
        amount: '20',
        batch: [
          { amount: '5', endToEndId: 'B-1' },
          { amount: '15', endToEndId: 'B-2', remittance: 'second' },
        ],
      },
    ],
  ).toString('utf8');

  it('reads statements and entries whatever the pieces it is fed in', () => {
    for (const piece of [1, 13, 4096]) {
      const { messageId, statements, entries } = read(xml, piece);
      expect(messageId).toBe('MSG-1');
      expect(statements).toEqual([
        expect.objectContaining({
          kind: '053',
          id: 'S-1',
          iban: 'FR7630006000011234567890189',
          currency: 'EUR',
          opening: { amount: '-10.50', date: '2026-11-30' },
        }),
      ]);
      expect(entries.map((e) => e.transactions.length)).toEqual([1, 1, 2]);
    }
  });

  it('takes each transaction’s references, parties, remittance and return reason', () => {
    const [paid, returned, batch] = read(xml).entries;
    expect(paid.transactions[0]).toMatchObject({
      creditDebit: 'CRDT',
      amount: '100.10',
      currency: 'EUR',
      endToEndId: 'E-1',
      remittanceInformation: 'Invoice 2026-A-1',
      counterpartyName: 'Durand & fils',
      counterpartyIban: 'DE89370400440532013000',
      bookingDate: '2026-11-30',
    });
    expect(returned.transactions[0]).toMatchObject({
      creditDebit: 'DBIT',
      reversal: true,
      returnReason: 'MD01',
      mandateReference: 'RUM-1',
      endToEndId: 'E-2',
    });
    expect(batch.transactions.map((t) => [t.amount, t.endToEndId, t.remittanceInformation])).toEqual([
      ['5.00', 'B-1', undefined],
      ['15.00', 'B-2', 'second'],
    ]);
  });

  it('refuses XML that is not well-formed', () => {
    expect(() => read(xml.replace('</Stmt>', ''))).toThrow();
  });

  it('counts amounts exactly', () => {
    expect(units('0.1') + units('0.2')).toBe(units('0.3'));
    expect(units('-27.05', 2)).toBe(-2705n);
    expect(() => units('1.234567')).toThrow();
  });
});

describe('ISO 11649 creditor references', () => {
  it('makes and checks them by mod 97', () => {
    expect(creditorReference('539007547034')).toBe('RF18539007547034');
    expect(creditorReferenceBody('RF18 5390 0754 7034')).toBe('539007547034');
    expect(creditorReferenceBody('RF19539007547034')).toBeUndefined();
    expect(creditorReference('2026-PER000001-000042')).toMatch(/^RF\d{2}2026PER000001000042$/);
    expect(creditorReferenceBody(creditorReference('2026-PER000001-000042')!)).toBe('2026PER000001000042');
    expect(creditorReference('X'.repeat(22))).toBeUndefined();
  });

  it('finds the valid ones in a free text', () => {
    expect(creditorReferencesIn('Payment RF18 5390 0754 7034 and RF00123 thanks')).toEqual(['539007547034']);
  });
});
