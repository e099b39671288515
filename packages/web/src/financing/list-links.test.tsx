import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { entityByName } from '@lbo/model/entity-registry';
import { FastLinkScope } from '../entities/FastLink.tsx';
import { renderCell } from '../entities/cell-renderers.tsx';
import { fieldAt } from '../entities/entity-fields.ts';

/** Spec 001 §2.5–2.7: the agreements', amendments' and credit lines' rows link their partner, client and partner persons. */
const roles: Record<string, string> = { CLIENT: 'Client', PARTNER: 'Partner' };

function cell(kind: string, field: string, row: Record<string, unknown>) {
  const entity = entityByName(kind)!;
  const column = entity.columns.find((c) => c.field === field)!;
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <FastLinkScope>
          {renderCell(
            row[field],
            { entity, column, field: fieldAt(entity, field), row, locale: 'en', labelOf: (_list, v) => roles[v] ?? v },
            String,
          )}
        </FastLinkScope>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { html, links: [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]) };
}

describe('person links of the financing lists', () => {
  const persons = [
    { role: 'CLIENT', personRegistration: 'PER000012', name: 'Boulangerie Morel et fils' },
    { role: 'PARTNER', personRegistration: 'PTN000003', name: 'Garage Martin' },
  ];

  it('links each client and partner of an amendment and of a credit line to its person', () => {
    for (const kind of ['Amendment', 'CreditLine']) {
      const { html, links } = cell(kind, 'persons', { registration: 'X1', persons });
      expect(links, kind).toEqual(['/person/PER000012', '/person/PTN000003']);
      const text = html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');
      expect(text).toBe('Client: Boulangerie Morel…, Partner: Garage Martin');
    }
  });

  it("links an agreement's partner to its person", () => {
    expect(
      cell('Agreement', 'partnerRegistration', { registration: 'AGR000001', partnerRegistration: 'PTN000003' }).links,
    ).toEqual(['/person/PTN000003']);
  });
});
