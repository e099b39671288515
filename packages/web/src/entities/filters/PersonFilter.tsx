import { useRef, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useKind } from '../use-kind.ts';
import type { FilterProps } from './filter-props.ts';
import { tokensOf } from './filter-props.ts';
import { minSearchLength, useRecordSearch } from '../../fields/record-search.ts';

/** Persons (or prospects) in the filter's roles, found by autocomplete after more than 2 characters. */
export function PersonFilter({ filter, label, values, onChange }: FilterProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  // The searched kind's declaration loads once the user types, not with the list.
  const target = useKind(text.trim() ? (filter.entity ?? 'Person') : undefined);
  const { options, loading } = useRecordSearch(target, text, filter.roles);
  const labels = useRef(new Map<string, string>());
  options.forEach((o) => labels.current.set(o.value, o.label));
  const selected = tokensOf(values[filter.name]);
  return (
    <Select
      mode="multiple"
      aria-label={label}
      placeholder={label}
      value={selected}
      loading={loading}
      allowClear
      style={{ width: '100%' }}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      notFoundContent={text.trim().length < minSearchLength ? t('Type at least 3 characters') : t('No data')}
      options={[
        ...selected
          .filter((v) => !options.some((o) => o.value === v))
          .map((v) => ({ value: v, label: labels.current.get(v) ?? v })),
        ...options,
      ]}
      onChange={(next: string[]) => {
        setText('');
        onChange({ [filter.name]: next.join(',') });
      }}
    />
  );
}
