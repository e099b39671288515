import { describe, expect, it } from 'vitest';
import { escapeTogglesSideView, matchesShortcut } from './shortcuts.ts';

const key = (
  code: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {},
  k = '',
) => ({ code, key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

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

describe('Escape and the side view', () => {
  it('toggles the side view only when nothing else takes the key', () => {
    expect(escapeTogglesSideView({ targetTag: 'BODY', overlayOpen: false })).toBe(true);
    expect(escapeTogglesSideView({ targetTag: 'BUTTON', overlayOpen: false })).toBe(true);
    expect(escapeTogglesSideView({ targetTag: 'BODY', overlayOpen: true })).toBe(false);
    expect(escapeTogglesSideView({ targetTag: 'INPUT', overlayOpen: false })).toBe(false);
    expect(escapeTogglesSideView({ targetTag: 'textarea', overlayOpen: false })).toBe(false);
    expect(escapeTogglesSideView({ targetTag: 'DIV', targetEditable: true, overlayOpen: false })).toBe(false);
  });
});
