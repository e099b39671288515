/** French texts of the translations screens (/locales, /locale/{id}), keyed by their English wording. */
export const localesFr: Record<string, string> = {
  Translations: 'Traductions',
  'Texts the interface showed without a translation wait here, by locale, for an administrator to translate them.':
    'Les textes que l’interface a affichés sans traduction attendent ici, par locale, qu’un administrateur les traduise.',
  Locale: 'Locale',
  'Missing translations': 'Traductions manquantes',
  'Missing translations: {count}': 'Traductions manquantes : {count}',
  Missing: 'Manquante',
  All: 'Tout',
  'Save translations': 'Enregistrer les traductions',
  'Translations saved': 'Traductions enregistrées',
  'Every reported text is translated.': 'Chaque texte signalé est traduit.',
  Text: 'Texte',
  Translation: 'Traduction',
  'Translation of {text}': 'Traduction de {text}',
  'Loading…': 'Chargement…',
};
