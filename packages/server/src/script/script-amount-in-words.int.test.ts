import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * `lbo.amountInWords(amount, currency, language)` from a script run (docs/scripts.md): the words
 * invoices and letters print, in the language asked; bad arguments refused with the catalogue's
 * error, which the script may catch.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const saved = await t.call('POST', '/api/script/scripts', t.alpha.headers, {
    name: 'spell',
    scriptType: 'RUN',
    enabled: true,
    code: `function execute(context) {
      const q = context.query;
      if (q.bad) {
        try {
          lbo.amountInWords(q.bad, 'EUR', 'en');
        } catch (error) {
          return { status: error.status, code: error.code };
        }
      }
      return { words: lbo.amountInWords(q.currency === 'TND' ? Number(q.amount) : q.amount, q.currency, q.language) };
    }`,
  });
  if (saved.statusCode !== 201) throw new Error(saved.body);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const spell = async (query: string) => {
  const res = await t.call('GET', `/api/script/runs/spell?${query}`, t.alpha.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { words?: string; status?: number; code?: string };
};

describe('amounts in words from a script', () => {
  it('in Lithuanian, Esperanto and Indian English', async () => {
    expect((await spell('amount=1234.56&currency=EUR&language=lt-LT')).words).toBe(
      'vienas tūkstantis du šimtai trisdešimt keturi eurai penkiasdešimt šeši centai',
    );
    expect((await spell('amount=21&currency=EUR&language=eo')).words).toBe('dudek unu eŭroj');
    expect((await spell('amount=12500000&currency=INR&language=en-IN')).words).toBe(
      'one crore twenty-five lakh rupees',
    );
  });

  it('with the three decimals of the Tunisian dinar, in Arabic', async () => {
    expect((await spell('amount=1500.5&currency=TND&language=ar')).words).toBe('ألف وخمسمائة TND 500/1000');
  });

  it('refuses an amount that is not a number with the catalogue error', async () => {
    expect(await spell('bad=twelve')).toEqual({ status: 400, code: 'INVALID_NUMBER_FIELD' });
  });
});
