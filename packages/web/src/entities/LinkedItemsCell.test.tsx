import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { entityByName } from '@lbo/model/entity-registry';
import { linkedNameKey } from '../fields/linked-names.ts';
import { LinkedItemsCell, itemLinkOf } from './LinkedItemsCell.tsx';

const invoice = entityByName('Invoice')!;
const person = entityByName('Person')!;
const roles: Record<string, string> = { PAYER: 'Payer', PAYEE: 'Payee' };

function render(items: unknown[], names: Record<string, string>) {
  const client = new QueryClient();
  for (const [registration, name] of Object.entries(names))
    client.setQueryData(linkedNameKey(person, registration), name);
  const html = renderToString(
    <QueryClientProvider client={client}>
      <LinkedItemsCell items={items} field={invoice.fields.persons} roleLabel={(role) => roles[role] ?? role} />
    </QueryClientProvider>,
  );
  return html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');
}

describe('linked items in a list cell', () => {
  it('finds the item field that links to another kind', () => {
    expect(itemLinkOf(invoice.fields.persons)).toMatchObject({
      name: 'personRegistration',
      target: { name: 'Person' },
    });
    expect(itemLinkOf(invoice.fields.amountExclTax)).toBeUndefined();
  });

  it('shows each role with the linked name, cut to 17 characters', () => {
    const text = render(
      [
        { role: 'PAYER', personRegistration: 'PER000283' },
        { role: 'PAYEE', personRegistration: 'PER000001' },
      ],
      { PER000283: 'Établissements Durand et fils', PER000001: 'Tom Kowalski' },
    );
    expect(text).toBe('Payer: Établissements Du…, Payee: Tom Kowalski');
  });

  it('prefers the name kept on the item, and shows the registration while the name is unknown', () => {
    const text = render(
      [
        { role: 'PAYER', personRegistration: 'PER000283', name: 'Kept SA' },
        { role: 'PAYEE', personRegistration: 'PER000009' },
      ],
      {},
    );
    expect(text).toBe('Payer: Kept SA, Payee: PER000009');
  });
});
