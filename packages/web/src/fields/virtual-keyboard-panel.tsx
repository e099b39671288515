import { useEffect, useRef, useState } from 'react';
import { Alert, Segmented, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
// The named export: the package's CommonJS build puts its class under `default` of an object.
import { SimpleKeyboard as Keyboard } from 'simple-keyboard';
import 'simple-keyboard/build/css/index.css';
import { api } from '../app/api/client.ts';
import { apiPaths } from '../app/api/data-provider.ts';
import type { KeyboardLayout } from '@lbo/model/values/keyboard-layout';
import type { KeyboardTarget } from './VirtualKeyboard.tsx';

/** simple-keyboard's layout: rows of space-separated keys, with backspace, shift and space around them. */
function simpleLayout(rows: string[][]): string[] {
  const lines = rows.map((keys) => keys.join(' '));
  const last = lines.length - 1;
  return [
    ...lines.map((line, index) => (index === 0 ? `${line} {bksp}` : index === last ? `{shift} ${line}` : line)),
    '{space}',
  ];
}

const display = { '{bksp}': '⌫', '{shift}': '⇧', '{space}': ' ' };

/** The typed text and where the caret goes: a key replaces the selection, backspace removes it or the letter before. */
export function typeKey(value: string, start: number, end: number, key: string): { text: string; caret: number } {
  if (key === '{bksp}') {
    const from = start === end ? Math.max(0, start - 1) : start;
    return { text: value.slice(0, from) + value.slice(end), caret: from };
  }
  const letters = key === '{space}' ? ' ' : key;
  return { text: value.slice(0, start) + letters + value.slice(end), caret: start + letters.length };
}

/** The keyboard itself: layouts of the field's locale, its own first, a switch between them, shift. */
export default function VirtualKeyboardPanel({ input, value, onType, locale }: KeyboardTarget) {
  const { t } = useTranslation();
  const { data, isError } = useQuery({
    queryKey: ['virtual-keyboards', locale],
    queryFn: ({ signal }) =>
      api.get<{ layouts: KeyboardLayout[] }>(apiPaths.scriptRun('virtual-keyboards'), {
        query: { locale },
        signal,
        silent: true,
      }),
    staleTime: 3_600_000,
  });
  const layouts = data?.layouts ?? [];
  const [chosen, setChosen] = useState<string>();
  const [broken, setBroken] = useState(false);
  const layout = layouts.find((l) => l.id === chosen) ?? layouts[0];
  const host = useRef<HTMLDivElement>(null);
  const keyboard = useRef<Keyboard>(null);
  const shifted = useRef(false);
  // The latest text and handler: simple-keyboard keeps the handler it was built with.
  const latest = useRef({ value, onType });
  latest.current = { value, onType };

  useEffect(() => {
    if (!host.current || !layout) return;
    const press = (key: string) => {
      if (key === '{shift}') {
        shifted.current = !shifted.current;
        keyboard.current?.setOptions({ layoutName: shifted.current ? 'shift' : 'default' });
        return;
      }
      const field = input.current?.input;
      const current = latest.current.value;
      const start = field?.selectionStart ?? current.length;
      const end = field?.selectionEnd ?? current.length;
      const { text, caret } = typeKey(current, start, end, key);
      latest.current.onType(text);
      if (shifted.current) {
        shifted.current = false;
        keyboard.current?.setOptions({ layoutName: 'default' });
      }
      requestAnimationFrame(() => {
        field?.focus();
        field?.setSelectionRange(caret, caret);
      });
    };
    try {
      keyboard.current = new Keyboard(host.current, {
        layout: { default: simpleLayout(layout.rows), shift: simpleLayout(layout.shiftRows) },
        layoutName: 'default',
        display,
        mergeDisplay: true,
        preventMouseDownDefault: true,
        disableButtonHold: true,
        onKeyPress: press,
      });
    } catch {
      // A keyboard that cannot be drawn must not take the form down with it.
      setBroken(true);
    }
    shifted.current = false;
    return () => {
      keyboard.current?.destroy();
      keyboard.current = null;
    };
  }, [layout, input]);

  if (isError || broken)
    return <Alert type="warning" showIcon title={t('The on-screen keyboard could not be loaded')} />;
  if (!layout) return <Spin size="small" />;
  return (
    <div style={{ width: 'min(560px, 90vw)' }} className="virtual-keyboard">
      {layouts.length > 1 && (
        <Segmented
          size="small"
          value={layout.id}
          options={layouts.map((l) => ({ value: l.id, label: l.name }))}
          onChange={(id) => setChosen(String(id))}
          style={{ marginBottom: 6 }}
        />
      )}
      {/* Keys stand where a physical keyboard has them, also in Arabic; simple-keyboard wants a class. */}
      <div ref={host} className="simple-keyboard" dir="ltr" lang={layout.language} />
    </div>
  );
}
