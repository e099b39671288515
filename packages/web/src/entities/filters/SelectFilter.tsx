import { useEffect, useRef } from 'react';
import { Select } from 'antd';
import { LazyTag as Tag } from '../LazyTag.tsx';
import { useTranslation } from 'react-i18next';
import type { FilterProps } from './filter-props.ts';
import { isExcluded, plainValue, toggleToken, tokensOf } from './filter-props.ts';
import { optionLabel, useListOptions } from '../../fields/reference-lists.ts';
import { filterField } from '../entity-fields.ts';

/** Whether ctrl (or command) is held, read when an option is chosen. */
function useCtrlHeld() {
  const held = useRef(false);
  useEffect(() => {
    const track = (e: KeyboardEvent | MouseEvent) => {
      held.current = e.ctrlKey || e.metaKey;
    };
    window.addEventListener('keydown', track, true);
    window.addEventListener('keyup', track, true);
    window.addEventListener('mousedown', track, true);
    return () => {
      window.removeEventListener('keydown', track, true);
      window.removeEventListener('keyup', track, true);
      window.removeEventListener('mousedown', track, true);
    };
  }, []);
  return held;
}

/** A multi-select over a reference list; ctrl-click excludes a value (sent with a leading minus). */
export function SelectFilter({ entity, filter, label, values, onChange }: FilterProps) {
  const { t } = useTranslation();
  const list = filter.name === 'status' ? entity.status || undefined : filterField(entity, filter)?.list;
  const { options, loading } = useListOptions(list);
  const ctrl = useCtrlHeld();
  const tokens = tokensOf(values[filter.name]);
  const set = (next: string[]) => onChange({ [filter.name]: next.join(',') });
  return (
    <Select
      mode="multiple"
      aria-label={label}
      placeholder={label}
      value={tokens}
      loading={loading}
      allowClear
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      title={t('Ctrl+click excludes a value')}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      onSelect={(value: string) => set(toggleToken(tokens, value, ctrl.current))}
      onDeselect={(value: string) => set(tokens.filter((token) => token !== value && plainValue(token) !== value))}
      onClear={() => set([])}
      tagRender={({ value, closable, onClose }) => {
        const token = String(value);
        const text = optionLabel(options, plainValue(token), !loading);
        return (
          <Tag
            closable={closable}
            onClose={onClose}
            color={isExcluded(token) ? 'red' : undefined}
            style={{ marginInlineEnd: 4 }}
            data-token={token}
          >
            {isExcluded(token) ? <s>{text}</s> : text}
          </Tag>
        );
      }}
    />
  );
}
