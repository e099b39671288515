import { useEffect, useState } from 'react';
import { Alert, Input, Upload, Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InputProps } from './form-context.ts';
import { FieldGrid } from './NestedInput.tsx';
import type { FormField } from './form-field.ts';
import { isInvalidInput } from './parse.ts';
import { fileProblem } from './validation.ts';
import { formatAddress } from '../i18n/formats.ts';

/** JSON data, edited as text; text that is not JSON is kept and reported. */
export function JsonInput({ id, value, onChange, onBlur, disabled, invalid }: InputProps) {
  const textOf = (v: unknown) =>
    isInvalidInput(v) ? v.invalidInput : v === undefined ? '' : JSON.stringify(v, null, 2);
  const [text, setText] = useState(() => textOf(value));
  useEffect(() => {
    if (!isInvalidInput(value)) setText(textOf(value));
  }, [value]);
  const change = (s: string) => {
    setText(s);
    if (s.trim() === '') return onChange(undefined);
    try {
      onChange(JSON.parse(s));
    } catch {
      onChange({ invalidInput: s });
    }
  };
  return (
    <Input.TextArea
      id={id}
      value={text}
      onChange={(e) => change(e.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      autoSize={{ minRows: 2, maxRows: 10 }}
      style={{ fontFamily: 'monospace' }}
    />
  );
}

const addressFields: FormField[] = ['address1', 'address2', 'zipcode', 'city'].map((name) => ({
  name,
  type: 'text',
  label:
    name === 'zipcode' ? 'Zip code' : name === 'address1' ? 'Address' : name === 'address2' ? 'Address line 2' : 'City',
}));

/** An address: its parts, and the formatted address below. */
export function AddressInput({ path, value }: InputProps) {
  const formatted = formatAddress(value);
  return (
    <>
      <FieldGrid fields={addressFields} path={path} />
      {formatted && <div style={{ opacity: 0.65 }}>{formatted}</div>}
    </>
  );
}

/** file and files: checked for size and extension before upload. */
export function FileInput({ field, id, disabled }: InputProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string>();
  return (
    <>
      <Upload
        id={id}
        multiple={field.type === 'files'}
        disabled={disabled}
        showUploadList={false}
        beforeUpload={(file) => {
          const p = fileProblem(file, { maxSize: 5 * 1048576 });
          setProblem(p && t(p.key, p.values));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled}>
          {t('Choose a file')}
        </Button>
      </Upload>
      {problem && <Alert type="error" title={problem} style={{ marginTop: 8 }} />}
    </>
  );
}

export function NoticeInput({ field }: InputProps) {
  const { t } = useTranslation();
  return <Alert type="info" title={t(field.text ?? field.label)} />;
}

/** Spec 000 §3: a field of a type the app does not know. */
export function UnknownField({ type }: { type: string }) {
  const { t } = useTranslation();
  return <Alert type="warning" title={t('Unknown type {type}', { type })} />;
}
