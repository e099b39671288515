import { Checkbox, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InputProps } from './form-context.ts';
import type { Option } from './form-field.ts';
import { useListOptions } from './reference-lists.ts';

/** Options of a field, plus its current values that are not among them, shown as `value (???)`. */
function withUnknown(options: Option[], values: string[], loaded: boolean): Option[] {
  if (!loaded) return options;
  const missing = values.filter((v) => !options.some((o) => o.value === v));
  return [...options, ...missing.map((v) => ({ value: v, label: `${v} (???)` }))];
}

/** select and multiple select, from a reference list or given options. */
export function SelectInput({ field, id, value, onChange, onBlur, disabled, invalid }: InputProps) {
  const { options: listOptions, loading } = useListOptions(field.options ? undefined : field.list);
  const values = Array.isArray(value)
    ? value.map(String)
    : value === undefined || value === null || value === ''
      ? []
      : [String(value)];
  const options = withUnknown(field.options ?? listOptions, values, !loading);
  return (
    <Select
      id={id}
      mode={field.multiple ? 'multiple' : undefined}
      value={field.multiple ? values : values[0]}
      options={options}
      loading={loading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      style={{ width: '100%' }}
      onChange={(next: string | string[] | undefined) =>
        onChange(Array.isArray(next) ? (next.length ? next : undefined) : (next ?? undefined))
      }
      onBlur={onBlur}
    />
  );
}

export function RadioInput({ field, id, value, onChange, onBlur, disabled }: InputProps) {
  const { options } = useListOptions(field.options ? undefined : field.list);
  return (
    <Radio.Group
      id={id}
      value={value}
      disabled={disabled}
      options={field.options ?? options}
      onChange={(e) => {
        onChange(e.target.value);
        onBlur();
      }}
    />
  );
}

/** checkbox and switch: booleans. */
export function BooleanInput({ field, id, value, onChange, onBlur, disabled }: InputProps) {
  const { t } = useTranslation();
  if (field.type === 'switch')
    return (
      <Switch
        id={id}
        checked={value === true}
        disabled={disabled}
        onChange={(v) => {
          onChange(v);
          onBlur();
        }}
      />
    );
  return (
    <Checkbox
      id={id}
      checked={value === true}
      disabled={disabled}
      onChange={(e) => {
        onChange(e.target.checked);
        onBlur();
      }}
    >
      {value === true ? t('Yes') : t('No')}
    </Checkbox>
  );
}
