import { lazy, Suspense, useState, type RefObject } from 'react';
import { Button, Popover, Spin, Tooltip } from 'antd';
import type { InputRef } from 'antd';
import { useTranslation } from 'react-i18next';

/** simple-keyboard and its styles load with the first keyboard opened, not with every form. */
const KeyboardPanel = lazy(() => import('./virtual-keyboard-panel.tsx'));

export interface KeyboardTarget {
  /** The text input the keys type into, at its caret. */
  input: RefObject<InputRef | null>;
  value: string;
  onType(next: string): void;
  locale: string;
}

/**
 * The on-screen keyboard of a text field (docs/locale-formats.md): a small button in the input's
 * suffix opens the locale's layouts (GET /api/script/runs/virtual-keyboards), which type into the
 * field where its caret is, so that a user may write Arabic, Cyrillic or Lithuanian letters
 * without such a keyboard.
 */
export function VirtualKeyboardButton(target: KeyboardTarget) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      destroyOnHidden
      content={
        <Suspense fallback={<Spin size="small" />}>
          <KeyboardPanel {...target} />
        </Suspense>
      }
    >
      <Tooltip title={t('On-screen keyboard')}>
        <Button
          type="text"
          size="small"
          aria-label={t('On-screen keyboard')}
          aria-expanded={open}
          className="virtual-keyboard-toggle"
          style={{ height: 20, paddingInline: 4 }}
          // Keeps the caret in the field.
          onMouseDown={(event) => event.preventDefault()}
        >
          ⌨
        </Button>
      </Tooltip>
    </Popover>
  );
}
