import { useEffect, useRef } from 'react';
import { kinds } from '@lbo/model/lazy-registry';

/**
 * Keyboard shortcuts of spec 000 §2.3. A combo is written `ctrl+s`, `alt+r`, `ctrl+shift+c`;
 * ctrl also matches the Mac command key. Keys are read from `event.code`, so alt+R works on
 * layouts where alt changes the character.
 */
export interface KeyInput {
  code: string;
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

export function matchesShortcut(event: KeyInput, combo: string): boolean {
  const parts = combo.toLowerCase().split(/\+(?=.)/);
  const key = parts.pop()!;
  // A printed sign (`?`) is matched by the character typed, whatever shift it took on the layout.
  if (key.length === 1 && !/[a-z0-9]/.test(key))
    return event.key === key && !event.ctrlKey && !event.metaKey && !event.altKey && !parts.length;
  const wants = (mod: string) => parts.includes(mod);
  if (wants('ctrl') !== (event.ctrlKey || event.metaKey)) return false;
  if (wants('alt') !== event.altKey) return false;
  if (wants('shift') !== event.shiftKey) return false;
  const code = event.code.toLowerCase();
  if (key.length === 1) return code === `key${key}` || code === `digit${key}` || event.key.toLowerCase() === key;
  return code === key || event.key.toLowerCase() === key;
}

type Handler = (event: KeyboardEvent) => void;
type Accepts = (event: KeyboardEvent) => boolean;
const stack: { combo: string; handler: { current: Handler }; accepts?: Accepts }[] = [];
let listening = false;

function onKeyDown(event: KeyboardEvent) {
  // The most recently mounted handler of a combo wins (a form's ctrl+S over the list's).
  for (let i = stack.length - 1; i >= 0; i--) {
    if (matchesShortcut(event, stack[i].combo) && (!stack[i].accepts || stack[i].accepts!(event))) {
      event.preventDefault();
      stack[i].handler.current(event);
      return;
    }
  }
}

/**
 * Runs `handler` on `combo` while the component is mounted and `enabled`; with `accepts`, only
 * for the key presses it accepts (the others go on to the page untouched).
 */
export function useShortcut(combo: string, handler: Handler, enabled = true, accepts?: Accepts) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const entry = { combo, handler: ref, accepts };
    stack.push(entry);
    if (!listening) {
      window.addEventListener('keydown', onKeyDown);
      listening = true;
    }
    return () => {
      stack.splice(stack.indexOf(entry), 1);
    };
  }, [combo, enabled, accepts]);
}

/** What an Escape key press may be for before it toggles the side view. */
export interface EscapeContext {
  /** The focused element's tag name and whether it is editable. */
  targetTag?: string;
  targetEditable?: boolean;
  /** Whether a modal, drawer, dropdown, select or date picker is open: Escape closes those. */
  overlayOpen: boolean;
}

/** Escape toggles the side view only when it has nothing else to close or clear. */
export const escapeTogglesSideView = ({ targetTag, targetEditable, overlayOpen }: EscapeContext) =>
  !overlayOpen && !targetEditable && !['INPUT', 'TEXTAREA', 'SELECT'].includes(String(targetTag ?? '').toUpperCase());

const openOverlays = [
  '.ant-modal-wrap:not([style*="display: none"])',
  '.ant-drawer-open',
  '.ant-dropdown:not(.ant-dropdown-hidden)',
  '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
  '.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)',
  '.ant-popover:not(.ant-popover-hidden)',
].join(', ');

/** The Escape context of a key press in the page. */
export function escapeContextOf(event: KeyboardEvent): EscapeContext {
  const target = event.target instanceof HTMLElement ? event.target : undefined;
  return {
    targetTag: target?.tagName,
    targetEditable: target?.isContentEditable,
    overlayOpen: document.querySelector(openOverlays) !== null,
  };
}

/** Whether a key press was typed into a field (a shortcut made of a printed sign then leaves it to the field). */
export const typedInField = (event: KeyboardEvent) =>
  !escapeTogglesSideView({ ...escapeContextOf(event), overlayOpen: false });
