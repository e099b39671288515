import { useCallback, useMemo, useState } from 'react';
import { Button, Col, Flex, Form, Row, Select, Space, Tooltip, Typography } from 'antd';
import { EyeOutlined, SaveOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { personKeys } from './person-api.ts';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { FormContext, type FormApi } from '../fields/form-context.ts';
import { FieldView } from '../fields/FieldView.tsx';
import { FieldGrid, ListInput } from '../fields/NestedInput.tsx';
import { formFieldsOf, type FormField } from '../fields/form-field.ts';
import { useListOptions } from '../fields/reference-lists.ts';
import { useSession } from '../app/session/session-context.tsx';
import { useUiState } from '../app/ui-state.ts';
import { useFormState } from '../entities/use-form-state.ts';
import { useFormSubmit } from '../entities/use-form-submit.ts';
import { formErrors, type Values } from '../entities/form-values.ts';
import { FormCard, useCardPanels, useSideColumn } from '../entities/FormCard.tsx';
import { DebugCard, RecordCard } from '../entities/RecordCards.tsx';
import { DocumentsCard } from '../entities/DocumentsCard.tsx';
import { RecordSideCards } from '../entities/RecordSideCards.tsx';
import { UnsavedChangesGuard } from '../entities/UnsavedChangesGuard.tsx';
import { WorkflowCard, useWorkflowPin } from '../entities/workflow/WorkflowCard.tsx';
import { fieldsOfSection, personRuleErrors, sectionsOf, withFieldProps } from './person-form-rules.ts';
import { RolesField } from './RolesField.tsx';
import { PersonFormContext, type PersonForm } from './person-context.ts';

import { RegistrationField } from './RegistrationField.tsx';
import { ContactsPanel } from './ContactsPanel.tsx';
import { AddressPanel, AddressesCard } from './AddressPanels.tsx';
import { BankAccountsPanel, bankAccountFields } from './BankAccountsPanel.tsx';
import { LayoutCards } from './LayoutCards.tsx';
import { useRegistrationFormatCheck } from './registration-format-check.ts';
import { RelationsCard } from './RelationsCard.tsx';
import { QuickAddButton } from './QuickAddButton.tsx';
import { entityByName } from '@lbo/model/entity-registry';

interface Props {
  entity: Entity;
  record?: Values;
  onSubmit: (values: Values, initial: Values) => Promise<void>;
}

/** Fields the editor shows in its own panels rather than in a section grid. */
const panelFields = ['registrations', 'roles', 'contacts', 'addresses', 'bankAccounts', 'descendants'];

/**
 * The person and prospect editor (spec 002 §2): the form changes with the person type; the
 * registration, contacts, addresses and bank accounts have their own panels and modals.
 */
export function PersonEditor({ entity, record, onSubmit }: Props) {
  const { t, i18n } = useTranslation();
  const { user, configuration } = useSession();
  const queryClient = useQueryClient();
  const [debug] = useUiState('debug', false);
  const initial = useMemo<Values>(() => record ?? { type: 'C' }, [record]);
  const all = useMemo(
    () =>
      new Map(
        formFieldsOf(entity.fields).map((f) => [
          f.name,
          f.name === 'bankAccounts' ? { ...f, fields: bankAccountFields(f.fields ?? []) } : f,
        ]),
      ),
    [entity],
  );
  const [type, setType] = useState<unknown>(initial.type ?? 'C');
  const sections = useMemo(
    () => sectionsOf(type).map((s) => ({ ...s, fields: s.fields.filter((f) => f !== 'type') })),
    [type],
  );
  const fields = useMemo<FormField[]>(
    () => [
      ...sections.flatMap((s) => fieldsOfSection(s, all, type)),
      ...panelFields.map((name) => all.get(name)).filter((f): f is FormField => Boolean(f)),
    ],
    [sections, all, type],
  );
  const context = useMemo(() => ({ locale: i18n.language, tenant: user?.tenant }), [i18n.language, user?.tenant]);
  const form = useFormState(fields, initial, context);
  const sideColumn = useSideColumn();
  const readOnly = entity.readOnly;
  const translate = useCallback((key: string, values?: Record<string, unknown>) => t(key, values), [t]);
  const setValue = useCallback(
    (path: string, value: unknown) => {
      if (path === 'type') setType(value);
      form.setValue(path, value);
    },
    [form],
  );
  const ctx = useMemo(
    () => ({ ...context, translate: (k: string, v: Record<string, unknown>) => t(k, v) }),
    [context, t],
  );
  const allErrors = useCallback(
    (values: Values = form.values) => ({
      ...formErrors(fields, values, () => true, ctx),
      ...personRuleErrors(values, { translate }),
    }),
    [fields, form.values, ctx, translate],
  );
  const formatCheckErrors = useRegistrationFormatCheck();
  const ruleErrorPaths = useCallback(
    (values: Values) => Object.keys({ ...personRuleErrors(values), ...formatCheckErrors(values) }),
    [formatCheckErrors],
  );
  const { submit, saving, submitted } = useFormSubmit(form, {
    readOnly,
    initial,
    onSubmit,
    moreErrors: ruleErrorPaths,
  });

  // A refused identifier or BIC says so at once; the missing identifier or contact once a save was tried.
  const shownErrors = {
    ...form.errors,
    ...personRuleErrors(form.values, { submitted, translate }),
    ...formatCheckErrors(form.values),
  };
  const fieldApi: FormApi = {
    getValue: form.getValue,
    setValue,
    touch: form.touch,
    errorOf: (path) => shownErrors[path],
    renderField: (field, path) =>
      field.type === 'link' && field.entity === 'Person' && !readOnly ? (
        <PersonLinkField
          key={path}
          field={field}
          path={path}
          onAdded={(person) => setValue(path, person.registration)}
        />
      ) : (
        <FieldView key={path} field={field} path={path} />
      ),
    readOnly: Boolean(readOnly),
    debug,
    locale: i18n.language,
  };
  const personForm: PersonForm = {
    entity,
    values: form.values,
    getValue: form.getValue,
    setValue,
    touch: form.touch,
    allErrors,
    errors: shownErrors,
    fields: all,
    readOnly: Boolean(readOnly),
    options: configuration?.options ?? {},
  };

  const titles = [
    'Registration number',
    ...sections.map((s) => s.title),
    'Contacts',
    'Address',
    'Banking information',
    'Related persons',
    'Relations',
  ];
  const panels = useCardPanels(entity.clientRoute, titles);
  const card = (title: string) => ({
    title: t(title),
    collapsed: panels.isCollapsed(title),
    onToggle: () => panels.toggle(title),
  });
  const registration = record?.registration as string | undefined;
  const [workflowPinned] = useWorkflowPin(entity);
  const workflow = entity.status && registration && (
    <WorkflowCard entity={entity} registration={registration} status={record?.status} version={record?._version} />
  );

  return (
    <FormContext.Provider value={fieldApi}>
      <PersonFormContext.Provider value={personForm}>
        <UnsavedChangesGuard when={form.dirty && !saving} />
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="person-title">
            {t(entity.labels.en.singular)} {registration ?? t('(new)')}{' '}
            {typeof record?.name === 'string' && <Typography.Text type="secondary">{record.name}</Typography.Text>}
          </Typography.Title>
          <Space>
            <Link to={`/${entity.listRoute}`}>
              <Button icon={<UnorderedListOutlined />}>{t(entity.labels.en.plural)}</Button>
            </Link>
            {readOnly ? (
              <Tooltip title={t('Read only')}>
                <EyeOutlined />
              </Tooltip>
            ) : (
              <Tooltip title="Ctrl+S">
                <Button
                  type="primary"
                  icon={<SaveOutlined />}
                  loading={saving}
                  onClick={() => void submit()}
                  data-testid="person-save"
                >
                  {t('Save')}
                </Button>
              </Tooltip>
            )}
          </Space>
        </Flex>
        <Form layout="vertical" component="div" disabled={readOnly}>
          <Row gutter={16}>
            <Col xs={24} lg={sideColumn ? 16 : 24}>
              <FormCard {...card('Registration number')}>
                <Row gutter={16}>
                  <Col xs={24} sm={12} lg={8}>
                    <TypeSelect
                      entity={entity}
                      value={type}
                      onChange={(v) => setValue('type', v)}
                      disabled={Boolean(readOnly)}
                    />
                  </Col>
                  <Col xs={24} sm={12} lg={16}>
                    <RegistrationField />
                  </Col>
                  <Col xs={24}>
                    <RolesField />
                  </Col>
                </Row>
              </FormCard>
              {sections.map((section) => (
                <FormCard key={section.title} {...card(section.title)}>
                  <FieldGrid fields={withFieldProps(fieldsOfSection(section, all, type), form.values)} path="" />
                </FormCard>
              ))}
              <ContactsPanel card={card('Contacts')} />
              <AddressPanel card={card('Address')} />
              <BankAccountsPanel card={card('Banking information')} />
              <LayoutCards />
              {all.get('descendants') && (
                <FormCard
                  {...card('Related persons')}
                  extra={
                    registration &&
                    !readOnly && (
                      <QuickAddButton
                        entity={entity}
                        source={registration}
                        compact
                        onAdded={() =>
                          void queryClient.invalidateQueries({ queryKey: personKeys.hierarchy(entity, registration) })
                        }
                      />
                    )
                  }
                >
                  <ListInput
                    field={all.get('descendants')!}
                    path="descendants"
                    id="field-descendants"
                    value={form.getValue('descendants')}
                    locale={i18n.language}
                    onChange={(v) => setValue('descendants', v)}
                    onBlur={() => form.touch('descendants')}
                    disabled={Boolean(readOnly)}
                    invalid={false}
                  />
                </FormCard>
              )}
              {registration && <RelationsCard entity={entity} registration={registration} card={card('Relations')} />}
            </Col>
            {sideColumn && (
              <Col xs={24} lg={8}>
                {workflowPinned && workflow}
                <RecordCard entity={entity} record={record} />
                <AddressesCard />
                {!workflowPinned && workflow}
                {registration && <DocumentsCard entity={entity} registration={registration} />}
                <RecordSideCards entity={entity} registration={registration} />
                {debug && <DebugCard values={form.values} />}
              </Col>
            )}
          </Row>
        </Form>
      </PersonFormContext.Provider>
    </FormContext.Provider>
  );
}

/** The person type: it drives the sections and the mandatory fields. */
function TypeSelect({
  entity,
  value,
  onChange,
  disabled,
}: {
  entity: Entity;
  value: unknown;
  onChange(v: unknown): void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { options } = useListOptions(entity.fields.type?.list ?? 'personType');
  return (
    <Form.Item label={t('Type')} htmlFor="field-type" required data-field="type">
      <Select
        id="field-type"
        value={value}
        options={options}
        disabled={disabled}
        onChange={onChange}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

/** A link to a person, with quick add beside it: the person added becomes the value. */
function PersonLinkField({ field, path, onAdded }: { field: FormField; path: string; onAdded(person: Values): void }) {
  const person = entityByName('Person');
  return (
    <Flex gap={4} align="flex-end">
      <div style={{ flex: 1, minWidth: 0 }}>
        <FieldView field={field} path={path} />
      </div>
      {person && (
        <div style={{ marginBottom: 24 }}>
          <QuickAddButton entity={person} compact onAdded={onAdded} />
        </div>
      )}
    </Flex>
  );
}
