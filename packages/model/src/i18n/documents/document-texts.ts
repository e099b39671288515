/**
 * The texts of the documents the server writes (invoice PDFs, dunning letters, mails, workbooks,
 * notifications), per language, keyed by their English with `{name}` (or handlebars `{{name}}`)
 * placeholders: `reference.json` holds the English with its French, `<language>.json` the other
 * languages. The files are small, so they are all imported at once: a document is rendered
 * synchronously. A text a language lacks stays English.
 */
import ar from './ar.json' with { type: 'json' };
import de from './de.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import hu from './hu.json' with { type: 'json' };
import it from './it.json' with { type: 'json' };
import lt from './lt.json' with { type: 'json' };
import nl from './nl.json' with { type: 'json' };
import pl from './pl.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };
import fr from './reference.json' with { type: 'json' };
import ro from './ro.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };
import tr from './tr.json' with { type: 'json' };
import uk from './uk.json' with { type: 'json' };
import { languageOf } from '../locales.ts';

export type DocumentDictionary = Readonly<Record<string, string>>;

/** Each translated language's dictionary (French is the reference's). */
export const documentDictionaries: Readonly<Record<string, DocumentDictionary>> = {
  fr,
  de,
  es,
  it,
  nl,
  pt,
  ru,
  uk,
  hu,
  lt,
  pl,
  ro,
  tr,
  ar,
};

/** The languages documents are written in: English and every dictionary's. */
export const documentLanguages: readonly string[] = ['en', ...Object.keys(documentDictionaries)];

/**
 * The language of a document for a locale or language tag (`lt-LT` → `lt`, `fr` → `fr`, `mx-MX`
 * → `es`): its language when documents are written in it, English otherwise.
 */
export function documentLanguage(tag: string | null | undefined): string {
  const language = languageOf(tag);
  return documentLanguages.includes(language) ? language : 'en';
}

/** `{x}` placeholders filled from `values`; an unknown one is left as it is. */
export const fillPlaceholders = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** `english` in `language` (a language or locale tag), with `values` filled in; English when not translated. */
export function documentText(language: string, english: string, values?: Record<string, string>): string {
  const translated = documentDictionaries[documentLanguage(language)]?.[english] || english;
  return values ? fillPlaceholders(translated, values) : translated;
}

/** The placeholders of a text (`{name}`, `{{name}}`, `{{#if link}}`…), sorted: a translation keeps the same. */
export const documentPlaceholders = (text: string): string[] => (text.match(/\{\{?[^{}]+\}\}?/g) ?? []).sort();
