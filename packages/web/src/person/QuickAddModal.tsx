import { useMemo, useState } from 'react';
import { Alert, Button, Col, Form, Input, Modal, Row, Select, Switch, theme } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { dataProvider } from '../app/api/data-provider.ts';
import { useCreate } from '../app/api/data-hooks.ts';
import { ApiFailure } from '../app/api/api-failure.ts';
import { useSession } from '../app/session/session-context.tsx';
import { isAdminUser } from '../app/session/configuration.ts';
import { FormContext, type FormApi } from '../fields/form-context.ts';
import { FieldView } from '../fields/FieldView.tsx';
import { FieldGrid } from '../fields/NestedInput.tsx';
import { formFieldsOf, type FormField } from '../fields/form-field.ts';
import { fieldError } from '../fields/validation.ts';
import { useFormState } from '../entities/use-form-state.ts';
import { cleanDocument, type Values } from '../entities/form-values.ts';
import { fieldsOfSection, kindOf, sectionsOf } from './person-form-rules.ts';
import {
  emailFromUsername,
  personBody,
  quickAddDefaultType,
  quickAddRelationsOf,
  showsUsername,
  userBody,
  usernameTaken,
  withRelation,
} from './quick-add.ts';
import { useListOptions } from '../fields/reference-lists.ts';
import { createPersonUser, personKeys, usersNamed } from './person-api.ts';

const usernameExists = 'Username already exists';

/** Whether the signed-in user may write users (admins, or the named permission). */
export function useCanWriteUsers(): boolean {
  const { user, configuration } = useSession();
  return Boolean(
    isAdminUser(user) ||
      configuration?.userPermissions?.['write /api/core/users'] ||
      configuration?.userPermissions?.['write all'],
  );
}

const nameFields = (type: unknown) =>
  kindOf(type) === 'company' ? ['name', 'commercialName'] : ['title', 'firstName', 'lastName'];

/**
 * The quick-add person modal (spec 002 §2, §4, §5): type (C by default), the name fields and,
 * with See more, the person form; a username for individuals when users may be created. Save
 * posts the person, creates the user with syncPerson, reads the person again and returns it;
 * a failure is shown and the dialog stays open. Cancel returns nothing.
 */
