import { useEffect, useState } from 'react';
import { Space } from 'antd';
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import type { FilterProps } from './filter-props.ts';
import { filterField, rangeParams } from '../entity-fields.ts';
import { isInvalidInput, parseDateInput, parseNumberInput } from '../../fields/parse.ts';
import { dateFormatOf, formatDate } from '../../i18n/formats.ts';

const compact = (day: string) => day.replace(/-/g, '');
const dayOf = (stamp: string) =>
  /^\d{8}$/.test(stamp) ? `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}` : stamp;

/** One bound of a range, typed like a form field and sent as YYYYMMDD (dates) or a number. */
function Bound({
  name,
  isDate,
  value,
  placeholder,
  label,
  onChange,
}: {
  name: string;
  isDate: boolean;
  value: string;
  placeholder: string;
  label: string;
  onChange(v: string): void;
}) {
  const { i18n } = useTranslation();
  const shown = isDate && value ? formatDate(dayOf(value), i18n.language) : value;
  const [text, setText] = useState(shown);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setText(shown), [shown]);
  const apply = () => {
    if (text.trim() === shown) return;
    if (isDate) {
      const day = parseDateInput(text, i18n.language);
      setInvalid(isInvalidInput(day));
      if (!isInvalidInput(day)) onChange(day ? compact(day) : '');
    } else {
      const n = parseNumberInput(text, i18n.language);
      setInvalid(Number.isNaN(n));
      if (!Number.isNaN(n)) onChange(n === undefined ? '' : String(n));
    }
  };
  return (
    <Input
      name={name}
      aria-label={label}
      placeholder={placeholder}
      value={text}
      status={invalid ? 'error' : undefined}
      allowClear
      onChange={(e) => {
        setText(e.target.value);
        if (e.type === 'click') onChange('');
      }}
      onPressEnter={apply}
      onBlur={apply}
    />
  );
}

/** Date ranges (`fromX`/`toX`) and amount ranges (`minX`/`maxX`). */
export function RangeFilter({ entity, filter, label, values, onChange }: FilterProps) {
  const { t, i18n } = useTranslation();
  const [low, high] = rangeParams(entity, filter);
  const type = filterField(entity, filter)?.type;
  const isDate = type === 'date' || type === 'datetime';
  const hint = isDate ? dateFormatOf(i18n.language) : '';
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Bound
        name={low}
        isDate={isDate}
        value={values[low] ?? ''}
        label={`${label} ${t('from')}`}
        placeholder={`${label} ${isDate ? t('from') : t('min')} ${hint}`.trim()}
        onChange={(v) => onChange({ [low]: v })}
      />
      <Bound
        name={high}
        isDate={isDate}
        value={values[high] ?? ''}
        label={`${label} ${t('to')}`}
        placeholder={`${isDate ? t('to') : t('max')} ${hint}`.trim()}
        onChange={(v) => onChange({ [high]: v })}
      />
    </Space.Compact>
  );
}
