import dayjs from 'dayjs';
import localeData from 'dayjs/plugin/localeData';
import { describe, expect, it } from 'vitest';
import { locales } from '@lbo/model/i18n/locales';
import { applyDayjsLocale, dayjsFileOf, loadDayjsLocale } from './dayjs-locale.ts';

dayjs.extend(localeData);

describe('dayjs in the locale', () => {
  it('takes month and day names from dayjs and the first day of the week from the product', async () => {
    const fr = await loadDayjsLocale('fr-FR');
    expect(dayjs('2025-04-03').locale(fr).format('D MMMM YYYY')).toBe('3 avril 2025');
    expect(dayjs().locale(fr).localeData().firstDayOfWeek()).toBe(1);
    const us = await loadDayjsLocale('en-US');
    expect(dayjs().locale(us).localeData().firstDayOfWeek()).toBe(0);
    const dz = await loadDayjsLocale('fr-DZ');
    expect(dayjs().locale(dz).localeData().firstDayOfWeek()).toBe(6);
    const ru = await loadDayjsLocale('ru-RU');
    expect(dayjs('2025-04-03').locale(ru).format('D MMMM')).toBe('3 апреля');
  });

  it('keeps Latin digits in Arabic so that typed dates read back', async () => {
    const eg = await loadDayjsLocale('ar-EG');
    expect(dayjs('2025-04-03').locale(eg).format('DD-MM-YYYY')).toBe('03-04-2025');
    expect(dayjs('2025-04-03').locale(eg).format('MMMM')).toBe('أبريل');
  });

  it('finds a file for every shipped locale, its own or its language’s', async () => {
    expect(dayjsFileOf('de-CH')).toBe('de-ch');
    expect(dayjsFileOf('mx-MX')).toBe('es-mx');
    expect(dayjsFileOf('es-AR')).toBe('es');
    expect(dayjsFileOf('en-EU')).toBe('en');
    for (const { tag, weekStart } of locales) {
      const name = await loadDayjsLocale(tag);
      expect(dayjs().locale(name).localeData().firstDayOfWeek(), tag).toBe(weekStart);
    }
    await applyDayjsLocale('lt-LT');
    expect(dayjs.locale()).toBe('lbo-lt-lt');
    dayjs.locale('en');
  });
});
