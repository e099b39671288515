import { describe, expect, it } from 'vitest';
import { checkCif, checkDni, checkNie, checkSpanishId, SPANISH_ID_INVALID } from './spanish-ids.ts';
import {
  checkFrenchVat,
  checkSiren,
  checkSiret,
  frenchVatKey,
  luhnValid,
  FRENCH_VAT_INVALID,
  SIREN_INVALID,
  SIRET_INVALID,
} from './french-ids.ts';
import { checkBic, checkIban, checkMoroccanRib, ribKey, IBAN_INVALID, RIB_INVALID } from './bank-ids.ts';
import {
  checkEuVat,
  checkLithuanianVat,
  checkPattern,
  checkRegistration,
  compactRegistrationNumber,
  splitRegistration,
  INVALID_FORMAT,
  LITHUANIAN_VAT_INVALID,
  REGISTRATION_MANDATORY,
  TWO_LETTERS_EXPECTED,
} from './registration-check.ts';

describe('Spanish ids (spec 002 §10)', () => {
  it('accepts a DNI whose letter is the mod-23 letter, in any case and with spaces', () => {
    expect(checkDni('12345678Z')).toBeNull();
    expect(checkDni(' 1234 5678 z')).toBeNull();
    expect(checkDni('00000000T')).toBeNull();
    // Separators people type (python-stdnum accepts them too).
    expect(checkDni('12345678-Z')).toBeNull();
    expect(checkDni('12.345.678-z')).toBeNull();
  });
  it('refuses a DNI with a wrong letter or length', () => {
    expect(checkDni('12345678A')).toBe(SPANISH_ID_INVALID);
    expect(checkDni('1234567Z')).toBe(SPANISH_ID_INVALID);
    expect(checkDni('123456789')).toBe(SPANISH_ID_INVALID);
  });
  it('reads the NIE letters X, Y, Z as 0, 1, 2', () => {
    expect(checkNie('X1234567L')).toBeNull();
    expect(checkNie('Y1234567X')).toBeNull();
    expect(checkNie('Z1234567R')).toBeNull();
    expect(checkNie('X-1234567-L')).toBeNull();
    expect(checkNie('x.1234567.l')).toBeNull();
    // Older numbers with 8 digits (spec 002 §10).
    expect(checkNie('X01234567L')).toBeNull();
    expect(checkNie('X01234567A')).toBe(SPANISH_ID_INVALID);
    expect(checkNie('X1234567A')).toBe(SPANISH_ID_INVALID);
    expect(checkNie('W1234567L')).toBe(SPANISH_ID_INVALID);
  });
  it('checks the CIF control by the leading letter', () => {
    expect(checkCif('A58818501')).toBeNull();
    expect(checkCif('B12345674')).toBeNull();
    expect(checkCif('Q2826000H')).toBeNull();
    // A, B, E, H need a digit; K, P, Q, S a letter; others either.
    expect(checkCif('B1234567D')).toBe(SPANISH_ID_INVALID);
    expect(checkCif('Q28260008')).toBe(SPANISH_ID_INVALID);
    expect(checkCif('G12345674')).toBeNull();
    expect(checkCif('G1234567D')).toBeNull();
    expect(checkCif('B12345675')).toBe(SPANISH_ID_INVALID);
    expect(checkCif('I12345674')).toBe(SPANISH_ID_INVALID);
  });
  it('accepts any of the three as a Spanish id', () => {
    for (const v of ['12345678Z', 'X1234567L', 'A58818501']) expect(checkSpanishId(v)).toBeNull();
    expect(checkSpanishId('HELLO')).toBe(SPANISH_ID_INVALID);
  });
  it('accepts a NIF written with its ES country prefix, and stores it without', () => {
    for (const v of ['ES12345678Z', 'es 12345678-z', 'ESX1234567L', 'ES-A58818501', 'ES B-58378431', 'ESK1234567L'])
      expect(checkSpanishId(v), v).toBeNull();
    expect(checkSpanishId('ES12345678A')).toBe(SPANISH_ID_INVALID);
    expect(checkSpanishId('ES1234567Z')).toBe(SPANISH_ID_INVALID);
    expect(checkRegistration('NIF', 'ES 12345678-Z')).toBeNull();
    expect(compactRegistrationNumber('NIF', 'ES 12345678-Z')).toBe('12345678Z');
    expect(compactRegistrationNumber('NIF', 'es b-58378431')).toBe('B58378431');
    // Only the NIF carries the country prefix: a DNI is its 9 characters.
    expect(checkDni('ES12345678Z')).toBe(SPANISH_ID_INVALID);
  });
  it('checks a K, L or M number as 7 digits and the DNI letter of those digits', () => {
    // 1234567 mod 23 = 19 → L; 0867756 mod 23 = 12 → N.
    for (const v of ['K1234567L', 'L1234567L', 'M1234567L', 'K0867756N', 'k-0867756-n'])
      expect(checkSpanishId(v), v).toBeNull();
    for (const v of [
      'K1234567M', // wrong letter
      'K12A4567N', // a letter among the digits (parseInt would read 12)
      'K123456L', // 6 digits
      'K12345678L', // 8 digits
      'K12345674', // a CIF-style digit key
      'K1234567J', // a CIF-style letter key
    ])
      expect(checkSpanishId(v), v).toBe(SPANISH_ID_INVALID);
  });
});

