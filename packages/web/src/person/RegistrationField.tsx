import { useEffect, useMemo, useRef, useState } from 'react';
import { AutoComplete, Button, Form, Input, Modal, Select, Space, Spin, Tooltip, theme } from 'antd';
import { LinkOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useListOptions } from '../fields/reference-lists.ts';
import { useDebounced } from '../fields/record-search.ts';
import { compactRegistrationNumber } from '@lbo/model/values/identifiers/registration-check';
import { messages } from '../fields/validation.ts';
import { detailPath } from '../entities/entity-fields.ts';
import { notify } from '../app/notify.tsx';
import { usePersonForm } from './person-context.ts';
import { registrationTypeList } from './person-form-rules.ts';
import { findPerson, lookupRegistration, registrationDetails } from './person-api.ts';
import {
  composeRegistration,
  lookupResultsOf,
  lookupTypes,
  personFromLookup,
  splitRegistration,
  withMainRegistration,
  type LookupResult,
  type RegistrationItem,
} from './registrations.ts';
import { RegistrationsModal } from './RegistrationsModal.tsx';

/** Lookup select debounce (spec 002 §9); lookups start after more than 2 characters. */
export const lookupDebounceMs = 300;

/**
 * The person registration field (spec 002 §2, §4): a type selector and a number typed or picked
 * from the register's lookup results, a confirmation, the person filled from the choice, and
 * the Registrations modal.
 */
