import { phoneCountries, phoneCountryOfLocale, phoneNumberOf, phoneParts } from '@lbo/model/values/phones';
import type { InvalidInput } from './parse.ts';

/**
 * The phone field (spec 000 §5): a country calling-code picker and a local number. What is typed
 * becomes the stored form (E.164) as soon as the model's rule reads it in the picked country;
 * anything else is kept as an InvalidInput, which the field reports as "Invalid format".
 */
export function phoneInputValue(text: string, country: string | undefined): string | InvalidInput | undefined {
  if (text.trim() === '') return undefined;
  return phoneNumberOf(text, country) ?? { invalidInput: text };
}

/** The picker's country and the local number of a stored value; the picker starts on the user's country. */
export function phoneFieldParts(value: unknown, locale: string): { country?: string; local: string } {
  const fallback = phoneCountryOfLocale(locale);
  if (typeof value !== 'string' || value === '') return { country: fallback, local: '' };
  return phoneParts(value, fallback);
}

/** Picker options: `FR +33`, searchable by the country's name in the user's language. */
export function phoneCountryOptions(names: Intl.DisplayNames | undefined) {
  return phoneCountries.map(({ country, callingCode }) => ({
    value: country,
    label: `${country} +${callingCode}`,
    search: `${country} +${callingCode} ${names?.of(country) ?? ''}`.toLowerCase(),
  }));
}
