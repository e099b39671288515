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
const stack: { combo: string; handler: { current: Handler } }[] = [];
let listening = false;

function onKeyDown(event: KeyboardEvent) {
  // The most recently mounted handler of a combo wins (a form's ctrl+S over the list's).
  for (let i = stack.length - 1; i >= 0; i--) {
    if (matchesShortcut(event, stack[i].combo)) {
      event.preventDefault();
      stack[i].handler.current(event);
      return;
    }
  }
}

/** Runs `handler` on `combo` while the component is mounted and `enabled`. */
export function useShortcut(combo: string, handler: Handler, enabled = true) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const entry = { combo, handler: ref };
    stack.push(entry);
    if (!listening) {
      window.addEventListener('keydown', onKeyDown);
      listening = true;
    }
    return () => {
      stack.splice(stack.indexOf(entry), 1);
    };
  }, [combo, enabled]);
}
