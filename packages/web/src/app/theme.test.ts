import { describe, expect, it } from 'vitest';
import { darkFilter, isDark } from './theme.ts';

describe('dark mode', () => {
  it('follows the preference with the spec defaults', () => {
    expect(isDark(undefined, true)).toBe(false);
    expect(isDark({ colorScheme: 'light' }, true)).toBe(false);
    expect(isDark({ colorScheme: 'followSystem' }, true)).toBe(true);
    expect(isDark({ colorScheme: 'followSystem' }, false)).toBe(false);
    expect(darkFilter({ colorScheme: 'dark' }, false)).toBe('brightness(100%) contrast(90%) sepia(10%)');
    expect(darkFilter({ colorScheme: 'dark', darkModeContrast: 80 }, false)).toBe(
      'brightness(100%) contrast(80%) sepia(10%)',
    );
  });
});
