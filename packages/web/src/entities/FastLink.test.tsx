import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FastLink, FastLinkScope } from './FastLink.tsx';

/** Renders `element` as the page of a router based at `/imp/demo`, as an impersonating session is. */
function render(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], {
    basename: '/imp/demo',
    initialEntries: ['/imp/demo/case/CAS000001'],
  });
  return renderToString(<RouterProvider router={router} />);
}

describe('fast links', () => {
  it('link to the record under the router base inside a table scope', () => {
    const html = render(
      <FastLinkScope>
        <FastLink to="/contract/CT000001">CT000001</FastLink>
      </FastLinkScope>,
    );
    expect(html).toContain('href="/imp/demo/contract/CT000001"');
  });

  it('link the same outside any table (a cell in a form or a card), where they once crashed the screen', () => {
    const html = render(<FastLink to="/contract/CT000001">CT000001</FastLink>);
    expect(html).toContain('href="/imp/demo/contract/CT000001"');
    expect(html).toContain('>CT000001</a>');
  });
});
