import { useEffect, useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { entityByName } from '@lbo/model/entity-registry';
import type { InputProps } from './form-context.ts';
import { useRecordSearch } from './record-search.ts';
import { detailPath } from '../entities/entity-fields.ts';

/** The registration of a record of another kind, with autocomplete after more than 2 characters. */
export function LinkInput({ field, id, value, onChange, onBlur, disabled, invalid }: InputProps) {
  const entity = field.entity ? entityByName(field.entity) : undefined;
  const [text, setText] = useState(typeof value === 'string' ? value : '');
  useEffect(() => setText(typeof value === 'string' ? value : ''), [value]);
  const { options } = useRecordSearch(entity, text);
  const link = entity && typeof value === 'string' && value ? <Link to={detailPath(entity, value)} aria-label="open"><LinkOutlined /></Link> : undefined;
  return (
    <AutoComplete
      value={text}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      disabled={disabled}
      onChange={(next: string) => { setText(next); onChange(next || undefined); }}
      onBlur={onBlur}
      style={{ width: '100%' }}
    >
      <Input id={id} status={invalid ? 'error' : undefined} suffix={link} />
    </AutoComplete>
  );
}
