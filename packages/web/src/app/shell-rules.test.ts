import { describe, expect, it } from 'vitest';
import { allowedRoutesOf, isRouteAllowed, visibleMenus } from './menus.ts';
import { pageTitle } from './location-rules.ts';
import { basenameOf, hashRedirectTarget } from './location-rules.ts';

describe('menus and allowed routes', () => {
  const menus = [
    { path: '/contracts', menus: [{ path: '/deals' }, { path: '/contracts', profiles: ['SALES'] }] },
    { path: '/users', profiles: ['ADMIN'] },
    { path: '/secret', hidden: true },
  ];

  it('shows items without profiles or sharing one with the user', () => {
    expect(visibleMenus(menus, ['CLIENT'])).toEqual([{ path: '/contracts', menus: [{ path: '/deals' }] }]);
    expect(visibleMenus(menus, ['ADMIN', 'SALES']).map((m) => m.path)).toEqual(['/contracts', '/users']);
  });

  it('allows the option routes, menu paths and their detail routes', () => {
    const allowed = allowedRoutesOf(['/tickets'], visibleMenus(menus, []));
    expect(isRouteAllowed('/deals', allowed, {})).toBe(true);
    expect(isRouteAllowed('/deal/DL000001', allowed, {})).toBe(true);
    expect(isRouteAllowed('/ticket/TK1', allowed, {})).toBe(true);
    expect(isRouteAllowed('/invoices', allowed, {})).toBe(false);
    expect(isRouteAllowed('/invoices', allowed, { isAdmin: true })).toBe(true);
    expect(isRouteAllowed('/invoices', [], {})).toBe(true);
  });
});

describe('page title', () => {
  it('follows the rule of spec 000 §2.1', () => {
    expect(pageTitle('Back office', '/authentication/login-page')).toBe('Back office');
    expect(pageTitle('Back office', '/content/help')).toBe('Back office');
    expect(pageTitle('Back office', '/content/help', 'Help')).toBe('Back office | Help');
    expect(pageTitle('Back office', '/credit-lines')).toBe('Back office | Credit lines');
    expect(pageTitle('Back office', '/contract/CT000001')).toBe('Back office | Contract CT000001');
    expect(pageTitle('Back office', '/')).toBe('Back office');
  });
});

describe('published path and hash links', () => {
  it('runs under /imp/{tenant} when opened there', () => {
    expect(basenameOf('/imp/demo/contracts')).toBe('/imp/demo');
    expect(basenameOf('/contracts')).toBe('');
  });

  it('turns a hash path into a redirect, except under /documentation', () => {
    expect(hashRedirectTarget('/', '#/contract/CT000001')).toBe('/contract/CT000001');
    expect(hashRedirectTarget('/documentation/api', '#/x')).toBeUndefined();
    expect(hashRedirectTarget('/', '#section')).toBeUndefined();
  });
});
