import { describe, expect, it } from 'vitest';
import { matchesShortcut } from './shortcuts.ts';

const key = (code: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}, k = '') =>
  ({ code, key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('shortcuts', () => {
  it('matches ctrl (or command) and alt combos by key code', () => {
    expect(matchesShortcut(key('KeyS', { ctrlKey: true }), 'ctrl+s')).toBe(true);
    expect(matchesShortcut(key('KeyS', { metaKey: true }), 'ctrl+s')).toBe(true);
    expect(matchesShortcut(key('KeyR', { altKey: true }, '®'), 'alt+r')).toBe(true);
    expect(matchesShortcut(key('KeyS', { ctrlKey: true, shiftKey: true }), 'ctrl+s')).toBe(false);
    expect(matchesShortcut(key('KeyS', { ctrlKey: true, shiftKey: true }), 'ctrl+shift+s')).toBe(true);
    expect(matchesShortcut(key('KeyS'), 'ctrl+s')).toBe(false);
    expect(matchesShortcut(key('Escape', {}, 'Escape'), 'escape')).toBe(true);
  });
});
