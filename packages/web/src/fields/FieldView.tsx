import { Form, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormApi } from './form-context.ts';
import { isFormFieldType, type FormField } from './form-field.ts';
import { fieldInputs } from './field-inputs.ts';
import { UnknownField } from './OtherInputs.tsx';
import { lengthCounter } from './validation.ts';

/**
 * One field of a form: label (with the mandatory mark), input, message and length counter.
 * The message is rendered here rather than as Form.Item help, whose animation renders it only
 * after mounting.
 */
export function FieldView({ field, path }: { field: FormField; path: string }) {
  const form = useFormApi();
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (!isFormFieldType(field.type)) return <UnknownField type={field.type} />;
  const Input = fieldInputs[field.type];
  const value = form.getValue(path);
  const error = form.errorOf(path);
  const id = `field-${path}`;
  const counter = lengthCounter(field, value);
  const extra =
    counter || form.debug ? (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {counter}
        {counter && form.debug ? ' · ' : ''}
        {form.debug ? path : ''}
      </Typography.Text>
    ) : undefined;
  const plain = field.type === 'notice';
  return (
    <Form.Item
      label={plain ? undefined : t(field.label)}
      htmlFor={id}
      required={field.mandatory}
      validateStatus={error ? 'error' : undefined}
      extra={extra}
      data-field={path}
      data-field-type={field.type}
    >
      <Input
        field={field}
        path={path}
        id={id}
        value={value}
        onChange={(v) => form.setValue(path, v)}
        onBlur={() => form.touch(path)}
        disabled={form.readOnly || Boolean(field.readOnly || field.disabled)}
        invalid={Boolean(error)}
        locale={form.locale}
      />
      {error && (
        <div role="alert" className="field-error" style={{ color: token.colorError, marginTop: 2 }}>
          {error}
        </div>
      )}
    </Form.Item>
  );
}
