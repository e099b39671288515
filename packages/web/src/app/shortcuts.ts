import { useEffect, useRef } from 'react';

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
  const parts = combo.toLowerCase().split('+');
  const key = parts.pop()!;
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
