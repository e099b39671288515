import { useEffect, useState } from 'react';
import { AutoComplete, Input, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { entityByName } from '@lbo/model/entity-registry';
import type { InputProps } from './form-context.ts';
import { autocompleteDelayMs, minSearchLength, useDebounced, useRecordSearch } from './record-search.ts';
import { useLinkedName } from './linked-names.ts';
import { detailPath } from '../entities/entity-fields.ts';

/**
 * The registration of a record of another kind, with autocomplete after more than 2 characters
 * and the linked record's name under it.
 */
export function LinkInput({ field, id, value, onChange, onBlur, disabled, invalid }: InputProps) {
  const entity = field.entity ? entityByName(field.entity) : undefined;
  const registration = typeof value === 'string' ? value : '';
  const [text, setText] = useState(registration);
  useEffect(() => setText(registration), [registration]);
  // Only what the user types is searched: a stored value shown by an opened form asks nothing.
  const [typed, setTyped] = useState(false);
  const { options } = useRecordSearch(entity, typed ? text : '');
  // The name of what was typed once the typing pauses, not of every keystroke.
  const settled = useDebounced(registration, autocompleteDelayMs);
  const name = useLinkedName(
    entity,
    settled.length >= minSearchLength && settled === registration ? settled : undefined,
  );
  const link =
    entity && registration ? (
      <Link to={detailPath(entity, registration)} aria-label="open">
        <LinkOutlined />
      </Link>
    ) : undefined;
  return (
    <>
      <AutoComplete
        value={text}
        options={options.map((o) => ({ value: o.value, label: o.label }))}
        disabled={disabled}
        onChange={(next: string) => {
          setTyped(true);
          setText(next);
          onChange(next || undefined);
        }}
        onBlur={onBlur}
        style={{ width: '100%' }}
      >
        {/* The suffix is always there: adding it once a value is typed would rebuild the input and take its focus. */}
        <Input id={id} status={invalid ? 'error' : undefined} suffix={link ?? <span />} />
      </AutoComplete>
      {name && (
        <Typography.Text
          type="secondary"
          ellipsis={{ tooltip: name }}
          style={{ display: 'block', fontSize: 12 }}
          data-testid="link-name"
        >
          {name}
        </Typography.Text>
      )}
    </>
  );
}
