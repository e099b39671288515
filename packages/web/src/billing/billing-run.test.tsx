import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { entityByName } from '@lbo/model/entity-registry';
import { FastLinkScope } from '../entities/FastLink.tsx';
import { LinkedItemsCell } from '../entities/LinkedItemsCell.tsx';
import { batchPercent } from '../entities/BatchProgress.tsx';
import { localDay } from '../fields/parse.ts';
import { skippedOf } from '../entities/BatchProgress.tsx';
import { runDate, runOutcome, skippedFromHeaders } from './RunBillingDialog.tsx';

describe('the billing run from the invoices list', () => {
  it('sends the day alone with useDateNoTime, else its local midnight as a full ISO time whose first ten characters are that day', () => {
    expect(runDate('2025-06-30', true)).toBe('2025-06-30');
    expect(runDate('2025-06-30', false, -120)).toBe('2025-06-30T00:00:00+02:00');
    expect(runDate('2025-01-31', false, 300)).toBe('2025-01-31T00:00:00-05:00');
    expect(runDate('2025-01-31', false, 0)).toBe('2025-01-31T00:00:00+00:00');
    expect(runDate('2025-01-31', false, -330)).toBe('2025-01-31T00:00:00+05:30');
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('reads the answer: the invoices created, or the background batch', () => {
    expect(runOutcome([{ registration: 'INV000001' }, { registration: 'INV000002' }])).toEqual({ created: 2 });
    expect(runOutcome([])).toEqual({ created: 0 });
    expect(runOutcome({ nbTotal: 1200, batchRegistration: 'BAT000003' })).toEqual({ batch: 'BAT000003', total: 1200 });
  });

  it('reads what a run skipped and why: from the answer headers in the request, from its batch result in the background', () => {
    const reason = 'no lessor organization (the contract names no person with role ORGANIZATION)';
    const headers = new Headers({
      'x-skipped-count': '2',
      'x-skipped': encodeURIComponent(
        JSON.stringify([
          { contractRegistration: 'CON000002', reason },
          { contractRegistration: 'CON000007', reason },
        ]),
      ),
    });
    expect(skippedFromHeaders(headers)).toEqual({ count: 2, reasons: [[reason, 2]] });
    expect(skippedFromHeaders(new Headers({ 'x-skipped-count': '0' }))).toBeUndefined();
    expect(skippedFromHeaders(new Headers())).toBeUndefined();
    expect(
      skippedOf({ status: 'WARNING', result: { skipped: { count: 1, reasons: { [reason]: 1 }, contracts: [] } } }),
    ).toEqual({ count: 1, reasons: [[reason, 1]] });
    expect(skippedOf({ status: 'SUCCESS' })).toBeUndefined();
  });

  it("shows a batch's progress as done of total, full only once it succeeded", () => {
    expect(batchPercent(undefined)).toBe(0);
    expect(batchPercent({ status: 'FETCHING', done: 0, total: 0 })).toBe(0);
    expect(batchPercent({ status: 'PROCESSING', done: 50, total: 200 })).toBe(25);
    expect(batchPercent({ status: 'PROCESSING', done: 200, total: 200 })).toBe(99);
    expect(batchPercent({ status: 'STOPPED', done: 10, total: 40 })).toBe(25);
    // A billing run counts invoices made from its due elements: fewer than its total.
    expect(batchPercent({ status: 'SUCCESS', done: 12, total: 40 })).toBe(100);
  });
});

describe('payer and payee in the invoices list', () => {
  it('link each name to its person, cut to 17 characters with the full name in the tooltip', () => {
    const client = new QueryClient();
    const invoice = entityByName('Invoice')!;
    const html = renderToString(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <FastLinkScope>
            <LinkedItemsCell
              linked
              items={[
                { role: 'PAYER', personRegistration: 'PER000283', name: 'Établissements Durand et fils' },
                { role: 'PAYEE', personRegistration: 'PER000001', name: 'Tom Kowalski' },
              ]}
              field={invoice.fields.persons}
              roleLabel={(role) => ({ PAYER: 'Payer', PAYEE: 'Payee' })[role] ?? role}
            />
          </FastLinkScope>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(html).toContain('href="/person/PER000283"');
    expect(html).toContain('href="/person/PER000001"');
    expect(html).toContain('title="Payer: Établissements Durand et fils"');
    expect(html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&')).toBe('Payer: Établissements Du…, Payee: Tom Kowalski');
  });
});
