/** A Locale record as its screens read it (model core/locale.entity.ts). */
export interface LocaleRecord {
  _id: string;
  _version?: number;
  locale: string;
  translations?: Record<string, string>;
  missingKeys?: string[];
}

/** The texts of a locale still without translation: reported ones its translations do not hold yet. */
export function missingOf(record: Pick<LocaleRecord, 'translations' | 'missingKeys'>): string[] {
  const translations = record.translations ?? {};
  return (Array.isArray(record.missingKeys) ? record.missingKeys : []).filter(
    (key) => typeof key === 'string' && !translations[key]?.trim(),
  );
}

/**
 * What saving the typed translations writes: each text translated joins `translations` and leaves
 * `missingKeys`; a text left empty stays missing; a translation emptied is taken away.
 */
export function withTranslations(
  record: Pick<LocaleRecord, 'translations' | 'missingKeys'>,
  typed: Record<string, string | undefined>,
): { translations: Record<string, string>; missingKeys: string[] } {
  // A blank translation translates nothing: it is dropped, and its text stays missing.
  const translations = Object.fromEntries(
    Object.entries(record.translations ?? {}).filter(([, text]) => typeof text === 'string' && text.trim()),
  );
  for (const [key, value] of Object.entries(typed)) {
    const text = value?.trim();
    if (text) translations[key] = text;
    else if (value !== undefined) delete translations[key];
  }
  const reported = Array.isArray(record.missingKeys) ? record.missingKeys : [];
  return { translations, missingKeys: reported.filter((key) => !translations[key]) };
}
