import type { KeyboardLayout } from '@lbo/model/values/keyboard-layout';
import { languageOf, localeInfo } from '@lbo/model/i18n/locales';

/**
 * On-screen keyboard layouts (spec 000 §7, `GET /api/script/runs/virtual-keyboards?locale=`), as
 * data: each row is its keys separated by spaces (a key may be two letters, as Arabic lam-alef
 * `لا`), with the rows of the shifted keyboard beside them. The web adds the backspace, shift,
 * space and layout switch keys. They follow the usual PC layouts of each country.
 */
type Declared = Omit<KeyboardLayout, 'id' | 'rows' | 'shiftRows'> & { rows: string[]; shiftRows: string[] };

/** A row typed without spaces: each character a key. */
const keysOf = (row: string) => Array.from(row).join(' ');

const layouts: Record<string, Declared> = {
  QWERTY: {
    name: 'QWERTY',
    language: 'en',
    direction: 'ltr',
    rows: ['`1234567890-=', 'qwertyuiop[]\\', "asdfghjkl;'", 'zxcvbnm,./'].map(keysOf),
    shiftRows: ['~!@#$%^&*()_+', 'QWERTYUIOP{}|', 'ASDFGHJKL:"', 'ZXCVBNM<>?'].map(keysOf),
  },
  AZERTY: {
    name: 'AZERTY',
    language: 'fr',
    direction: 'ltr',
    rows: ['&é"\'(-è_çà)=', 'azertyuiop^$', 'qsdfghjklmù*', '<wxcvbn,;:!'].map(keysOf),
    shiftRows: ['1234567890°+', 'AZERTYUIOP¨£', 'QSDFGHJKLM%µ', '>WXCVBN?./§'].map(keysOf),
  },
  QWERTZ: {
    name: 'QWERTZ',
    language: 'de',
    direction: 'ltr',
    rows: ['^1234567890ß´', 'qwertzuiopü+', 'asdfghjklöä#', '<yxcvbnm,.-'].map(keysOf),
    shiftRows: ['°!"§$%&/()=?`', 'QWERTZUIOPÜ*', "ASDFGHJKLÖÄ'", '>YXCVBNM;:_'].map(keysOf),
  },
  SPANISH: {
    name: 'Español',
    language: 'es',
    direction: 'ltr',
    rows: ["º1234567890'¡", 'qwertyuiop`+', 'asdfghjklñ´ç', '<zxcvbnm,.-'].map(keysOf),
    shiftRows: ['ª!"·$%&/()=?¿', 'QWERTYUIOP^*', 'ASDFGHJKLÑ¨Ç', '>ZXCVBNM;:_'].map(keysOf),
  },
  ITALIAN: {
    name: 'Italiano',
    language: 'it',
    direction: 'ltr',
    rows: ["\\1234567890'ì", 'qwertyuiopè+', 'asdfghjklòàù', '<zxcvbnm,.-'].map(keysOf),
    shiftRows: ['|!"£$%&/()=?^', 'QWERTYUIOPé*', 'ASDFGHJKLç°§', '>ZXCVBNM;:_'].map(keysOf),
  },
  PORTUGUESE: {
    name: 'Português',
    language: 'pt',
    direction: 'ltr',
    rows: ["\\1234567890'«", 'qwertyuiop+´', 'asdfghjklçº~', '<zxcvbnm,.-'].map(keysOf),
    shiftRows: ['|!"#$%&/()=?»', 'QWERTYUIOP*`', 'ASDFGHJKLÇª^', '>ZXCVBNM;:_'].map(keysOf),
  },
  ARABIC: {
    name: 'العربية',
    language: 'ar',
    direction: 'rtl',
    rows: ['ذ 1 2 3 4 5 6 7 8 9 0 - =', 'ض ص ث ق ف غ ع ه خ ح ج د', 'ش س ي ب ل ا ت ن م ك ط', 'ئ ء ؤ ر لا ى ة و ز ظ'],
    shiftRows: ['ّ ! @ # $ % ^ & * ) ( _ +', 'َ ً ُ ٌ لإ إ ‘ ÷ × ؛ < >', 'ِ ٍ ] [ لأ أ ـ ، / : "', '~ ْ } { لآ آ ’ , . ؟'],
  },
  RUSSIAN: {
    name: 'Русская (ЙЦУКЕН)',
    language: 'ru',
    direction: 'ltr',
    rows: ['ё1234567890-=', 'йцукенгшщзхъ', 'фывапролджэ', 'ячсмитьбю.'].map(keysOf),
    shiftRows: ['Ё!"№;%:?*()_+', 'ЙЦУКЕНГШЩЗХЪ', 'ФЫВАПРОЛДЖЭ', 'ЯЧСМИТЬБЮ,'].map(keysOf),
  },
  UKRAINIAN: {
    name: 'Українська',
    language: 'uk',
    direction: 'ltr',
    rows: ["'1234567890-=", 'йцукенгшщзхїґ', 'фівапролджє', 'ячсмитьбю.'].map(keysOf),
    shiftRows: ['₴!"№;%:?*()_+', 'ЙЦУКЕНГШЩЗХЇҐ', 'ФІВАПРОЛДЖЄ', 'ЯЧСМИТЬБЮ,'].map(keysOf),
  },
  LITHUANIAN: {
    name: 'Lietuvių',
    language: 'lt',
    direction: 'ltr',
    rows: ['`ąčęėįšųū„“-ž', 'qwertyuiop[]\\', "asdfghjkl;'", 'zxcvbnm,./'].map(keysOf),
    shiftRows: ['~ĄČĘĖĮŠŲŪ()_Ž', 'QWERTYUIOP{}|', 'ASDFGHJKL:"', 'ZXCVBNM<>?'].map(keysOf),
  },
  HUNGARIAN: {
    name: 'Magyar',
    language: 'hu',
    direction: 'ltr',
    rows: ['0123456789öüó', 'qwertzuiopőú', 'asdfghjkléáű', 'íyxcvbnm,.-'].map(keysOf),
    shiftRows: ['§\'"+!%/=()ÖÜÓ', 'QWERTZUIOPŐÚ', 'ASDFGHJKLÉÁŰ', 'ÍYXCVBNM?:_'].map(keysOf),
  },
  POLISH: {
    name: 'Polski',
    language: 'pl',
    direction: 'ltr',
    rows: ['1234567890-=', 'qwertyuiop[]', "asdfghjkl;'", 'zxcvbnm,./', 'ąćęłńóśźż'].map(keysOf),
    shiftRows: ['!@#$%^&*()_+', 'QWERTYUIOP{}', 'ASDFGHJKL:"', 'ZXCVBNM<>?', 'ĄĆĘŁŃÓŚŹŻ'].map(keysOf),
  },
  ROMANIAN: {
    name: 'Română',
    language: 'ro',
    direction: 'ltr',
    rows: ['„1234567890-=', 'qwertyuiopăî', 'asdfghjklșțâ', '\\zxcvbnm,.-'].map(keysOf),
    shiftRows: ['”!@#$%^&*()_+', 'QWERTYUIOPĂÎ', 'ASDFGHJKLȘȚÂ', '|ZXCVBNM;:_'].map(keysOf),
  },
  TURKISH: {
    name: 'Türkçe (Q)',
    language: 'tr',
    direction: 'ltr',
    rows: ['"1234567890*-', 'qwertyuıopğü', 'asdfghjklşi,', '<zxcvbnmöç.'].map(keysOf),
    shiftRows: ["é!'^+%&/()=?_", 'QWERTYUIOPĞÜ', 'ASDFGHJKLŞİ;', '>ZXCVBNMÖÇ:'].map(keysOf),
  },
};

