import { beforeAll, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { entityByName } from '@lbo/model/entity-registry';
import { referenceLists } from '@lbo/model/reference-lists';
import { initI18n } from '../i18n/i18n.ts';
import { FormContext, type FormApi } from '../fields/form-context.ts';
import { FieldView } from '../fields/FieldView.tsx';
import { formFieldsOf } from '../fields/form-field.ts';
import { getAt, setAt, type Values } from '../entities/form-values.ts';
import { listQueryOptions } from '../fields/reference-lists.ts';
import { PersonFormContext, type PersonForm } from './person-context.ts';
import { ContactsPanel } from './ContactsPanel.tsx';
import { AddressesCard } from './AddressPanels.tsx';
import { BankAccountsPanel } from './BankAccountsPanel.tsx';
import { RolesField } from './RolesField.tsx';

beforeAll(async () => {
  await initI18n('en-EU');
});

const person = entityByName('Person')!;
const card = { title: 'Card', collapsed: false, onToggle: () => undefined };

/** Renders a panel of the person editor over `values`, with reference lists already loaded. */
function renderHtml(node: React.ReactNode, values: Values, errors: Record<string, string> = {}) {
  let current = values;
  const api: FormApi = {
    getValue: (path) => getAt(current, path),
    setValue: (path, v) => {
      current = setAt(current, path, v);
    },
    touch: () => undefined,
    errorOf: (path) => errors[path],
    renderField: (f, path) => <FieldView key={path} field={f} path={path} />,
    readOnly: false,
    debug: false,
    locale: 'en-EU',
  };
  const form: PersonForm = {
    entity: person,
    values,
    getValue: api.getValue,
    setValue: api.setValue,
    touch: api.touch,
    allErrors: () => errors,
    errors,
    fields: new Map(formFieldsOf(person.fields).map((f) => [f.name, f])),
    readOnly: false,
    options: {},
  };
  const client = new QueryClient();
  for (const list of ['personRole', 'addressType']) {
    client.setQueryData(
      listQueryOptions(list, 'en-EU').queryKey,
      (referenceLists[list] ?? []).map((i) => ({ value: i.value, label: i.label.en ?? i.value })),
    );
  }
  return renderToString(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <FormContext.Provider value={api}>
          <PersonFormContext.Provider value={form}>{node}</PersonFormContext.Provider>
        </FormContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** The text a user reads. */
function render(node: React.ReactNode, values: Values, errors: Record<string, string> = {}) {
  return renderHtml(node, values, errors)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('person editor panels', () => {
  it('lists contacts with their columns and flags the default one', () => {
    const text = render(<ContactsPanel card={card} />, {
      contacts: [
        {
          firstName: 'Anne',
          lastName: 'Durand',
          position: 'CEO',
          phone: '+33 1 02 03 04 05',
          email: 'anne@example.com',
        },
        {
          firstName: 'Paul',
          lastName: 'Martin',
          position: 'CFO',
          isDefault: true,
          linkedIn: 'https://linkedin.example/paul',
        },
      ],
    });
    for (const column of ['Name', 'Position', 'Phone', 'Email', 'Social networks', 'Actions'])
      expect(text).toContain(column);
    expect(text).toContain('Anne Durand CEO +33 1 02 03 04 05 anne@example.com');
    expect(text).toMatch(/Paul Martin Default CFO/);
    expect(text.match(/Default/g)).toHaveLength(1);
    expect(text).toContain('linkedIn');
  });

  it('shows the contact rule of professionals', () => {
    expect(render(<ContactsPanel card={card} />, { type: 'P' }, { contacts: 'Contact is mandatory' })).toContain(
      'Contact is mandatory',
    );
  });

  it('previews addresses, the first as default, with the map button only when it has coordinates', () => {
    const addresses = [
      {
        type: 'BILLING',
        address1: '10 quai Perrache',
        zipcode: '69002',
        city: 'Lyon',
        location: { type: 'Point', coordinates: [4.82, 45.74] },
      },
      { type: 'HEAD_OFFICE', addressLine: '1 rue de la Paix, Paris' },
    ];
    const html = render(<AddressesCard />, { addresses });
    expect(html).toContain('Billing address Default 10 quai Perrache, 69002 Lyon');
    expect(html).toContain('Head office 1 rue de la Paix, Paris');
    expect(renderHtml(<AddressesCard />, { addresses })).toContain('address-show-map');
    expect(renderHtml(<AddressesCard />, { addresses: [...addresses].reverse() })).not.toContain('address-show-map');
  });

  it('lists bank accounts, the first as default', () => {
    const text = render(<BankAccountsPanel card={card} />, {
      bankAccounts: [{ name: 'Main', bankIban: 'FR7630006000011234567890189', bankBic: 'AGRIFRPP' }, { name: 'Other' }],
    });
    expect(text).toContain('Main Default FR7630006000011234567890189 AGRIFRPP');
    expect(text.match(/Default/g)).toHaveLength(1);
  });

  it('shows roles by label and an unknown role as {role} (???)', () => {
    const text = render(<RolesField />, { roles: [{ role: 'CLIENT' }, { role: 'WIZARD' }] });
    expect(text).toContain('Client');
    expect(text).toContain('WIZARD (???)');
  });
});
