import { items, type ListItem, type Row } from './item.ts';

/**
 * Person registration types (spec 002 §3): the first three characters of a registration.
 * AUT, COM, PTN and PRO are numbered by the server; SIR, EVA, GBR, CHE, CIF, NIF, ITA and DEU
 * can be looked up in an external register.
 */
const types = {
  AUT: ['AUT', 'Automatic', 'Automatique'],
  COM: ['COM', 'Company (automatic)', 'Société (automatique)'],
  PTN: ['PTN', 'Partner (automatic)', 'Partenaire (automatique)'],
  PRO: ['PRO', 'Prospect (automatic)', 'Prospect (automatique)'],
  SIR: ['SIR', 'SIREN (France)', 'SIREN (France)'],
  SRT: ['SRT', 'SIRET (France)', 'SIRET (France)'],
  EVA: ['EVA', 'VAT number (EU)', 'Numéro de TVA intracommunautaire (UE)'],
  GBR: ['GBR', 'Company number (United Kingdom)', "Numéro d'entreprise (Royaume-Uni)"],
  CHE: ['CHE', 'UID (Switzerland)', 'IDE (Suisse)'],
  CIF: ['CIF', 'CIF (Spain)', 'CIF (Espagne)'],
  NIF: ['NIF', 'NIF (Spain)', 'NIF (Espagne)'],
  ITA: ['ITA', 'Partita IVA (Italy)', 'Partita IVA (Italie)'],
  DEU: ['DEU', 'Handelsregister (Germany)', 'Handelsregister (Allemagne)'],
  DNI: ['DNI', 'DNI (Spain)', 'DNI (Espagne)'],
  NIE: ['NIE', 'NIE (Spain)', 'NIE (Espagne)'],
  PAS: ['PAS', 'Passport', 'Passeport'],
  PER: ['PER', 'Personal identifier', 'Identifiant personnel'],
  PRS: ['PRS', 'Professional identifier', 'Identifiant professionnel'],
} as const satisfies Record<string, Row>;

type Code = keyof typeof types;
const pick = (...codes: Code[]): ListItem[] => items(codes.map((code) => types[code]));

const businessRegisters: Code[] = ['SIR', 'SRT', 'EVA', 'GBR', 'CHE', 'CIF', 'NIF', 'ITA', 'DEU'];

export const registrationLists: Record<string, ListItem[]> = {
  registrationType: items(Object.values(types)),
  individualRegistrationType: pick('AUT', 'PER', 'DNI', 'NIE', 'NIF', 'PAS'),
  professionalRegistrationType: pick('AUT', 'PRO', 'PRS', ...businessRegisters, 'DNI', 'NIE'),
  organizationRegistrationType: pick('AUT', 'COM', ...businessRegisters),
  companyRegistrationType: pick('AUT', 'COM', 'PTN', 'PRO', ...businessRegisters),
  /** How a registration was checked (`registrations[].verificationType`). */
  verificationType: items([
    ['MANUAL', 'Manual check', 'Contrôle manuel'],
    ['DOCUMENT', 'Document check', 'Contrôle documentaire'],
    ['REGISTRY', 'Registry lookup', 'Consultation du registre'],
    ['ELECTRONIC_ID', 'Electronic ID', 'Identité numérique'],
    ['VIDEO', 'Video identification', 'Identification vidéo'],
    ['THIRD_PARTY', 'Third-party provider', 'Prestataire tiers'],
  ]),
};