describe('French ids', () => {
  it('checks the Luhn key of SIREN and SIRET', () => {
    expect(luhnValid('732829320')).toBe(true);
    expect(checkSiren('732 829 320')).toBeNull();
    expect(checkSiren('732829321')).toBe(SIREN_INVALID);
    expect(checkSiren('73282932')).toBe(SIREN_INVALID);
    expect(checkSiret('73282932000074')).toBeNull();
    expect(checkSiret('73282932000075')).toBe(SIRET_INVALID);
    expect(checkSiret('732829320')).toBe(SIRET_INVALID);
  });
  it('refuses a SIRET whose SIREN key fails, even when the 14-digit sum holds', () => {
    for (const v of ['55203253400646', '54210765100011', '552 081 317 00018']) expect(checkSiret(v), v).toBeNull();
    // Luhn over 14 digits holds, over the first 9 it does not.
    for (const v of ['73282932100015', '55208121000023', '44330612600014']) {
      expect(luhnValid(v.replace(/\s/g, '')), v).toBe(true);
      expect(checkSiret(v), v).toBe(SIRET_INVALID);
    }
    expect(checkSiret('5520325340064A')).toBe(SIRET_INVALID);
    expect(checkSiret('552032534006460')).toBe(SIRET_INVALID);
    // A check digit one off fails the 14-digit sum.
    expect(checkSiret('55203253400647')).toBe(SIRET_INVALID);
  });
  it("applies La Poste's sum-of-digits rule to its establishments, and accepts its head office", () => {
    expect(checkSiret('35600000049837')).toBeNull();
    expect(checkSiret('35600000049838')).toBe(SIRET_INVALID);
    expect(checkSiret('35600000000048')).toBeNull();
    expect(checkSiret('356 000 000 00048')).toBeNull();
    expect(checkSiret('356.000.000.00048')).toBeNull();
  });
  it('checks the key of a French VAT number', () => {
    expect(frenchVatKey('303265045')).toBe('40');
    expect(checkFrenchVat('FR40303265045')).toBeNull();
    expect(checkFrenchVat('FR 44 732829320')).toBeNull();
    expect(checkFrenchVat('FR41303265045')).toBe(FRENCH_VAT_INVALID);
    // Alphanumeric keys (older numbering) have their own check.
    expect(checkFrenchVat('FRK7399859412')).toBeNull();
    expect(checkFrenchVat('fr 4z 123456782')).toBeNull();
    expect(checkFrenchVat('FRAB303265045')).toBe(FRENCH_VAT_INVALID);
    expect(checkFrenchVat('FR4030326504')).toBe(FRENCH_VAT_INVALID);
  });
});

describe('bank ids', () => {
  it('accepts the IBAN registry examples, with or without spaces', () => {
    for (const iban of [
      'FR1420041010050500013M02606',
      'DE89 3704 0044 0532 0130 00',
      'GB29NWBK60161331926819',
      'BE68539007547034',
      'NL91ABNA0417164300',
      'MA64011519000001205000534921',
      'TN5910006035183598478831',
    ])
      expect(checkIban(iban)).toBeNull();
  });
  it('refuses a wrong check, length or country', () => {
    expect(checkIban('FR1420041010050500013M02607')).toBe(IBAN_INVALID);
    expect(checkIban('DE8937040044053201300')).toBe(IBAN_INVALID);
    expect(checkIban('XX89370400440532013000')).toBe(IBAN_INVALID);
    expect(checkIban('')).toBe(IBAN_INVALID);
  });
  it('checks BICs', () => {
    expect(checkBic('BNPAFRPPXXX')).toBeNull();
    expect(checkBic('BNPA')).not.toBeNull();
  });
  it('checks the key of a Moroccan RIB (the registry example inside MA64…)', () => {
    expect(ribKey('0115190000012050005349')).toBe('21');
    expect(checkMoroccanRib('011519000001205000534921')).toBeNull();
    expect(checkMoroccanRib('011519000001205000534922')).toBe(RIB_INVALID);
    expect(checkMoroccanRib('01151900000120500053492')).toBe(RIB_INVALID);
  });
});

