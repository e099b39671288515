import { lazy, Suspense, useState } from 'react';
import { Button, Empty, Form, List, Space, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined, EnvironmentOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../entities/FormCard.tsx';
import { useListOptions } from '../fields/reference-lists.ts';
import { itemFields, touchList, usePersonForm, type PersonForm } from './person-context.ts';
import { addressRules, coordinatesOf, formattedAddress, repeatedTypes, uniquePerType } from './addresses.ts';
import { canSave, type Item } from './list-edits.ts';
import { ListEditModal } from './ListEditModal.tsx';
import { AddressSearch, type AddressServiceOptions } from './AddressSearch.tsx';
import type { CardProps } from './ContactsPanel.tsx';
import { FieldGrid } from '../fields/NestedInput.tsx';

const MapModal = lazy(() => import('./MapModal.tsx'));

const inlineFields = ['type', 'address1', 'address2', 'zipcode', 'city', 'state', 'country'];

const addressesOf = (form: PersonForm) => (form.getValue('addresses') as Item[] | undefined) ?? [];
const serviceOf = (form: PersonForm) => (form.options.address ?? {}) as AddressServiceOptions;
const isUnique = (form: PersonForm) => uniquePerType(form.options.uniqueAddressPerType);

/** Fills the address at `index` from a search result, keeping its type. */
function fill(form: PersonForm, index: number, found: Item) {
  const list = addressesOf(form);
  const current = list[index] ?? {};
  const next = [...list];
  next[index] = { ...current, ...found, type: current.type ?? found.type };
  form.setValue('addresses', next);
}

/** The Address panel (spec 002 §2): the first address edited inline, the others in the modal. */
export function AddressPanel({ card }: { card: CardProps }) {
  const { t } = useTranslation();
  const form = usePersonForm();
  const [editing, setEditing] = useState(false);
  const fields = itemFields(form, 'addresses').filter((f) => inlineFields.includes(f.name));
  const count = addressesOf(form).length;
  return (
    <FormCard
      {...card}
      extra={
        <Button
          size="small"
          icon={form.readOnly ? <EyeOutlined /> : <EditOutlined />}
          onClick={() => setEditing(true)}
          data-testid="addresses-edit"
        >
          {t('Edit addresses')}
          {count > 1 ? ` (${count})` : ''}
        </Button>
      }
    >
      <Form.Item label={t('Search an address')} htmlFor="address-search-0">
        <AddressSearch
          id="address-search-0"
          service={serviceOf(form)}
          disabled={form.readOnly}
          onAddress={(a) => fill(form, 0, a)}
        />
      </Form.Item>
      <FieldGrid fields={fields} path="addresses.0" />
      {editing && <EditAddressesModal onClose={() => setEditing(false)} />}
    </FormCard>
  );
}

/** The Addresses card: a preview, edit or view, and the map when the first address has coordinates. */
export function AddressesCard() {
  const { t } = useTranslation();
  const form = usePersonForm();
  const [editing, setEditing] = useState(false);
  const [map, setMap] = useState(false);
  const addresses = addressesOf(form);
  const { options } = useListOptions('addressType');
  const coordinates = coordinatesOf(addresses[0]);
  return (
    <FormCard
      title={t('Addresses')}
      extra={
        <Space size={4}>
          {coordinates && (
            <Tooltip title={t('Show map')}>
              <Button
                size="small"
                icon={<EnvironmentOutlined />}
                aria-label={t('Show map')}
                onClick={() => setMap(true)}
                data-testid="address-show-map"
              />
            </Tooltip>
          )}
          <Tooltip title={form.readOnly ? t('View') : t('Edit')}>
            <Button
              size="small"
              icon={form.readOnly ? <EyeOutlined /> : <EditOutlined />}
              aria-label={t('Edit addresses')}
              onClick={() => setEditing(true)}
            />
          </Tooltip>
        </Space>
      }
    >
      <List
        size="small"
        data-testid="addresses-preview"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No data')} /> }}
        dataSource={addresses.map((a, i) => ({ a, i }))}
        renderItem={({ a, i }) => (
          <List.Item>
            <Space direction="vertical" size={0}>
              <Space size={4}>
                <Typography.Text strong>
                  {options.find((o) => o.value === a.type)?.label ?? (a.type ? String(a.type) : '—')}
                </Typography.Text>
                {i === 0 && <Tag color="gold">{t('Default')}</Tag>}
                {a.invalidAddress === true && <Tag color="red">{t('Invalid address')}</Tag>}
              </Space>
              <Typography.Text data-testid="address-preview-line">{formattedAddress(a) || '—'}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      {editing && <EditAddressesModal onClose={() => setEditing(false)} />}
      {map && coordinates && (
        <Suspense fallback={null}>
          <MapModal coordinates={coordinates} label={formattedAddress(addresses[0])} onClose={() => setMap(false)} />
        </Suspense>
      )}
    </FormCard>
  );
}

/**
 * The Edit addresses modal (spec 002 §2, §4, §5): add, delete, make first; type mandatory;
 * with unique types, Add is hidden once every type is used and Save is disabled while types
 * repeat; closing without saving restores the addresses.
 */
export function EditAddressesModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const form = usePersonForm();
  const { options: types } = useListOptions('addressType');
  const addresses = addressesOf(form);
  const fields = itemFields(form, 'addresses');
  const unique = isUnique(form);
  const rules = addressRules(
    addresses,
    types.map((o) => o.value),
    unique,
  );
  const repeated = unique ? repeatedTypes(addresses) : [];
  const save = () => {
    touchList(form, 'addresses', fields);
    return canSave(form.allErrors(), 'addresses') && rules.canSave;
  };
  return (
    <ListEditModal
      name="addresses"
      title={t('Edit addresses')}
      onClose={onClose}
      onSave={save}
      testIds={{ row: 'address-row', add: 'address-add', save: 'addresses-save' }}
      addLabel={t('Add address')}
      canAdd={rules.canAdd}
      newRow={() => (rules.nextType ? { type: rules.nextType } : {})}
      saveDisabled={!rules.canSave}
      header={
        repeated.length > 0 && (
          <Typography.Text type="danger" role="alert">
            {t('Each address needs a different type')}: {repeated.join(', ')}
          </Typography.Text>
        )
      }
      rowTitle={(a, index) => (
        <Space>
          {index === 0 ? <Tag color="gold">{t('Default')}</Tag> : `${t('Address')} ${index + 1}`}
          <Typography.Text type="secondary">{formattedAddress(a)}</Typography.Text>
        </Space>
      )}
      renderRow={(_, index) => (
        <>
          <Form.Item label={t('Search an address')} htmlFor={`address-search-m${index}`}>
            <AddressSearch
              id={`address-search-m${index}`}
              service={serviceOf(form)}
              disabled={form.readOnly}
              onAddress={(found) => fill(form, index, found)}
            />
          </Form.Item>
          <FieldGrid fields={fields} path={`addresses.${index}`} />
        </>
      )}
    />
  );
}
