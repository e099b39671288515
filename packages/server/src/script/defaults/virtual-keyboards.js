// GET /api/script/runs/virtual-keyboards?locale=…: the on-screen keyboards a locale offers, the
// locale's own first. Each layout is rows of keys; `direction` is rtl for Arabic.
const layouts = {
  QWERTY: {
    name: 'QWERTY',
    language: 'en',
    direction: 'ltr',
    rows: ['1234567890-=', 'qwertyuiop[]', "asdfghjkl;'", 'zxcvbnm,./'],
  },
  AZERTY: {
    name: 'AZERTY',
    language: 'fr',
    direction: 'ltr',
    rows: ['&é"\'(-è_çà)=', 'azertyuiop^$', 'qsdfghjklmù*', '<wxcvbn,;:!'],
  },
  QWERTZ: {
    name: 'QWERTZ',
    language: 'de',
    direction: 'ltr',
    rows: ['1234567890ß´', 'qwertzuiopü+', 'asdfghjklöä#', '<yxcvbnm,.-'],
  },
  ARABIC: {
    name: 'Arabic',
    language: 'ar',
    direction: 'rtl',
    rows: ['١٢٣٤٥٦٧٨٩٠-=', 'ضصثقفغعهخحجد', 'شسيبلاتنمكط', 'ئءؤرلاىةوزظ'],
  },
  CYRILLIC: {
    name: 'ЙЦУКЕН',
    language: 'ru',
    direction: 'ltr',
    rows: ['1234567890-=', 'йцукенгшщзхъ', 'фывапролджэ', 'ячсмитьбю.'],
  },
};

const byLanguage = {
  fr: ['AZERTY', 'QWERTY'],
  de: ['QWERTZ', 'QWERTY'],
  ar: ['ARABIC', 'AZERTY', 'QWERTY'],
  ru: ['CYRILLIC', 'QWERTY'],
  uk: ['CYRILLIC', 'QWERTY'],
  bg: ['CYRILLIC', 'QWERTY'],
  sr: ['CYRILLIC', 'QWERTZ', 'QWERTY'],
};
const byLocale = {
  'fr-CH': ['QWERTZ', 'AZERTY', 'QWERTY'],
  'de-CH': ['QWERTZ', 'QWERTY'],
  'ar-EG': ['ARABIC', 'QWERTY'],
};

function execute(context) {
  const locale = String(context.query.locale || context.user.locale || 'en-US');
  const language = locale.split('-')[0].toLowerCase();
  const names = byLocale[locale] || byLanguage[language] || ['QWERTY', 'AZERTY', 'QWERTZ'];
  const all = names.concat(Object.keys(layouts).filter((name) => !names.includes(name)));
  return {
    locale,
    layouts: all.map((name) => ({
      id: name,
      ...layouts[name],
      rows: layouts[name].rows.map((row) => Array.from(row)),
    })),
  };
}
