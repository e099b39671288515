/**
 * The person parts of the demo book: valid identifiers (a SIREN with its Luhn key for companies),
 * a contact, a bank account with a valid French IBAN and a SEPA mandate for clients, and one small
 * group of companies linked by relations, so that the person screens and the relation diagram
 * show real-looking data. Pure functions of the record index, like the rest of the generator.
 */
import { luhnValid } from '@lbo/model/values/identifiers/french-ids';
import { ibanOf, ribKey } from '@lbo/model/values/identifiers/bank-ids';

type Doc = Record<string, unknown>;

/** `body` followed by the first check digit that makes its Luhn sum right. */
const withLuhnDigit = (body: string) => `${body}${[...'0123456789'].find((d) => luhnValid(`${body}${d}`))}`;

/** A SIREN: eight digits from `i` and the Luhn check digit. */
export const sirenAt = (i: number) => withLuhnDigit(String(10000000 + ((i * 7919 + 3001) % 89999999)));

/** The head office's SIRET: the SIREN, establishment 0001 and the Luhn check digit. */
export const siretAt = (i: number) => withLuhnDigit(`${sirenAt(i)}0001`);

/** A French IBAN: bank 30004 (BNP Paribas), branch, an 11-digit account and the RIB key. */
export function frenchIbanAt(i: number): string {
  const bank = '30004';
  const branch = String(1000 + (i % 9000)).padStart(5, '0');
  const account = String(10000000000 + i * 104729).slice(-11);
  return ibanOf('FR', `${bank}${branch}${account}${ribKey(`${bank}${branch}${account}`)}`);
}

/**
 * The demo group, among the first persons: a holding with two subsidiaries, a shop under the
 * first one, and an individual owning the holding (indexes found from the persons' types).
 */
export function demoGroup(
  isCompany: (i: number) => boolean,
): Map<number, { index: number; relation: string; stake: number }[]> {
  const companies: number[] = [];
  let owner = -1;
  for (let i = 1; i < 200 && (companies.length < 4 || owner < 0); i++) {
    if (isCompany(i)) {
      if (companies.length < 4) companies.push(i);
    } else if (owner < 0) owner = i;
  }
  const [holding, sub1, sub2, shop] = companies;
  return new Map([
    [owner, [{ index: holding, relation: 'SHAREHOLDER', stake: 0.51 }]],
    [
      holding,
      [
        { index: sub1, relation: 'PARENT_COMPANY', stake: 0.8 },
        { index: sub2, relation: 'PARENT_COMPANY', stake: 0.6 },
      ],
    ],
    [sub1, [{ index: shop, relation: 'SHAREHOLDER', stake: 1 }]],
  ]);
}

export interface PersonBasics {
  index: number;
  registration: string;
  company: boolean;
  client: boolean;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** Identifiers, contact and bank account of a demo person. */
export function personDetails(p: PersonBasics): Doc {
  const own = { type: p.registration.slice(0, 3), number: p.registration.slice(3) };
  const siren = sirenAt(p.index);
  return {
    registrations: p.company
      ? [own, { type: 'SIR', number: siren, deliveredBy: 'INSEE', verified: true, verificationType: 'REGISTRY' }]
      : [own],
    ...(p.company
      ? {
          siret: siretAt(p.index),
          contacts: [
            {
              title: 'MR',
              firstName: p.firstName,
              lastName: p.lastName,
              position: 'Managing director',
              email: p.email,
              phone: p.phone,
              isDefault: true,
            },
          ],
        }
      : {}),
    bankAccounts: [
      {
        name: p.name,
        bankIban: frenchIbanAt(p.index),
        bankBic: 'BNPAFRPPXXX',
        bankName: 'BNP Paribas',
        bankOwner: p.name,
        collectionMethods: ['SEPA_DIRECT_DEBIT'],
        // The demo's lessor (the contracts' organization) collects by direct debit under its creditor identifier.
        ...(p.registration === 'PER000001' ? { sepaCreditorIdentifier: 'FR72ZZZ123456' } : {}),
        ...(p.client
          ? {
              sepaMandates: [
                {
                  rumReference: `RUM-${p.registration}`,
                  rumStatus: 'ACTIVE',
                  rumDateOfSignature: '2024-01-15',
                  rumType: 'RECURRENT',
                  rumFrequency: '30',
                },
              ],
            }
          : {}),
      },
    ],
  };
}
