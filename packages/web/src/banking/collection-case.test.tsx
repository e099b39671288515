import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FastLinkScope } from '../entities/FastLink.tsx';
import { CollectionHistoryCard } from './CollectionCaseScreen.tsx';

describe('a collection case’s history', () => {
  it('lists its returned debits and dunning levels newest first, linking invoices, letters and fees, with what is owed', () => {
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <FastLinkScope>
            <CollectionHistoryCard
              record={{
                registration: 'CAS000001',
                currency: 'EUR',
                dunningLevel: 'SECOND_REMINDER',
                interestAmount: 4.73,
                indemnityAmount: 40,
                actions: [
                  {
                    date: '2025-02-20',
                    action: 'DEBIT_RETURNED',
                    reasonCode: 'AM04',
                    invoiceRegistration: 'INV000001',
                    amount: 720,
                    feeInvoiceRegistration: 'INV000009',
                  },
                  {
                    date: '2025-03-10',
                    action: 'DUNNING',
                    level: 'SECOND_REMINDER',
                    invoiceRegistration: 'INV000001',
                    amount: 720,
                    interest: 4.73,
                    indemnity: 40,
                    communicationRegistration: 'CMM000002',
                  },
                ],
              }}
            />
          </FastLinkScope>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(html).toContain('data-testid="collection-history"');
    expect(html).toContain('href="/communication/CMM000002"');
    expect(html).toContain('href="/invoice/INV000009"');
    const text = html.replace(/<[^>]+>/g, ' ');
    // Newest first: the dunning level before the return.
    expect(text.indexOf('Dunning')).toBeLessThan(text.indexOf('Direct debit returned'));
    expect(text).toContain('40');
  });
});
