import { useTranslation } from 'react-i18next';
import { languageOf } from '@lbo/model/i18n/locales';

/** The reader's language, as the pages are written (`fr`, `en`…). */
export function useDocumentationLanguage(): string {
  const { i18n } = useTranslation();
  return languageOf(i18n.language);
}
