import type { TFunction } from 'i18next';
import { madeNameIn } from '@lbo/model/i18n/made-names';

/**
 * A name the server made for its own record (`Dunning on 2025-09-30`, `Payment CAS000012 on
 * INV000034`) in the reader's language, its values as written; any other name as written. The
 * templates are ordinary texts of the dictionaries (model i18n/made-names.ts).
 */
export const madeNameText = (t: TFunction, name: string): string =>
  madeNameIn(name, (template, values) => t(template, values));
