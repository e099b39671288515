import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DateInput, typedDayFormats } from './DateInput.tsx';
import { NumberInput } from './NumberInput.tsx';
import { typeKey } from './virtual-keyboard-panel.tsx';
import type { FormField } from './form-field.ts';

/** The value an input shows, rendered on the server as the browser first paints it. */
function shown(field: FormField, value: unknown, locale: string): string {
  const Input = field.type === 'date' || field.type === 'datetime' ? DateInput : NumberInput;
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <Input
        field={field}
        path={field.name}
        id={field.name}
        value={value}
        onChange={() => undefined}
        onBlur={() => undefined}
        disabled={false}
        invalid={false}
        locale={locale}
      />
    </QueryClientProvider>,
  );
  return (/value="([^"]*)"/.exec(html)?.[1] ?? '').replace(/&#x27;/g, "'").replace(/[\u00a0\u202f]/g, ' ');
}

describe('inputs of the locale', () => {
  it('shows amounts and percentages in the locale’s format, plain numbers ungrouped', () => {
    const amount: FormField = { name: 'amount', type: 'currency', label: 'Amount' };
    expect(shown(amount, 1234.56, 'en-US')).toBe('1,234.56');
    expect(shown(amount, 1234.56, 'fr-FR')).toBe('1 234,56');
    expect(shown(amount, 1234.56, 'de-DE')).toBe('1.234,56');
    expect(shown(amount, 1234.56, 'ar-EG')).toBe('١٬٢٣٤٫٥٦');
    expect(shown({ ...amount, currency: 'TND' }, 1234.5, 'fr-TN')).toBe('1 234,500');
    expect(shown({ ...amount, currency: 'XPF' }, 1234.4, 'fr-PF')).toBe('1 234');
    expect(shown({ name: 'rate', type: 'percentage', label: 'Rate' }, 0.0525, 'fr-FR')).toBe('5,25');
    expect(shown({ name: 'year', type: 'integer', label: 'Year' }, 2025, 'en-US')).toBe('2025');
    expect(shown({ name: 'ratio', type: 'number', label: 'Ratio' }, 1.5, 'fr-FR')).toBe('1,5');
  });

  it('shows days and instants in the locale’s format in the picker', () => {
    const day: FormField = { name: 'day', type: 'date', label: 'Day' };
    expect(shown(day, '2025-04-03', 'fr-FR')).toBe('03/04/2025');
    expect(shown(day, '2025-04-03', 'en-US')).toBe('04-03-2025');
    expect(shown(day, '2025-04-03', 'lt-LT')).toBe('2025-04-03');
    expect(shown(day, '2025-04-03', 'en-EU')).toBe('03-04-2025');
    const instant: FormField = { name: 'at', type: 'datetime', label: 'At' };
    expect(shown(instant, new Date(2025, 3, 3, 14, 5), 'fr-FR')).toBe('03/04/2025 - 14:05');
  });

  it('reads days typed in the locale’s order with any separator in the picker', () => {
    expect(typedDayFormats('en-US')).toEqual(
      expect.arrayContaining(['MM-DD-YYYY', 'MM/DD/YYYY', 'M/D/YYYY', 'MM.DD.YYYY', 'YYYY-MM-DD']),
    );
    expect(typedDayFormats('en-US')[0]).toBe('MM-DD-YYYY');
    expect(typedDayFormats('fr-FR')[0]).toBe('DD/MM/YYYY');
    expect(typedDayFormats('fr-FR')).toContain('D.M.YYYY');
    expect(typedDayFormats('fr-FR')).not.toContain('MM/DD/YYYY');
    expect(typedDayFormats('lt-LT')[0]).toBe('YYYY-MM-DD');
  });

  it('types a key of the on-screen keyboard at the caret, over a selection, or erases', () => {
    expect(typeKey('mr', 1, 1, 'и')).toEqual({ text: 'mиr', caret: 2 });
    expect(typeKey('abc', 0, 3, 'لا')).toEqual({ text: 'لا', caret: 2 });
    expect(typeKey('abc', 3, 3, '{space}')).toEqual({ text: 'abc ', caret: 4 });
    expect(typeKey('abc', 2, 2, '{bksp}')).toEqual({ text: 'ac', caret: 1 });
    expect(typeKey('abc', 0, 0, '{bksp}')).toEqual({ text: 'abc', caret: 0 });
    expect(typeKey('abcd', 1, 3, '{bksp}')).toEqual({ text: 'ad', caret: 1 });
  });
});
