import type { Entity, Language } from './entity.ts';
import { entities } from './entity-registry.ts';

// The labels made from names, which need no kind's declaration (the web's list screens read them).
export { fieldLabel, filterLabel, humanise, machineMade } from './field-labels.ts';

/**
 * The texts the kinds' declarations give in `language`, keyed by their English wording as the
 * web's dictionaries are (`Credit lines` → `Lignes de crédit`): titles and the texts (field and
 * transition labels) a kind introduces. Two kinds giving the same English text two translations is a mistake.
 */
export function kindLabelsIn(language: Exclude<Language, 'en'>, kinds: Entity[] = entities): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (english: string, translated: string, kind: string) => {
    if (Object.hasOwn(out, english) && out[english] !== translated) {
      throw new Error(`${kind}: "${english}" is translated both "${out[english]}" and "${translated}"`);
    }
    out[english] = translated;
  };
  for (const kind of kinds) {
    const labels = kind.labels[language];
    if (!labels) continue;
    add(kind.labels.en.singular, labels.singular, kind.name);
    add(kind.labels.en.plural, labels.plural, kind.name);
    for (const [english, translated] of Object.entries(labels.texts ?? {})) add(english, translated, kind.name);
  }
  return out;
}