describe('registration dispatcher (spec 002 §5)', () => {
  it('runs the rule of each type', () => {
    expect(checkRegistration('SIR', '732829320')).toBeNull();
    expect(checkRegistration('SIR', '732829321')).toBe(SIREN_INVALID);
    expect(checkRegistration('SRT', '73282932000074')).toBeNull();
    expect(checkRegistration('CIF', 'A58818501')).toBeNull();
    expect(checkRegistration('NIF', '12345678Z')).toBeNull();
    expect(checkRegistration('DNI', 'X1234567L')).toBe(SPANISH_ID_INVALID);
    expect(checkRegistration('NIE', 'X1234567L')).toBeNull();
    expect(checkRegistration('IBAN', 'BE68539007547034')).toBeNull();
    expect(checkRegistration('RIB', '011519000001205000534921')).toBeNull();
  });
  it('wants two leading letters on VAT numbers, and the FR and LT formats', () => {
    expect(checkRegistration('EVA', '12345')).toBe(TWO_LETTERS_EXPECTED);
    expect(checkRegistration('EV-', 'DE136695976')).toBeNull();
    expect(checkRegistration('EVA', 'DE000000000')).toBe(INVALID_FORMAT);
    expect(checkRegistration('EVA', 'DE 136 695 976')).toBeNull();
    expect(checkRegistration('EVA', 'EL094259216')).toBeNull();
    expect(checkRegistration('EVA', 'GB980780684')).toBeNull();
    expect(checkRegistration('EVA', 'BE0403019261')).toBeNull();
    expect(checkRegistration('EVA', 'BE0403019262')).toBe(INVALID_FORMAT);
    expect(checkRegistration('EVA', 'FR40303265045')).toBeNull();
    expect(checkRegistration('EVA', 'FR123')).toBe(FRENCH_VAT_INVALID);
    expect(checkEuVat('LT119511515')).toBeNull();
    expect(checkLithuanianVat('LT123456789')).toBe(LITHUANIAN_VAT_INVALID);
    expect(checkRegistration('EVA', 'LT1234567890')).toBe(LITHUANIAN_VAT_INVALID);
  });
  it('lets automatic types go without a number and wants one for the others', () => {
    for (const type of ['AUT', 'COM', 'PTN', 'PRO']) expect(checkRegistration(type, '')).toBeNull();
    expect(checkRegistration('SIR', '  ')).toBe(REGISTRATION_MANDATORY);
    expect(checkRegistration('GBR', '01234567')).toBeNull();
  });
  it('applies a tenant pattern and a format-check hook', () => {
    expect(checkPattern('AB12', '[A-Z]{2}\\d{2}')).toBeNull();
    expect(checkRegistration('GBR', 'AB123', { pattern: '[A-Z]{2}\\d{2}' })).toBe(INVALID_FORMAT);
    expect(checkRegistration('GBR', 'AB12', { pattern: '[A-Z]{2}\\d{2}' })).toBeNull();
    expect(checkRegistration('GBR', 'x', { pattern: '(' })).toBeNull();
    const formatCheck = (type: string, value: string) =>
      type === 'GBR' && value.length !== 8 ? 'Eight characters' : null;
    expect(checkRegistration('GBR', '0123', { formatCheck })).toBe('Eight characters');
    expect(checkRegistration('SIR', '732829321', { formatCheck })).toBe(SIREN_INVALID);
  });
  it('checks Swiss UIDs and Italian VAT numbers, and stores checked numbers compact', () => {
    expect(checkRegistration('CHE', 'CHE-109.910.570')).toBeNull();
    expect(checkRegistration('CHE', 'CHE-100.155.211')).toBe(INVALID_FORMAT);
    expect(checkRegistration('ITA', '00743110157')).toBeNull();
    expect(checkRegistration('ITA', '00743110158')).toBe(INVALID_FORMAT);
    expect(compactRegistrationNumber('NIE', 'x-1234567-l')).toBe('X1234567L');
    expect(compactRegistrationNumber('SRT', '356.000.000 00048')).toBe('35600000000048');
    expect(compactRegistrationNumber('PAS', 'ab-12 34')).toBe('ab-1234');
  });
  it('splits a registration into its type and number', () => {
    expect(splitRegistration('SIR732829320')).toEqual({ type: 'SIR', number: '732829320' });
  });
});
