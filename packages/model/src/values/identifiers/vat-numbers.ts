import * as at from 'stdnum/lib/cjs/at/uid.js';
import * as be from 'stdnum/lib/cjs/be/vat.js';
import * as bg from 'stdnum/lib/cjs/bg/vat.js';
import * as ch from 'stdnum/lib/cjs/ch/vat.js';
import * as cy from 'stdnum/lib/cjs/cy/vat.js';
import * as cz from 'stdnum/lib/cjs/cz/dic.js';
import * as de from 'stdnum/lib/cjs/de/vat.js';
import * as dk from 'stdnum/lib/cjs/dk/cvr.js';
import * as ee from 'stdnum/lib/cjs/ee/kmkr.js';
import * as es from 'stdnum/lib/cjs/es/nif.js';
import * as fi from 'stdnum/lib/cjs/fi/alv.js';
import * as gb from 'stdnum/lib/cjs/gb/vat.js';
import * as gr from 'stdnum/lib/cjs/gr/vat.js';
import * as hr from 'stdnum/lib/cjs/hr/oib.js';
import * as hu from 'stdnum/lib/cjs/hu/anum.js';
import * as ie from 'stdnum/lib/cjs/ie/vat.js';
import * as it from 'stdnum/lib/cjs/it/iva.js';
import * as lu from 'stdnum/lib/cjs/lu/tva.js';
import * as lv from 'stdnum/lib/cjs/lv/pvn.js';
import * as mt from 'stdnum/lib/cjs/mt/vat.js';
import * as nl from 'stdnum/lib/cjs/nl/btw.js';
import * as pl from 'stdnum/lib/cjs/pl/nip.js';
import * as pt from 'stdnum/lib/cjs/pt/nif.js';
import * as ro from 'stdnum/lib/cjs/ro/cif.js';
import * as se from 'stdnum/lib/cjs/se/vat.js';
import * as si from 'stdnum/lib/cjs/si/ddv.js';
import * as sk from 'stdnum/lib/cjs/sk/dph.js';
import * as lt from 'stdnum/lib/cjs/lt/pvm.js';
import { checkFrenchVat } from './french-ids.ts';
import { compactIdentifier, type LibraryValidator } from './identifier-text.ts';

/**
 * VAT numbers (spec 002 §5, types EVA and EV-): two letters, then the number of that country,
 * checked by stdnum (the table of python-stdnum's `eu.vat`: the member states, Greece as EL,
 * Switzerland, and the United Kingdom with Northern Ireland as XI). The spec's messages: FR and
 * LT numbers answer their format hint, the other countries "Invalid format". A prefix no
 * library knows is accepted on its two letters, as the spec asks no more.
 */
export const TWO_LETTERS_EXPECTED = 'Must start with two letters';
export const LITHUANIAN_VAT_INVALID = 'Invalid format, expected LT000000000 or LT000000000000';
export const VAT_INVALID = 'Invalid format';

export const vatValidators: Record<string, LibraryValidator> = {
  AT: at,
  BE: be,
  BG: bg,
  CH: ch,
  CY: cy,
  CZ: cz,
  DE: de,
  DK: dk,
  EE: ee,
  EL: gr,
  ES: es,
  FI: fi,
  GB: gb,
  XI: gb,
  HR: hr,
  HU: hu,
  IE: ie,
  IT: it,
  LT: lt,
  LU: lu,
  LV: lv,
  MT: mt,
  NL: nl,
  PL: pl,
  PT: pt,
  RO: ro,
  SE: se,
  SI: si,
  SK: sk,
};

/** LT, then nine or twelve digits with their check digit. */
export function checkLithuanianVat(value: string): string | null {
  const v = compactIdentifier(value);
  return v.startsWith('LT') && lt.validate(v).isValid ? null : LITHUANIAN_VAT_INVALID;
}

export function checkEuVat(value: string): string | null {
  const v = compactIdentifier(value);
  if (!/^[A-Z]{2}/.test(v)) return TWO_LETTERS_EXPECTED;
  const country = v.slice(0, 2);
  if (country === 'FR') return checkFrenchVat(v);
  if (country === 'LT') return checkLithuanianVat(v);
  const validator = vatValidators[country];
  if (!validator) return null;
  // Most validators read their own prefix; XI (and any that does not) is read without it.
  return validator.validate(v).isValid || validator.validate(v.slice(2)).isValid ? null : VAT_INVALID;
}
