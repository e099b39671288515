import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** The on-screen keyboards of a locale (docs/locale-formats.md): its own first, a fallback, a refusal. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const keyboards = async (query: string) => {
  const res = await t.call('GET', `/api/script/runs/virtual-keyboards${query}`, t.alpha.headers);
  return {
    res,
    body: res.json() as {
      locale: string;
      layouts: { id: string; direction: string; rows: string[][]; shiftRows: string[][] }[];
    },
  };
};
const ids = (body: { layouts: { id: string }[] }) => body.layouts.map((l) => l.id);

describe('virtual keyboards', () => {
  it('answers the locale’s own layouts first, then QWERTY, and may be cached', async () => {
    const { res, body } = await keyboards('?locale=fr-FR');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(ids(body)).toEqual(['AZERTY', 'QWERTY']);
    expect(body.layouts[0].rows[1].slice(0, 6)).toEqual(['a', 'z', 'e', 'r', 't', 'y']);
    expect(body.layouts[0].shiftRows[0][0]).toBe('1');
    const expected: [string, string, string][] = [
      ['ru-RU', 'RUSSIAN', 'й'],
      ['uk-UA', 'UKRAINIAN', 'й'],
      ['lt-LT', 'LITHUANIAN', '`'],
      ['hu-HU', 'HUNGARIAN', '0'],
      ['de-DE', 'QWERTZ', '^'],
      ['pl-PL', 'POLISH', '1'],
      ['tr-TR', 'TURKISH', '"'],
    ];
    for (const [locale, layout] of expected)
      expect(ids((await keyboards(`?locale=${locale}`)).body)[0], locale).toBe(layout);
    expect((await keyboards('?locale=ru-RU')).body.layouts[0].rows[1][0]).toBe('й');
    expect((await keyboards('?locale=lt-LT')).body.layouts[0].rows[0]).toContain('ą');
    expect((await keyboards('?locale=hu-HU')).body.layouts[0].rows[1]).toContain('ő');
  });

  it('lays Arabic out right to left, with lam-alef as one key, and French beside it in the Maghreb', async () => {
    const { body } = await keyboards('?locale=ar-MA');
    expect(ids(body)).toEqual(['ARABIC', 'AZERTY', 'QWERTY']);
    expect(body.layouts[0].direction).toBe('rtl');
    expect(body.layouts[0].rows[3]).toContain('لا');
    expect(ids((await keyboards('?locale=ar-EG')).body)).toEqual(['ARABIC', 'QWERTY']);
  });

  it('falls back to the language’s layout, then QWERTY, and to the caller’s locale', async () => {
    expect(ids((await keyboards('?locale=fr-CA')).body)).toEqual(['AZERTY', 'QWERTY']);
    expect(ids((await keyboards('?locale=ja-JP')).body)).toEqual(['QWERTY']);
    expect(ids((await keyboards('?locale=en-US')).body)).toEqual(['QWERTY']);
    const { res, body } = await keyboards('');
    expect(res.statusCode, res.body).toBe(200);
    expect(body.layouts.at(-1)?.id).toBe('QWERTY');
  });

  it('refuses a locale that is no language tag, naming the field', async () => {
    for (const bad of ['fr_FR!', '12-34', '<script>']) {
      const { res } = await keyboards(`?locale=${encodeURIComponent(bad)}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('INVALID_FIELD_IN_QUERY');
      expect(res.json().message).toContain('locale');
    }
    const unknownField = await keyboards('?layout=AZERTY');
    expect(unknownField.res.statusCode).toBe(400);
    const signedOut = await t.call('GET', '/api/script/runs/virtual-keyboards?locale=fr-FR', {});
    expect(signedOut.statusCode).toBe(401);
  });
});
