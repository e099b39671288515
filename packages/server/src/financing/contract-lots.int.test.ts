import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { cents, lifecycleClient } from '../testing/lifecycle-client.ts';

/**
 * Running contracts ceded in a lot to a fund: the lot's total is its contracts' outstanding
 * principal as it stands, priced on submit and again on the cession, which records the fundings.
 */
let t: TestApp;
const client = lifecycleClient(() => t);
const { call, run } = client;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const contractOf = async (registration: string) =>
  (await call('GET', `/api/financing/contracts/${registration}`)).json();

describe('contract lots ceded to funds', () => {
  it('prices the lot from its contracts, cedes them with a funding each, and refuses a contract ceded twice or not running', async () => {
    const catalog = await client.catalogue();
    const a = (await client.activeContract(catalog, 0)).contract;
    const b = (await client.activeContract(catalog, 1)).contract;
    const fund = (
      await call('POST', '/api/financing/funds', {
        name: 'Senior fund',
        currency: 'EUR',
        creditLimit: 1000000,
        outstanding: 100000,
      })
    ).json().registration as string;
    const lot = (
      await call('POST', '/api/financing/contract-lots', {
        name: 'Lot March',
        fundRegistration: fund,
        rate: 0.035,
        currency: 'EUR',
        contracts: [{ contractRegistration: a.registration }, { contractRegistration: b.registration }],
      })
    ).json();
    const submitted = await run('contract-lots', lot.registration, 'SUBMIT');
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({
      totalAmount: 54000,
      contracts: [
        { contractRegistration: a.registration, outstandingPrincipal: 27000 },
        { contractRegistration: b.registration, outstandingPrincipal: 27000 },
      ],
    });
    // Two of a's instalments are paid before the cession: the lot is priced again on its transfer.
    const rent = (await client.elementsOf(a.registration)).find((e) => e.type === 'RENT')!;
    expect(
      (
        await call('PATCH', `/api/financing/contract-elements/${rent.registration}/lines`, {
          numbers: [1, 2],
          status: 'PAID',
        })
      ).statusCode,
    ).toBe(200);
    const outstandingA = (await contractOf(a.registration)).outstandingPrincipal as number;
    expect(cents(outstandingA)).toBe(2700000 - cents(rent.lines[0].principal) - cents(rent.lines[1].principal));
    for (const code of ['ACCEPT', 'VALIDATE'])
      expect((await run('contract-lots', lot.registration, code)).statusCode).toBe(200);
    const transferred = await run('contract-lots', lot.registration, 'TRANSFER');
    expect(transferred.statusCode, transferred.body).toBe(200);
    const ceded = transferred.json();
    expect(ceded).toMatchObject({ status: 'TRANSFERRED', cessionDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(cents(ceded.totalAmount)).toBe(cents(outstandingA) + 2700000);
    // The fund bought the lot: its outstanding and available follow, to the cent.
    const bought = (await call('GET', `/api/financing/funds/${fund}`)).json();
    expect(cents(bought.outstanding)).toBe(10000000 + cents(ceded.totalAmount));
    expect(cents(bought.available)).toBe(100000000 - cents(bought.outstanding));
    // One funding per contract, seen from the contract's include.
    const withFundings = (await call('GET', `/api/financing/contracts/${a.registration}?include=fundings`)).json();
    expect(withFundings.fundings).toEqual([
      expect.objectContaining({
        status: 'DISBURSED',
        fundRegistration: fund,
        contractLotRegistration: lot.registration,
        amount: outstandingA,
        rate: 0.035,
        startDate: ceded.cessionDate,
      }),
    ]);
    const history = (await call('GET', `/api/core/histories?entityName=Funding&range=[0-9]`)).json();
    expect(history.filter((h: { action: string }) => h.action === 'CREATE')).toHaveLength(2);

    // A contract already ceded, and one not running, are refused with what is wrong; nothing is written.
    const draft = (await call('POST', '/api/financing/contracts', { name: 'Not yet running' })).json()
      .registration as string;
    const again = (
      await call('POST', '/api/financing/contract-lots', {
        name: 'Lot April',
        fundRegistration: fund,
        contracts: [
          { contractRegistration: a.registration },
          { contractRegistration: draft },
          { contractRegistration: 'CT999999' },
        ],
      })
    ).json();
    const refused = await run('contract-lots', again.registration, 'SUBMIT');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      rejection: 'INCONSISTENT',
      rejectionReason: `The lot cannot be ceded: ${a.registration} (already ceded by ${lot.registration}), ${draft} (DRAFT, not ACTIVE), CT999999 (not found)`,
    });
    expect((await call('GET', `/api/financing/contract-lots/${again.registration}`)).json()).toMatchObject({
      status: 'DRAFT',
    });
    // A lot without a fund is priced on submit but not ceded.
    const c = (await client.activeContract(catalog, 1)).contract;
    const fundless = (
      await call('POST', '/api/financing/contract-lots', {
        name: 'Lot without fund',
        contracts: [{ contractRegistration: c.registration }],
      })
    ).json();
    expect((await run('contract-lots', fundless.registration, 'SUBMIT')).json().status).toBe('SUBMITTED');
    for (const code of ['ACCEPT', 'VALIDATE']) await run('contract-lots', fundless.registration, code);
    expect((await run('contract-lots', fundless.registration, 'TRANSFER')).json().rejectionReason).toBe(
      'The lot cannot be ceded: it needs a fund (fundRegistration)',
    );
    const empty = (await call('POST', '/api/financing/contract-lots', { name: 'Empty lot' })).json();
    expect((await run('contract-lots', empty.registration, 'SUBMIT')).json().rejectionReason).toBe(
      'The lot needs contracts (contracts[].contractRegistration)',
    );
    // Another tenant cannot cede them.
    expect((await run('contract-lots', lot.registration, 'SUBMIT', t.beta.headers)).statusCode).toBe(404);
  });
});