export const notTypedInField = (event: KeyboardEvent) => !typedInField(event);

/**
 * The shell's shortcuts (spec 000 §2.3 and the ones the product adds), listed by the shell's help
 * (F1 or ?) in this order. `needs` says who has it: a user who may debug, an admin, a detail screen.
 * Where the spec names only the key, the product's choice is in docs/search.md.
 */
export interface ShortcutHelp {
  combos: string[];
  /** What it does, in English (the key of its French text). */
  does: string;
  needs?: 'admin' | 'debug' | 'record' | 'form' | 'list' | 'detail';
}

export const shellShortcuts: ShortcutHelp[] = [
  { combos: ['ctrl+k'], does: 'Search everything (persons, contracts, invoices…)' },
  { combos: ['ctrl+g'], does: 'Go to a registration (CT000123, PER000042…)' },
  { combos: ['alt+b'], does: 'Back to the previous screen' },
  { combos: ['ctrl+m'], does: 'Move to the main menu' },
  { combos: ['ctrl+u'], does: 'Open the user menu' },
  { combos: ['alt+t'], does: 'Switch between the light and dark themes' },
  { combos: ['ctrl+shift+c'], does: "Copy the record's registration, or the screen's link", needs: 'record' },
  { combos: ['alt+r'], does: "Reload the screen's data" },
  { combos: ['f9'], does: "Recompute the screen's figures (refresh what it shows)" },
  { combos: ['ctrl+s'], does: 'Save the form, the search or the table configuration', needs: 'form' },
  { combos: ['alt+q'], does: 'Open or close the advanced search', needs: 'list' },
  { combos: ['alt+s'], does: 'Run the advanced search', needs: 'list' },
  { combos: ['ctrl+b'], does: 'Show or hide the side column', needs: 'detail' },
  { combos: ['alt+c'], does: 'Collapse or expand all cards', needs: 'detail' },
  { combos: ['alt+x', 'escape'], does: 'Enter or leave the side view' },
  { combos: ['ctrl+d'], does: 'Turn debug mode on or off', needs: 'debug' },
  { combos: ['ctrl+shift+s'], does: 'Open the scripts', needs: 'admin' },
  { combos: ['f1', '?'], does: 'Show this help' },
];

/** A combo as the help writes it: `ctrl+shift+c` → `Ctrl+Shift+C`, `escape` → `Esc`. */
export function comboLabel(combo: string): string {
  const names: Record<string, string> = { ctrl: 'Ctrl', alt: 'Alt', shift: 'Shift', escape: 'Esc' };
  return combo
    .split(/\+(?=.)/)
    .map((part) => names[part] ?? part.toUpperCase())
    .join('+');
}

/** Kinds by their registration prefix, longest first (`PER` before `PE`). */
const byPrefix = kinds
  .filter((entity) => entity.prefix)
  .map((entity) => ({ prefix: entity.prefix.toUpperCase(), route: entity.clientRoute }))
  .sort((a, b) => b.prefix.length - a.prefix.length);

/**
 * The detail route of a typed registration (ctrl+G): `ct000123` → `/contract/CT000123`, by the
 * kinds' registration prefixes followed by a digit. Undefined when no kind numbers it so (the
 * jump box then searches it).
 */
export function routeOfRegistration(typed: string): string | undefined {
  const registration = typed.trim().toUpperCase();
  if (!/^[A-Z]+[-_]?\d[\w-]*$/.test(registration)) return undefined;
  const kind = byPrefix.find(
    ({ prefix }) => registration.startsWith(prefix) && /^[-_]?\d/.test(registration.slice(prefix.length)),
  );
  return kind ? `/${kind.route}/${encodeURIComponent(registration)}` : undefined;
}

/** The registration of a detail route (`/contract/CT000123` → `CT000123`), for ctrl+shift+C. */
export function registrationOfPath(pathname: string): string | undefined {
  const [first, id, ...rest] = pathname.split('/').filter(Boolean);
  if (!first || !id || rest.length) return undefined;
  return kinds.some((entity) => entity.clientRoute === first) ? decodeURIComponent(id) : undefined;
}
