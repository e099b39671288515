/** A label in each language the product ships (French for `fr*` locales, English otherwise). */
export interface Label {
  en: string;
  fr: string;
}

/** One entry of a reference list (code table). */
export interface ListItem {
  value: string;
  label: Label;
  /** A name Intl gives in every language (a country, a currency, a language), rather than a dictionary. */
  names?: { type: 'region' | 'currency' | 'language'; code: string; withCode?: boolean };
}

/** A row of the compact form the data files use: value, English label, French label. */
export type Row = readonly [value: string, en: string, fr: string];

/** Builds list items from `[value, en, fr]` rows. */
export const items = (rows: readonly Row[]): ListItem[] =>
  rows.map(([value, en, fr]) => ({ value, label: { en, fr } }));

/** Upper-cases the first letter (Intl gives French names in lower case: `euro`, `français`). */
export const capitalize = (text: string, language: string): string =>
  text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
