import { Suspense, useMemo, useState } from 'react';
import { Button, Col, Flex, Form, Row, Space, Tooltip, Typography } from 'antd';
import { EyeOutlined, SaveOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { madeNameText } from '../i18n/made-name-text.ts';
import type { Entity } from '@lbo/model/entity';
import { FormContext, type FormApi } from '../fields/form-context.ts';
import { FieldView } from '../fields/FieldView.tsx';
import { FieldGrid } from '../fields/NestedInput.tsx';
import { fieldInputs } from '../fields/field-inputs.ts';
import { useSession } from '../app/session/session-context.tsx';
import { useWebModules } from '../app/web-module.ts';
import { useUiState } from '../app/ui-state.ts';
import { formFieldsOf, type FormField } from '../fields/form-field.ts';
import { useFormSubmit } from './use-form-submit.ts';
import { useFormState } from './use-form-state.ts';
import { FormCard, useCardPanels, useSideColumn } from './FormCard.tsx';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';
import { WorkflowCard, useWorkflowPin } from './workflow/WorkflowCard.tsx';
import { DebugCard, RecordCard } from './RecordCards.tsx';
import { DocumentsCard } from './DocumentsCard.tsx';
import { ImagesCard } from './ImagesCard.tsx';
import { DocumentContentCard } from './DocumentContentCard.tsx';
import { RecordSideCards } from './RecordSideCards.tsx';
import type { Values } from './form-values.ts';

/** Fields shown in the side column's record card rather than in the form. */
const recordFields = new Set(['status']);

export interface DetailLayout {
  /** Scalar fields, in the first card. */
  main: FormField[];
  /** Lists and objects, one card each. */
  nested: FormField[];
}

/**
 * The cards of a generic detail form: the scalar fields together, then one card per list or
 * object field. A registration the server numbers is shown in the record card only.
 */
export function detailLayout(entity: Entity, omit: readonly string[] = []): DetailLayout {
  const fields = formFieldsOf(entity.fields).filter(
    (f) => !recordFields.has(f.name) && !omit.includes(f.name) && !(f.name === 'registration' && f.readOnly),
  );
  return {
    main: fields.filter((f) => f.type !== 'list' && f.type !== 'object'),
    nested: fields.filter((f) => f.type === 'list' || f.type === 'object'),
  };
}

interface Props {
  entity: Entity;
  record?: Values;
  /** Sends the values; resolves when saved. */
  onSubmit: (values: Values, initial: Values) => Promise<void>;
  /** Fields a domain screen shows in cards of its own (an invoice's tax breakdown). */
  omit?: readonly string[];
}

/** The generic detail form: cards in the 8/4 layout, CTRL+S to save, a guard on unsaved changes. */
export function DetailForm({ entity, record, onSubmit, omit }: Props) {
  const { t, i18n } = useTranslation();
  const LayoutScriptCards = useWebModules().slots.layoutScriptCards;
  const { user } = useSession();
  const [debug] = useUiState('debug', false);
  const initial = useMemo(() => record ?? {}, [record]);
  const layout = useMemo(() => detailLayout(entity, omit), [entity, omit]);
  const allFields = useMemo(() => [...layout.main, ...layout.nested], [layout]);
  const context = useMemo(() => ({ locale: i18n.language, tenant: user?.tenant }), [i18n.language, user?.tenant]);
  const form = useFormState(allFields, initial, context);
  // A new version of the record (saved, or moved by a transition) becomes the form's values, in
  // place: remounting the form would rebuild every input, the bulk of a transition's time.
  const [shownVersion, setShownVersion] = useState(record?._version);
  if (record?._version !== shownVersion) {
    setShownVersion(record?._version);
    form.reset(initial);
  }
  const sideColumn = useSideColumn();
  const generalTitle = t('General');
  const titles = [generalTitle, ...layout.nested.map((f) => f.label)];
  const panels = useCardPanels(entity.clientRoute, titles);
  // A record in one of its kind's final statuses (an issued invoice) is only moved by its workflow.
  const readOnly = entity.readOnly || (typeof record?.status === 'string' && entity.frozenIn.includes(record.status));
  const [workflowPinned] = useWorkflowPin(entity);

  const { submit, saving } = useFormSubmit(form, { readOnly, initial, onSubmit });

  const api: FormApi = {
    getValue: form.getValue,
    setValue: form.setValue,
    touch: form.touch,
    errorOf: (path) => form.errors[path],
    renderField: (field, path) => <FieldView key={path} field={field} path={path} />,
    readOnly,
    debug,
    locale: i18n.language,
  };
  const NestedInput = fieldInputs.list;
  const ObjectInput = fieldInputs.object;
  const registration = record?.registration as string | undefined;
  const workflow = entity.status && registration && (
    <WorkflowCard
      entity={entity}
      registration={registration}
      status={record?.status}
      version={record?._version}
      record={record}
    />
  );

  return (
    <FormContext.Provider value={api}>
      <UnsavedChangesGuard when={form.dirty && !saving} />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t(entity.labels.en.singular)} {registration ?? t('(new)')}{' '}
          {typeof record?.name === 'string' && (
            <Typography.Text type="secondary">{madeNameText(t, record.name)}</Typography.Text>
          )}
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
              <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void submit()}>
                {t('Save')}
              </Button>
            </Tooltip>
          )}
        </Space>
      </Flex>
      <Form layout="vertical" component="div" disabled={readOnly}>
        <Row gutter={16}>
          <Col xs={24} lg={sideColumn ? 16 : 24}>
            <FormCard
              title={generalTitle}
              collapsed={panels.isCollapsed(generalTitle)}
              onToggle={() => panels.toggle(generalTitle)}
            >
              <FieldGrid fields={layout.main} path="" />
            </FormCard>
            {layout.nested.map((field) => {
              const Input = field.type === 'list' ? NestedInput : ObjectInput;
              return (
                <FormCard
                  key={field.name}
                  title={t(field.label)}
                  collapsed={panels.isCollapsed(field.label)}
                  onToggle={() => panels.toggle(field.label)}
                >
                  <Input
                    field={field}
                    path={field.name}
                    id={`field-${field.name}`}
                    value={form.getValue(field.name)}
                    locale={i18n.language}
                    onChange={(v) => form.setValue(field.name, v)}
                    onBlur={() => form.touch(field.name)}
                    disabled={readOnly}
                    invalid={false}
                  />
                </FormCard>
              );
            })}
            {LayoutScriptCards && (
              <Suspense fallback={null}>
                <LayoutScriptCards entity={entity} type={form.values.type} />
              </Suspense>
            )}
          </Col>
          {sideColumn && (
            <Col xs={24} lg={8}>
              {workflowPinned && workflow}
              <RecordCard entity={entity} record={record} />
              {!workflowPinned && workflow}
              {entity.name === 'Document' && typeof record?._id === 'string' && (
                <DocumentContentCard
                  id={record._id}
                  thumbnail={record.thumbnail === true || typeof record.thumbnailKey === 'string'}
                />
              )}
              {registration && entity.screens.pictures && <ImagesCard entity={entity} registration={registration} />}
              {registration && entity.name !== 'Document' && entity.screens.documents !== false && (
                <DocumentsCard entity={entity} registration={registration} />
              )}
              <RecordSideCards entity={entity} registration={registration} />
              {debug && <DebugCard values={form.values} />}
            </Col>
          )}
        </Row>
      </Form>
    </FormContext.Provider>
  );
}
