import { describe, expect, it, beforeAll } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { initI18n } from '../i18n/i18n.ts';
import { FormContext, type FormApi } from './form-context.ts';
import { formFieldTypes, type FormField } from './form-field.ts';
import { FieldView } from './FieldView.tsx';
import { fieldError } from './validation.ts';

beforeAll(async () => {
  await initI18n('en-EU');
});

/** Renders one field in a form holding `value`, with the message validation gives once touched. */
function render(field: FormField, value: unknown, touched = true) {
  const error = fieldError(field, value, touched, { locale: 'en-EU', tenant: 'demo' });
  const api: FormApi = {
    getValue: (path) => (path === field.name ? value : undefined),
    setValue: () => undefined,
    touch: () => undefined,
    errorOf: (path) => (path === field.name ? error : undefined),
    renderField: (f, path) => <FieldView key={path} field={f} path={path} />,
    readOnly: false,
    debug: false,
    locale: 'en-EU',
  };
  const client = new QueryClient();
  return renderToString(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <FormContext.Provider value={api}>
          <FieldView field={field} path={field.name} />
        </FormContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('one component per field type', () => {
  it('renders every form field type with its label', () => {
    for (const type of formFieldTypes) {
      const field: FormField = {
        name: 'f',
        type,
        label: `Label of ${type}`,
        fields: [{ name: 'inner', type: 'text', label: 'Inner' }],
        text: 'A notice',
      };
      const html = render(field, undefined, false);
      expect(html, type).not.toContain('Unknown type');
      if (type !== 'notice') expect(text(html), type).toContain(`Label of ${type}`);
    }
  });

  it('shows a phone as its country calling code and local number', () => {
    const html = text(render({ name: 'phone', type: 'phone', label: 'Phone' }, '+33123456789'));
    expect(html).toContain('FR +33');
    expect(render({ name: 'phone', type: 'phone', label: 'Phone' }, '+33123456789')).toContain(
      'value="01 23 45 67 89"',
    );
    expect(text(render({ name: 'phone', type: 'phone', label: 'Phone' }, { invalidInput: '01 23' }))).toContain(
      'Invalid format',
    );
  });

  it('shows "Unknown type {type}" for any other type', () => {
    expect(text(render({ name: 'f', type: 'hologram', label: 'X' }, undefined))).toContain('Unknown type hologram');
  });
});

describe('inputs keep their element while a value is typed', () => {
  // antd rebuilds an input (and takes its focus) when a suffix comes or goes: a link input has one, empty or not.
  it('renders a link input in the same wrapper with and without a value', () => {
    const field: FormField = {
      name: 'personRegistration',
      type: 'link',
      label: 'Person registration',
      entity: 'Person',
    };
    for (const value of [undefined, 'P', 'PER000301'])
      expect(render(field, value), String(value)).toContain('ant-input-affix-wrapper');
  });
});

describe('validation messages shown under the field', () => {
  const cases: [FormField, unknown, string][] = [
    [{ name: 'name', type: 'text', label: 'Name', mandatory: true }, '', 'Name is mandatory'],
    [{ name: 'code', type: 'text', label: 'Code', min: 3 }, 'ab', 'Code length must be ≥ 3'],
    [{ name: 'code', type: 'textarea', label: 'Comment', max: 3 }, 'abcd', 'Comment length must be ≤ 3'],
    [{ name: 'n', type: 'number', label: 'Quantity' }, Number.NaN, 'Quantity has to be a number'],
    [{ name: 'n', type: 'integer', label: 'Duration', max: 360 }, 361, 'Duration must be ≤ 360'],
    [{ name: 'n', type: 'integer', label: 'Duration' }, 2.5, 'Duration has to be an integer'],
    [{ name: 'n', type: 'currency', label: 'Amount', min: 100 }, 5, 'Amount must be ≥ 100.00 €'],
    [{ name: 'n', type: 'percentage', label: 'Rate', max: 0.5 }, 0.6, 'Rate must be ≤ 50%'],
    [{ name: 'd', type: 'date', label: 'Start date' }, { invalidInput: 'soon' }, 'Invalid date'],
    [{ name: 'd', type: 'datetime', label: 'Meeting' }, { invalidInput: 'x' }, 'Invalid date'],
    [{ name: 'e', type: 'email', label: 'Email' }, 'nope', 'Email format should be "name@example.com"'],
    [{ name: 'e', type: 'emails', label: 'Emails' }, ['a@b.fr', 'nope'], 'Email format should be "name@example.com"'],
    [
      { name: 'u', type: 'username', label: 'Username' },
      'john',
      'Should be a valid email or a valid string ending with @demo',
    ],
    [{ name: 'p', type: 'phone', label: 'Phone' }, 'abc', 'Invalid format'],
    [{ name: 'i', type: 'iban', label: 'IBAN' }, 'FR00 1234', 'IBAN is invalid'],
    [{ name: 't', type: 'text', label: 'Id', format: 'uuid' }, 'x-y', 'Invalid format'],
    [{ name: 't', type: 'text', label: 'Code', pattern: '^[A-Z]+$' }, 'abc', 'Invalid format'],
    [{ name: 's', type: 'select', label: 'Type', mandatory: true }, undefined, 'Type is mandatory'],
    [{ name: 'j', type: 'json', label: 'Data' }, { invalidInput: '{' }, 'Invalid format'],
  ];
  for (const [field, value, message] of cases) {
    it(`${field.type}: ${message}`, () => {
      expect(text(render(field, value))).toContain(message);
    });
  }

  it('shows the length counter and the mandatory mark', () => {
    const html = text(render({ name: 'code', type: 'text', label: 'Code', min: 2, max: 10, mandatory: true }, 'abc'));
    expect(html).toContain('3/10 (Min: 2)');
  });

  it('shows a select value that is not among the options followed by (???) once the options are known', async () => {
    const { optionLabel } = await import('./reference-lists.ts');
    expect(optionLabel([{ value: 'A', label: 'Active' }], 'ZZ')).toBe('ZZ (???)');
    expect(optionLabel([{ value: 'A', label: 'Active' }], 'A')).toBe('Active');
  });
});
