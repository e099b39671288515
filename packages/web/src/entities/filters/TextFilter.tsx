import { useEffect, useState } from 'react';
import Input from 'antd/es/input/Input';
import type { FilterProps } from './filter-props.ts';

/** Equality on free values (comma-separated) and regular-expression filters: applied on Enter or when leaving. */
export function TextFilter({ filter, label, values, onChange }: FilterProps) {
  const current = values[filter.name] ?? '';
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);
  const apply = () => {
    if (text.trim() !== current) onChange({ [filter.name]: text.trim() });
  };
  return (
    <Input
      aria-label={label}
      placeholder={label}
      value={text}
      allowClear
      onChange={(e) => setText(e.target.value)}
      onPressEnter={apply}
      onBlur={apply}
      onClear={() => onChange({ [filter.name]: '' })}
    />
  );
}
