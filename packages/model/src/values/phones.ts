import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/max';

/**
 * Phone numbers (spec 000 §5, "Invalid format"), checked by libphonenumber-js with its full
 * metadata (the number's digits, not only its length, as Google's libphonenumber does) on the
 * server and in the web form alike. A number is stored in E.164 (`+33123456789`), an extension
 * after `;ext=`. The international form (`+33 …` or `0033 …`) is read alone; a local form
 * (`01 23 45 67 89`) needs the country the phone field's picker names.
 */
export const PHONE_INVALID = 'Invalid format';

/** Countries of the picker: ISO code and calling code (`FR`, `33`), in the library's order. */
export const phoneCountries: readonly { country: string; callingCode: string }[] = getCountries().map((country) => ({
  country,
  callingCode: getCountryCallingCode(country),
}));

const known = new Set<string>(getCountries());
export const isPhoneCountry = (country: string | undefined): country is CountryCode =>
  country !== undefined && known.has(country);

/** The country of a locale's region (`fr-FR` → FR), when the picker knows it (`en-EU` has none). */
export function phoneCountryOfLocale(locale: string | undefined): string | undefined {
  const region = locale?.split(/[-_]/)[1]?.toUpperCase();
  return isPhoneCountry(region) ? region : undefined;
}

function parse(value: string, country?: string) {
  const text = value.trim().replace(/^00(?=\d)/, '+');
  return parsePhoneNumberFromString(text, isPhoneCountry(country) ? country : undefined);
}

/** The stored form of a valid number (E.164, `;ext=` and the extension), undefined when it is not one. */
export function phoneNumberOf(value: string, country?: string): string | undefined {
  const phone = parse(value, country);
  if (!phone?.isValid()) return undefined;
  return phone.ext ? `${phone.number};ext=${phone.ext}` : phone.number;
}

/** Null when `value` is a valid number (international, or local to `country`), else the spec's message. */
export const checkPhone = (value: string, country?: string): string | null =>
  phoneNumberOf(value, country) ? null : PHONE_INVALID;

/** The country and local number a stored number shows in the phone field (`FR`, `01 23 45 67 89`). */
export function phoneParts(value: string, country?: string): { country?: string; local: string } {
  const phone = parse(value, country);
  if (!phone) return { country, local: value };
  const local = phone.formatNational();
  return { country: phone.country ?? country, local: phone.ext ? `${local} ext. ${phone.ext}` : local };
}
