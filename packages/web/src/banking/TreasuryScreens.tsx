import { accountAvailable } from '@lbo/model/finance/amounts';
import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Select, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { entityByName } from '@lbo/model/entity-registry';
import { api } from '../app/api/client.ts';
import { detailPath } from '../entities/entity-fields.ts';
import { formatCurrency } from '../i18n/formats.ts';

/**
 * The tenant's treasury screens (spec 000 §2.2, docs/api.md "Treasury"): /move-money, /arbitration
 * and /bank/set-overdraft, each a form over the ACTIVE bank accounts (balance and available shown)
 * and the executed operations as its result.
 */
interface Account {
  registration: string;
  name?: string;
  iban?: string;
  currency?: string;
  balance?: number;
  overdraftLimit?: number;
  available?: number;
  organizationRegistration?: string;
}
interface Operation {
  registration: string;
  type: string;
  status: string;
  fromAccount?: string;
  toAccount?: string;
  amount: number;
  currency: string;
  valueDate?: string;
  reason?: string;
}

const accountsKey = ['treasury-accounts'] as const;
const operationKind = entityByName('BankOperation')!;

function useAccounts() {
  return useQuery({
    queryKey: accountsKey,
    queryFn: ({ signal }) =>
      api.get<Account[]>('/api/bank/bank-accounts', {
        query: { status: 'ACTIVE', limit: 250, sort: 'registration' },
        signal,
      }),
  });
}

function AccountSelect({
  accounts,
  multiple,
  value,
  onChange,
  testId,
}: {
  accounts: Account[];
  multiple?: boolean;
  value?: string | string[];
  onChange?: (v: string | string[]) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Select
      data-testid={testId}
      mode={multiple ? 'multiple' : undefined}
      value={value}
      onChange={onChange}
      showSearch
      optionFilterProp="label"
      allowClear
      options={accounts.map((a) => ({
        value: a.registration,
        label: `${a.registration} ${a.name ?? ''} — ${t('balance {balance}, available {available}', {
          balance: formatCurrency(a.balance ?? 0, a.currency, i18n.language),
          available: formatCurrency(accountAvailable(a), a.currency, i18n.language),
        })}`,
      }))}
    />
  );
}

function Operations({ operations }: { operations: Operation[] }) {
  const { t, i18n } = useTranslation();
  return (
    <div data-testid="treasury-result">
      <Typography.Title level={4}>{t('Operations made')}</Typography.Title>
      <Table<Operation>
        rowKey="registration"
        size="small"
        pagination={false}
        dataSource={operations}
        locale={{ emptyText: t('No operation was needed') }}
        columns={[
          {
            key: 'registration',
            title: t('Registration'),
            render: (_v, o) => <Link to={detailPath(operationKind, o.registration)}>{o.registration}</Link>,
          },
          { key: 'type', dataIndex: 'type', title: t('Type') },
          { key: 'status', dataIndex: 'status', title: t('Status') },
          { key: 'fromAccount', dataIndex: 'fromAccount', title: t('From account') },
          { key: 'toAccount', dataIndex: 'toAccount', title: t('To account') },
          {
            key: 'amount',
            title: t('Amount'),
            align: 'right',
            render: (_v, o) => formatCurrency(o.amount, o.currency, i18n.language),
          },
          { key: 'valueDate', dataIndex: 'valueDate', title: t('Value date') },
        ]}
      />
    </div>
  );
}

function Screen({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <div data-testid={testId}>
      <Typography.Title level={3}>{title}</Typography.Title>
      {children}
    </div>
  );
}

interface MoveForm {
  fromAccount: string;
  toAccount: string;
  amount: number;
  valueDate?: Dayjs;
  reason?: string;
}

/** `/move-money`: money moved between two of the tenant's accounts. */
export function TreasuryMoveMoneyScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accounts = useAccounts();
  const [done, setDone] = useState<Operation[]>();
  const move = useMutation({
    mutationFn: (v: MoveForm) =>
      api.post<Operation>('/api/bank/move-money', {
        fromAccount: v.fromAccount,
        toAccount: v.toAccount,
        amount: v.amount,
        ...(v.valueDate ? { valueDate: v.valueDate.format('YYYY-MM-DD') } : {}),
        ...(v.reason ? { reason: v.reason } : {}),
      }),
    onSuccess: (op) => {
      setDone([op]);
      void queryClient.invalidateQueries({ queryKey: accountsKey });
    },
  });
  const list = accounts.data ?? [];
  return (
    <Screen title={t('Move money')} testId="move-money">
      {accounts.error ? <Alert type="error" title={t('The bank accounts could not be read')} /> : null}
      <Form<MoveForm>
        layout="vertical"
        style={{ maxWidth: 640 }}
        onFinish={(v) => move.mutate(v)}
        disabled={move.isPending}
      >
        <Form.Item name="fromAccount" label={t('From account')} rules={[{ required: true }]}>
          <AccountSelect accounts={list} testId="fromAccount" />
        </Form.Item>
        <Form.Item name="toAccount" label={t('To account')} rules={[{ required: true }]}>
          <AccountSelect accounts={list} testId="toAccount" />
        </Form.Item>
        <Form.Item name="amount" label={t('Amount')} rules={[{ required: true }]}>
          <InputNumber min={0.01} step={0.01} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="valueDate" label={t('Value date')}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="reason" label={t('Reason')}>
          <Input maxLength={500} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={move.isPending}>
          {t('Move')}
        </Button>
      </Form>
      {done ? <Operations operations={done} /> : null}
    </Screen>
  );
}