export function QuickAddModal({
  entity,
  roles,
  source,
  onClose,
}: {
  entity: Entity;
  roles?: string[];
  source?: string;
  onClose(person?: Values): void;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const { user, configuration } = useSession();
  const canWriteUsers = useCanWriteUsers();
  const all = useMemo(() => new Map(formFieldsOf(entity.fields).map((f) => [f.name, f])), [entity]);
  const [type, setType] = useState<unknown>(quickAddDefaultType);
  const [more, setMore] = useState(false);
  const typeField: FormField = { ...all.get('type')!, mandatory: true };
  const fields = useMemo(() => {
    // The person's username is given by the user created below, not typed here.
    const shown = more
      ? sectionsOf(type).map((s) => ({ ...s, fields: s.fields.filter((f) => f !== 'type' && f !== 'username') }))
      : [{ title: 'Name', fields: nameFields(type) }];
    const names = new Set<string>();
    return shown.flatMap((s) => fieldsOfSection(s, all, type)).filter((f) => !names.has(f.name) && names.add(f.name));
  }, [more, type, all]);
  const context = useMemo(() => ({ locale: i18n.language, tenant: user?.tenant }), [i18n.language, user?.tenant]);
  const form = useFormState(
    fields,
    useMemo(
      () => ({ type: quickAddDefaultType, ...(roles?.length ? { roles: roles.map((role) => ({ role })) } : {}) }),
      [roles],
    ),
    context,
  );
  const usersDisabled = configuration?.options.usersDisabled === true;
  const offersUser = showsUsername(type, canWriteUsers, usersDisabled);
  const [createUser, setCreateUser] = useState(false);
  const [username, setUsername] = useState('');
  const [usernameTouched, setUsernameTouched] = useState(false);
  const [taken, setTaken] = useState(false);
  const [saving, setSaving] = useState(false);
  const createPerson = useCreate<Values>(entity);
  const [failure, setFailure] = useState<string>();
  const withUser = offersUser && createUser;
  // From a source person: the relations it offers (an error gives none).
  const { data: relations = [] } = useQuery({
    queryKey: personKeys.quickAddRelations(source),
    queryFn: async () =>
      quickAddRelationsOf(
        await dataProvider.runScript('quick-add-relations', { sourcePerson: source }, { silent: true }).catch(() => []),
      ),
    enabled: Boolean(source),
  });
  const [relationCode, setRelationCode] = useState<string>();
  const relation = relations.find((r) => r.relation === relationCode);
  const chooseRelation = (code: string | undefined) => {
    setRelationCode(code);
    const allowed = relations.find((r) => r.relation === code)?.personTypes;
    if (allowed?.length && !allowed.includes(String(type))) fieldApi.setValue('type', allowed[0]);
  };
  const { options: relationLabels } = useListOptions('personRelation');
  const usernameField: FormField = { name: 'username', type: 'username', label: 'Username', mandatory: true };
  const usernameError = withUser
    ? taken
      ? t(usernameExists)
      : fieldError(usernameField, username, usernameTouched, { ...context, translate: (k, v) => t(k, v) })
    : undefined;

  const checkUsername = async () => {
    setUsernameTouched(true);
    const name = username.trim();
    if (!name) return;
    try {
      setTaken(usernameTaken(await usersNamed(name), name));
    } catch {
      setTaken(false);
    }
    const filled = emailFromUsername(form.values, name);
    if (filled !== form.values) form.setValue('email', filled.email);
  };

  const save = async () => {
    setUsernameTouched(true);
    const blocking = form.validateAll();
    const userProblem = withUser && (taken || fieldError(usernameField, username, true, context));
    if (blocking.length || userProblem || saving) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const values = withUser ? emailFromUsername(form.values, username) : form.values;
      let person = (await createPerson.mutateAsync(cleanDocument(withRelation(personBody(values), relation, source))))
        .data;
      if (withUser) {
        const sync = configuration?.options.syncPerson === false ? {} : { syncPerson: '1' };
        await createPersonUser(userBody(person, username), sync);
        // The person is read again (by POST, spec 002 §7): the user's sync gave it its username.
        person = await dataProvider.reread<Values>(entity, String(person.registration));
      }
      onClose(person);
    } catch (error) {
      setFailure(error instanceof ApiFailure ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const fieldApi: FormApi = {
    getValue: form.getValue,
    setValue: (path, value) => {
      if (path === 'type') setType(value);
      form.setValue(path, value);
    },
    touch: form.touch,
    errorOf: (path) => form.errors[path],
    renderField: (field, path) => <FieldView key={path} field={field} path={path} />,
    readOnly: false,
    debug: false,
    locale: i18n.language,
  };
  return (
    <Modal
      open
      title={t('Add')}
      width={more ? 1000 : 640}
      maskClosable={false}
      onCancel={() => onClose(undefined)}
      destroyOnHidden
      footer={[
        <Button key="more" type="link" onClick={() => setMore(!more)} data-testid="quick-add-more">
          {more ? t('See less') : t('See more')}
        </Button>,
        <Button key="cancel" onClick={() => onClose(undefined)}>
          {t('Cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void save()} data-testid="quick-add-save">
          {t('Save')}
        </Button>,
      ]}
    >
      <FormContext.Provider value={fieldApi}>
        <Form layout="vertical" component="div" data-testid="quick-add">
          {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} role="alert" />}
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <FieldView field={typeField} path="type" />
            </Col>
            {relations.length > 0 && (
              <Col xs={24} sm={12}>
                <Form.Item label={t('Relation')} htmlFor="quick-add-relation">
                  <Select
                    id="quick-add-relation"
                    allowClear
                    value={relationCode}
                    onChange={chooseRelation}
                    data-testid="quick-add-relation"
                    options={relations.map((r) => ({
                      value: r.relation,
                      label: relationLabels.find((o) => o.value === r.relation)?.label ?? r.label ?? r.relation,
                    }))}
                  />
                </Form.Item>
              </Col>
            )}
          </Row>
          <FieldGrid fields={fields} path="" />
          {offersUser && (
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item label={t('Create a user')}>
                  <Switch checked={createUser} onChange={setCreateUser} data-testid="quick-add-create-user" />
                </Form.Item>
              </Col>
              {createUser && (
                <Col xs={24} sm={12}>
                  <Form.Item
                    label={t('Username')}
                    htmlFor="quick-add-username"
                    required
                    validateStatus={usernameError ? 'error' : undefined}
                  >
                    <Input
                      id="quick-add-username"
                      value={username}
                      autoComplete="off"
                      onChange={(e) => {
                        setUsername(e.target.value);
                        setTaken(false);
                      }}
                      onBlur={() => void checkUsername()}
                    />
                    {usernameError && (
                      <div role="alert" className="field-error" style={{ color: token.colorError, marginTop: 2 }}>
                        {usernameError}
                      </div>
                    )}
                  </Form.Item>
                </Col>
              )}
            </Row>
          )}
        </Form>
      </FormContext.Provider>
    </Modal>
  );
}
