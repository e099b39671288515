import { describe, expect, it } from 'vitest';
import {
  comboLabel,
  escapeTogglesSideView,
  matchesShortcut,
  registrationOfPath,
  routeOfRegistration,
  shellShortcuts,
} from './shortcuts.ts';

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

describe('the shell shortcuts of spec 000 §2.3 and ctrl+K', () => {
  const ctrl = { ctrlKey: true };
  const alt = { altKey: true };
  it('alt+T (theme) is alt and T only', () => {
    expect(matchesShortcut(key('KeyT', alt, '†'), 'alt+t')).toBe(true);
    expect(matchesShortcut(key('KeyT', ctrl), 'alt+t')).toBe(false);
    expect(matchesShortcut(key('KeyT', { altKey: true, shiftKey: true }), 'alt+t')).toBe(false);
  });
  it('ctrl+U (user menu) takes ctrl or command', () => {
    expect(matchesShortcut(key('KeyU', ctrl), 'ctrl+u')).toBe(true);
    expect(matchesShortcut(key('KeyU', { metaKey: true }), 'ctrl+u')).toBe(true);
    expect(matchesShortcut(key('KeyU', alt), 'ctrl+u')).toBe(false);
  });
  it('ctrl+shift+C (copy) needs both modifiers', () => {
    expect(matchesShortcut(key('KeyC', { ctrlKey: true, shiftKey: true }), 'ctrl+shift+c')).toBe(true);
    expect(matchesShortcut(key('KeyC', ctrl), 'ctrl+shift+c')).toBe(false);
    expect(matchesShortcut(key('KeyC', { ctrlKey: true, shiftKey: true }), 'ctrl+c')).toBe(false);
  });
  it('ctrl+G (jump box), alt+B (back), ctrl+M (main menu), ctrl+K (search)', () => {
    expect(matchesShortcut(key('KeyG', ctrl), 'ctrl+g')).toBe(true);
    expect(matchesShortcut(key('KeyG'), 'ctrl+g')).toBe(false);
    expect(matchesShortcut(key('KeyB', alt, '∫'), 'alt+b')).toBe(true);
    expect(matchesShortcut(key('KeyB', ctrl), 'alt+b')).toBe(false);
    expect(matchesShortcut(key('KeyM', ctrl), 'ctrl+m')).toBe(true);
    expect(matchesShortcut(key('KeyM', { ctrlKey: true, shiftKey: true }), 'ctrl+m')).toBe(false);
    expect(matchesShortcut(key('KeyK', ctrl), 'ctrl+k')).toBe(true);
    expect(matchesShortcut(key('KeyK', { metaKey: true }), 'ctrl+k')).toBe(true);
    expect(matchesShortcut(key('KeyK'), 'ctrl+k')).toBe(false);
  });
  it('F9 (recompute) and F1 (help) by their key, without modifiers', () => {
    expect(matchesShortcut(key('F9', {}, 'F9'), 'f9')).toBe(true);
    expect(matchesShortcut(key('F9', ctrl, 'F9'), 'f9')).toBe(false);
    expect(matchesShortcut(key('F1', {}, 'F1'), 'f1')).toBe(true);
    expect(matchesShortcut(key('F10', {}, 'F10'), 'f1')).toBe(false);
  });
  it('? (help) by the character typed, whatever shift it took on the layout', () => {
    expect(matchesShortcut(key('Slash', { shiftKey: true }, '?'), '?')).toBe(true);
    expect(matchesShortcut(key('Comma', { shiftKey: true }, '?'), '?')).toBe(true);
    expect(matchesShortcut(key('Slash', {}, '/'), '?')).toBe(false);
    expect(matchesShortcut(key('Slash', { ctrlKey: true, shiftKey: true }, '?'), '?')).toBe(false);
  });
  it('lists every shortcut of the spec in the help, each with a label', () => {
    const combos = shellShortcuts.flatMap((s) => s.combos);
    for (const combo of [
      'alt+r',
      'alt+t',
      'ctrl+u',
      'ctrl+shift+c',
      'ctrl+d',
      'ctrl+g',
      'ctrl+s',
      'ctrl+shift+s',
      'ctrl+b',
      'alt+b',
      'ctrl+m',
      'f9',
      'alt+x',
      'escape',
      'alt+c',
      'ctrl+k',
      'f1',
      '?',
    ])
      expect(combos).toContain(combo);
    expect(new Set(combos).size).toBe(combos.length);
    expect(comboLabel('ctrl+shift+c')).toBe('Ctrl+Shift+C');
    expect(comboLabel('escape')).toBe('Esc');
    expect(comboLabel('?')).toBe('?');
  });
});

describe('ctrl+G and ctrl+shift+C', () => {
  it('opens a registration by its kind prefix, longest prefix first', () => {
    expect(routeOfRegistration('CT000123')).toBe('/contract/CT000123');
    expect(routeOfRegistration(' per000042 ')).toBe('/person/PER000042');
    expect(routeOfRegistration('INV000007')).toBe('/invoice/INV000007');
    expect(routeOfRegistration('CTL000001')).not.toBe('/contract/CTL000001');
    expect(routeOfRegistration('Dupont')).toBeUndefined();
    expect(routeOfRegistration('ZZZ000001')).toBeUndefined();
  });
  it("reads a detail screen's registration from its path", () => {
    expect(registrationOfPath('/contract/CT000123')).toBe('CT000123');
    expect(registrationOfPath('/contracts')).toBeUndefined();
    expect(registrationOfPath('/global-search')).toBeUndefined();
    expect(registrationOfPath('/nothing/CT000123')).toBeUndefined();
  });
});