interface ArbitrationForm {
  accounts?: string[];
  target?: number;
  reason?: string;
}

/** `/arbitration`: every account of an organization brought to at least a target balance from the richest. */
export function TreasuryArbitrationScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accounts = useAccounts();
  const [done, setDone] = useState<Operation[]>();
  const run = useMutation({
    mutationFn: (v: ArbitrationForm) =>
      api.post<{ operations: Operation[] }>('/api/bank/arbitration', {
        ...(v.accounts?.length ? { accounts: v.accounts } : {}),
        ...(v.target !== undefined && v.target !== null ? { target: v.target } : {}),
        ...(v.reason ? { reason: v.reason } : {}),
      }),
    onSuccess: (answer) => {
      setDone(answer.operations);
      void queryClient.invalidateQueries({ queryKey: accountsKey });
    },
  });
  return (
    <Screen title={t('Treasury arbitration')} testId="arbitration">
      <Typography.Paragraph>
        {t(
          'Each organization’s accounts below the target are brought up to it, lowest first, from its richest accounts, which never go below the target themselves.',
        )}
      </Typography.Paragraph>
      {accounts.error ? <Alert type="error" title={t('The bank accounts could not be read')} /> : null}
      <Form<ArbitrationForm>
        layout="vertical"
        style={{ maxWidth: 640 }}
        onFinish={(v) => run.mutate(v)}
        disabled={run.isPending}
      >
        <Form.Item name="accounts" label={t('Accounts')} extra={t('Every active account when none is chosen')}>
          <AccountSelect accounts={accounts.data ?? []} multiple testId="accounts" />
        </Form.Item>
        <Form.Item name="target" label={t('Target balance')}>
          <InputNumber min={0} step={0.01} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="reason" label={t('Reason')}>
          <Input maxLength={500} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={run.isPending}>
          {t('Arbitrate')}
        </Button>
      </Form>
      {done ? <Operations operations={done} /> : null}
    </Screen>
  );
}

interface OverdraftForm {
  account: string;
  overdraftLimit: number;
  reason: string;
}

/** `/bank/set-overdraft`: an account's overdraft limit changed. */
export function TreasurySetOverdraftScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const accounts = useAccounts();
  const [done, setDone] = useState<{ operation: Operation; account: Account }>();
  const save = useMutation({
    mutationFn: (v: OverdraftForm) =>
      api.post<{ operation: Operation; account: Account }>('/api/bank/set-overdraft', v),
    onSuccess: (answer) => {
      setDone(answer);
      void queryClient.invalidateQueries({ queryKey: accountsKey });
    },
  });
  return (
    <Screen title={t('Set an overdraft limit')} testId="set-overdraft">
      {accounts.error ? <Alert type="error" title={t('The bank accounts could not be read')} /> : null}
      <Form<OverdraftForm>
        layout="vertical"
        style={{ maxWidth: 640 }}
        onFinish={(v) => save.mutate(v)}
        disabled={save.isPending}
      >
        <Form.Item name="account" label={t('Account')} rules={[{ required: true }]}>
          <AccountSelect accounts={accounts.data ?? []} testId="account" />
        </Form.Item>
        <Form.Item name="overdraftLimit" label={t('Overdraft limit')} rules={[{ required: true }]}>
          <InputNumber min={0} step={0.01} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="reason" label={t('Reason')} rules={[{ required: true }]}>
          <Input maxLength={500} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('Save')}
        </Button>
      </Form>
      {done ? (
        <>
          <Alert
            type="success"
            style={{ marginTop: 16 }}
            title={t('{account}: overdraft limit {limit}, available {available}', {
              account: done.account.registration,
              limit: formatCurrency(done.account.overdraftLimit ?? 0, done.account.currency, i18n.language),
              available: formatCurrency(accountAvailable(done.account), done.account.currency, i18n.language),
            })}
          />
          <Operations operations={[done.operation]} />
        </>
      ) : null}
    </Screen>
  );
}