/** The layouts a language writes with, its own first; QWERTY (Latin) is always offered last. */
const byLanguage: Record<string, string[]> = {
  fr: ['AZERTY'],
  de: ['QWERTZ'],
  es: ['SPANISH'],
  it: ['ITALIAN'],
  pt: ['PORTUGUESE'],
  ru: ['RUSSIAN'],
  uk: ['UKRAINIAN'],
  lt: ['LITHUANIAN'],
  hu: ['HUNGARIAN'],
  pl: ['POLISH'],
  ro: ['ROMANIAN'],
  tr: ['TURKISH'],
  ar: ['ARABIC'],
};
/** Where a country types otherwise than its language's first country. */
const byLocale: Record<string, string[]> = {
  'fr-CH': ['QWERTZ', 'AZERTY'],
  'ar-MA': ['ARABIC', 'AZERTY'],
  'ar-DZ': ['ARABIC', 'AZERTY'],
  'ar-TN': ['ARABIC', 'AZERTY'],
};

/** A language tag (`fr-FR`, `fr`, `es-419`, `zh-Hant-TW`); anything else is refused. */
export const isLocaleTag = (tag: string) => /^[a-z]{2,3}([-_][a-z0-9]{2,8}){0,3}$/i.test(tag);

const answers = new Map<string, { locale: string; layouts: KeyboardLayout[] }>();

/**
 * The keyboards of a locale, its own first, then QWERTY: a locale the product does not ship
 * gets its language's (`fr-CA` → AZERTY), a language without its own layout QWERTY alone.
 */
export function virtualKeyboardsOf(locale: string): { locale: string; layouts: KeyboardLayout[] } {
  const tag = localeInfo(locale)?.tag ?? locale;
  let answer = answers.get(tag);
  if (!answer) {
    const own = byLocale[tag] ?? byLanguage[languageOf(tag)] ?? byLanguage[tag.slice(0, 2).toLowerCase()] ?? [];
    const ids = [...own, 'QWERTY'].filter((id, index, all) => all.indexOf(id) === index);
    answer = {
      locale: tag,
      layouts: ids.map((id) => {
        const { rows, shiftRows, ...layout } = layouts[id];
        const split = (row: string) => row.split(' ');
        return { id, ...layout, rows: rows.map(split), shiftRows: shiftRows.map(split) };
      }),
    };
    // Kept for the shipped locales only: any other tag is answered but not remembered.
    if (localeInfo(tag)) answers.set(tag, answer);
  }
  return answer;
}
