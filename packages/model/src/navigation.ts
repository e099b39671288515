/**
 * The sections of the default menu, in the order the shell shows them. A kind places its list
 * screen in one of them from its declaration (`menu`); tool screens are placed by the server's
 * menu (packages/server/src/auth/menus.ts). The spec names no sections: these group the list
 * screens of spec 000 §2.2 by domain.
 */
export const menuSections = [
  'Persons',
  'Financing',
  'Catalogues',
  'Assets',
  'Billing',
  'Banking',
  'Accounting',
  'Cases',
  'Support',
  'Scoring',
  'Private equity',
  'Work',
  'Configuration',
  'Administration',
] as const;
export type MenuSection = (typeof menuSections)[number];

/** Where a kind's list screen shows in the default menu. */
export interface MenuPlacement {
  section: MenuSection;
  /** Position in its section; tool screens of the section are ordered on the same scale. */
  order: number;
  /** The permission the item needs when it is not reading the kind's own route. */
  permission?: string;
  /** The feature flag that must be on for the user (auth/feature-flags.ts on the server); always shown without one. */
  featureFlag?: string;
}

/** A kind the menu does not list, with the reason (read from the spec or the product). */
export interface MenuException {
  notListed: string;
}