export function RegistrationField() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const form = usePersonForm();
  const navigate = useNavigate();
  const personType = form.getValue('type');
  const { options: typeOptions } = useListOptions(registrationTypeList(personType));
  const rows = (form.getValue('registrations') as RegistrationItem[] | undefined) ?? [];
  const saved = typeof form.values._id === 'string';
  const fromRegistration = splitRegistration(
    form.getValue('registration'),
    typeOptions.map((o) => o.value),
  );
  const type = rows[0]?.type ?? fromRegistration.type;
  const number = rows[0]?.number ?? fromRegistration.number ?? '';
  const [text, setText] = useState(number);
  // The form holds the number in its stored form (compact); what is being typed keeps its separators.
  useEffect(
    () => setText((current) => (compactRegistrationNumber(type ?? '', current) === number ? current : number)),
    [number],
  );
  const [results, setResults] = useState<LookupResult[]>([]);
  const [loading, setLoading] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  const [confirm, holder] = Modal.useModal();
  const term = useDebounced(text.trim(), lookupDebounceMs);
  const lookedUp = useRef('');
  // Only what the user types is looked up, not a number the record already holds.
  const [typed, setTyped] = useState(false);

  const disabled = form.readOnly || saved;
  const lookup = Boolean(type && lookupTypes.has(type)) && !disabled;
  useEffect(() => {
    if (!lookup || !typed || term.length <= 2 || term === lookedUp.current) return;
    const controller = new AbortController();
    lookedUp.current = term;
    setLoading(true);
    let answered = false;
    lookupRegistration(type!, term, personType, controller.signal)
      .then((answer) => setResults(lookupResultsOf(answer, type!)))
      .catch(() => setResults([]))
      .finally(() => {
        answered = true;
        setLoading(false);
      });
    return () => {
      if (answered) return;
      controller.abort();
      // Cut short (the type changed while it ran): the same term is looked up again.
      lookedUp.current = '';
    };
  }, [lookup, typed, term, type, personType]);

  /** Every keystroke goes to the form, so that a save (button or CTRL+S) sends what the field shows. */
  const setMain = (nextType: string | undefined, nextNumber: string | undefined) => {
    form.setValue(
      'registrations',
      withMainRegistration(rows, nextType, compactRegistrationNumber(nextType ?? '', nextNumber ?? '') || undefined),
    );
  };

  /** Fills the person from the chosen result; an existing person with that registration is opened instead. */
  const choose = async (result: LookupResult) => {
    const registration = composeRegistration(type, result.number)!;
    const existing = await findPerson(form.entity, registration);
    // The tenant's person settings (options.person.allowDuplicateRegistrations) may allow a second holder.
    if (
      existing &&
      (form.options.person as { allowDuplicateRegistrations?: boolean } | undefined)?.allowDuplicateRegistrations !==
        true
    ) {
      notify({ level: 'info', message: 'Existing person loaded', description: registration });
      navigate(detailPath(form.entity, registration));
      return;
    }
    let person = result.person;
    try {
      const details = await registrationDetails(type!, result.id, personType);
      const detailed = lookupResultsOf(details, type!)[0];
      if (detailed) person = { ...person, ...detailed.person };
    } catch {
      // Details are optional: the lookup result already names the person.
    }
    for (const [field, value] of Object.entries(personFromLookup(person))) {
      if (field !== 'type' && field !== 'registrations' && value !== undefined && value !== null && value !== '')
        form.setValue(field, value);
    }
    setMain(type, result.number);
    setText(result.number);
    setResults([]);
  };

  const select = (value: string) => {
    const result = results.find((r) => r.id === value);
    if (!result) return;
    void confirm.confirm({
      title: t('Confirm your selection'),
      content: result.label,
      okText: t('Yes'),
      cancelText: t('No'),
      onOk: () => choose(result),
    });
  };

  // Beside the number, the item's "Type" is named as the selector is: "Registration type".
  const typeError = form.errors['registrations.0.type'] && t(messages.mandatory, { label: t('Registration type') });
  const error = form.errors.registration ?? form.errors['registrations.0.number'] ?? typeError;
  const options = useMemo(() => results.map((r) => ({ value: r.id, label: r.label })), [results]);
  const registration = form.getValue('registration');
  return (
    <Form.Item
      label={t('Registration number')}
      required={personType === 'P'}
      validateStatus={error ? 'error' : undefined}
      data-field="registration"
    >
      {holder}
      <Space.Compact style={{ width: '100%' }}>
        <Select
          aria-label={t('Registration type')}
          data-testid="registration-type"
          value={type}
          options={typeOptions}
          disabled={disabled}
          style={{ width: 170 }}
          data-field="registrations.0.type"
          onChange={(v: string) => {
            setMain(v, text);
            form.touch('registration');
            setResults([]);
            lookedUp.current = '';
          }}
        />
        <AutoComplete
          value={text}
          options={options}
          disabled={disabled}
          style={{ flex: 1 }}
          onSelect={select}
          allowClear
          onChange={(next: string) => {
            setText(next ?? '');
            setTyped(true);
            setMain(type, next);
            if (!next) {
              setResults([]);
              lookedUp.current = '';
            }
          }}
          onBlur={() => {
            form.touch('registration');
            // A number without its type says so on leaving the field, not only on save.
            if (!type && text.trim()) form.touch('registrations.0.type');
          }}
          notFoundContent={loading ? <Spin size="small" /> : undefined}
        >
          {/* The suffix is always there: adding one while typing would rebuild the input and take its focus. */}
          <Input
            id="field-registration"
            data-testid="registration-number"
            suffix={loading ? <Spin size="small" /> : <span />}
            status={error ? 'error' : undefined}
          />
        </AutoComplete>
        {saved && typeof registration === 'string' && (
          <Tooltip title={registration}>
            <Link to={detailPath(form.entity, registration)}>
              <Button icon={<LinkOutlined />} aria-label={t('Open')} />
            </Link>
          </Tooltip>
        )}
        <Tooltip title={t('Registrations')}>
          <Button
            icon={<UnorderedListOutlined />}
            aria-label={t('Registrations')}
            data-testid="open-registrations"
            onClick={() => setModalOpen(true)}
          />
        </Tooltip>
      </Space.Compact>
      {error && (
        <div role="alert" className="field-error" style={{ color: token.colorError, marginTop: 2 }}>
          {error}
        </div>
      )}
      {modalOpen && <RegistrationsModal onClose={() => setModalOpen(false)} />}
    </Form.Item>
  );
}
