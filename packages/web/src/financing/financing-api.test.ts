import { afterEach, describe, expect, it, vi } from 'vitest';
import { amendmentPreview, contractSummary, onboardPartner, paymentPlan } from './financing-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the financing calls', () => {
  it('go to their paths through the one client, registrations encoded', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await paymentPlan({ amount: 1000, duration: 12 });
    await contractSummary('CT 1');
    await amendmentPreview('AM1');
    await onboardPartner({ email: 'partner@example.com', name: 'Partner', language: 'fr-FR' });
    expect(fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'GET /api/financing/calculator/payment-plan?amount=1000&duration=12',
      'GET /api/financing/contracts/CT%201/summary',
      'GET /api/financing/amendments/AM1/preview',
      'POST /api/financing/agreements/onboard-partner',
    ]);
  });
});
