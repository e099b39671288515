import { useEffect, useState } from 'react';
import { AutoComplete, Button, Collapse, Empty, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../app/api/api-failure.ts';
import { notify } from '../app/notify.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { UnsavedChangesGuard } from '../entities/UnsavedChangesGuard.tsx';
import {
  postingRulesOf,
  resetPostingRules,
  rulesVocabularyOf,
  savePostingRules,
  type PostingRule,
  type PostingRuleLine,
  type RulesVocabulary,
} from './accounting-api.ts';
import { RulePreviewCard } from './RulePreviewCard.tsx';
import { axisLabel, eventTypeLabel, leaseKindLabel, prLabel } from './rule-labels.ts';

/** One rule: its conditions, journal and lines, each line's account, side, amount expression, label and analytic axes. */
function RuleEditor({
  rule,
  index,
  vocabulary,
  onChange,
  onRemove,
}: {
  rule: PostingRule;
  index: number;
  vocabulary: RulesVocabulary;
  onChange(rule: PostingRule): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const accounts = vocabulary.accounts.map((a) => ({ value: a.account, label: `${a.account} · ${a.label}` }));
  const setLine = (i: number, change: Partial<PostingRuleLine>) =>
    onChange({ ...rule, lines: rule.lines.map((l, j) => (j === i ? { ...l, ...change } : l)) });
  const setWhen = (change: PostingRule['when']) => {
    const when = Object.fromEntries(
      Object.entries({ ...rule.when, ...change }).filter(([, v]) => v),
    ) as PostingRule['when'];
    onChange({ ...rule, when: when && Object.keys(when).length ? when : undefined });
  };
  const amounts = vocabulary.eventTypes[rule.eventType] ?? [];
  const at = `rule-${index}`;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          value={rule.when?.pr}
          allowClear
          placeholder={t('Receivable or payable')}
          style={{ width: 200 }}
          onChange={(pr?: 'R' | 'P') => setWhen({ pr })}
          options={['R', 'P'].map((v) => ({ value: v, label: prLabel(t, v) }))}
          data-testid={`${at}-pr`}
        />
        <Select
          value={rule.when?.leaseKind}
          allowClear
          placeholder={t('Any lease')}
          style={{ width: 200 }}
          onChange={(leaseKind?: 'FINANCE' | 'OPERATING') => setWhen({ leaseKind })}
          options={['FINANCE', 'OPERATING'].map((v) => ({ value: v, label: leaseKindLabel(t, v) }))}
          data-testid={`${at}-lease-kind`}
        />
        <Input
          addonBefore={t('Journal')}
          value={rule.journal}
          style={{ width: 160 }}
          onChange={(e) => onChange({ ...rule, journal: e.target.value.toUpperCase() })}
          data-testid={`${at}-journal`}
        />
        <Input
          placeholder={t('Journal label')}
          value={rule.journalLabel}
          style={{ width: 220 }}
          onChange={(e) => onChange({ ...rule, journalLabel: e.target.value || undefined })}
        />
        <Popconfirm title={t('Remove this rule?')} onConfirm={onRemove}>
          <Button danger icon={<DeleteOutlined />} data-testid={`${at}-remove`}>
            {t('Remove the rule')}
          </Button>
        </Popconfirm>
      </Space>
      <Typography.Text type="secondary">
        {t('Amounts of this event')}: <code>{amounts.join(', ')}</code>
      </Typography.Text>
      <Table<PostingRuleLine & { key: number }>
        size="small"
        pagination={false}
        data-testid={`${at}-lines`}
        dataSource={rule.lines.map((l, key) => ({ ...l, key }))}
        columns={[
          {
            key: 'account',
            title: t('Account'),
            width: 170,
            render: (_v, l) => (
              <AutoComplete
                value={l.account}
                options={accounts}
                style={{ width: '100%' }}
                filterOption={(text, o) => String(o?.label).includes(text)}
                onChange={(v: string) => setLine(l.key, { account: v })}
              >
                <Input data-testid={`${at}-line-${l.key}-account`} />
              </AutoComplete>
            ),
          },
          {
            key: 'secondary',
            title: t('Secondary account'),
            width: 150,
            render: (_v, l) => (
              <Input
                value={l.secondaryAccount}
                onChange={(e) => setLine(l.key, { secondaryAccount: e.target.value || undefined })}
              />
            ),
          },
          {
            key: 'dc',
            title: t('D/C'),
            width: 90,
            render: (_v, l) => (
              <Select
                value={l.dc}
                style={{ width: 80 }}
                onChange={(dc: 'D' | 'C') => setLine(l.key, { dc })}
                options={[
                  { value: 'D', label: t('Debit') },
                  { value: 'C', label: t('Credit') },
                ]}
                data-testid={`${at}-line-${l.key}-dc`}
              />
            ),
          },
          {
            key: 'amount',
            title: t('Amount expression'),
            render: (_v, l) => (
              <Input
                value={l.amount}
                onChange={(e) => setLine(l.key, { amount: e.target.value })}
                style={{ fontFamily: 'monospace' }}
                data-testid={`${at}-line-${l.key}-amount`}
              />
            ),
          },
          {
            key: 'label',
            title: t('Label'),
            render: (_v, l) => (
              <Input
                value={l.label}
                onChange={(e) => setLine(l.key, { label: e.target.value || undefined })}
                data-testid={`${at}-line-${l.key}-label`}
              />
            ),
          },
          {
            key: 'analytics',
            title: t('Analytics'),
            width: 220,
            render: (_v, l) => (
              <Select
                mode="multiple"
                value={l.analytics ?? []}
                style={{ width: '100%' }}
                onChange={(analytics: string[]) =>
                  setLine(l.key, { analytics: analytics.length ? analytics : undefined })
                }
                options={vocabulary.analyticAxes.map((a) => ({ value: a, label: axisLabel(t, a) }))}
              />
            ),
          },
          {
            key: 'remove',
            width: 50,
            render: (_v, l) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('Remove the line')}
                disabled={rule.lines.length <= 2}
                onClick={() => onChange({ ...rule, lines: rule.lines.filter((_x, j) => j !== l.key) })}
              />
            ),
          },
        ]}
      />
      <Button
        icon={<PlusOutlined />}
        onClick={() =>
          onChange({ ...rule, lines: [...rule.lines, { account: '', dc: 'D', amount: amounts[0] ?? '' }] })
        }
        data-testid={`${at}-add-line`}
      >
        {t('Add a line')}
      </Button>
    </Space>
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The posting rules in force, edited in place and saved whole as the tenant's rules (the server
 * checks them and names the rule, line and field of a problem); the preview posts a sample event
 * by the edited rules, saved or not. The draft is kept by the screen, so that a look at another
 * tab loses nothing; leaving the screen with unsaved changes asks first.
 */
export function PostingRulesCard({
  draft,
  setDraft,
}: {
  draft?: PostingRule[];
  setDraft(rules: PostingRule[] | undefined): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: saved } = useQuery({
    queryKey: ['accounting', 'posting-rules'],
    queryFn: ({ signal }) => postingRulesOf(signal),
  });
  const { data: vocabulary } = useQuery({
    queryKey: ['accounting', 'vocabulary'],
    queryFn: ({ signal }) => rulesVocabularyOf(signal),
  });
  const [open, setOpen] = useState<string[]>([]);
  const [newType, setNewType] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (saved && !draft) setDraft(saved);
  }, [saved, draft, setDraft]);
  const dirty = Boolean(draft && saved && !same(draft, saved));

  async function write(action: () => Promise<PostingRule[]>, message: string) {
    setBusy(true);
    try {
      const rules = await action();
      queryClient.setQueryData(['accounting', 'posting-rules'], rules);
      setDraft(rules);
      await queryClient.invalidateQueries({ queryKey: ['accounting', 'vocabulary'] });
      notify({ level: 'success', message });
    } catch (e) {
      // The client has shown the error; the rule it names is opened.
      const rule = e instanceof ApiFailure ? /postingRules\[(\d+)\]/.exec(e.message)?.[1] : undefined;
      if (rule !== undefined && !open.includes(rule)) setOpen([...open, rule]);
    } finally {
      setBusy(false);
    }
  }

  if (!draft || !vocabulary)
    return (
      <FormCard title={t('Posting rules')}>
        <Empty />
      </FormCard>
    );
  const change = (i: number, rule: PostingRule) => setDraft(draft.map((r, j) => (j === i ? rule : r)));
  const add = () => {
    if (!newType) return;
    const amount = vocabulary.eventTypes[newType]?.[0] ?? '';
    setDraft([
      ...draft,
      {
        eventType: newType,
        journal: 'OD',
        lines: [
          { account: '', dc: 'D', amount },
          { account: '', dc: 'C', amount },
        ],
      },
    ]);
    setOpen([...open, String(draft.length)]);
  };
  return (
    <>
      <UnsavedChangesGuard when={dirty} />
      <FormCard
        title={t('Posting rules')}
        extra={
          <Space wrap>
            <Tag color={vocabulary.custom ? 'blue' : 'default'} data-testid="rules-origin">
              {vocabulary.custom ? t('Own rules') : t('Demo rules')}
            </Tag>
            {dirty && (
              <Tag color="orange" data-testid="rules-dirty">
                {t('Unsaved changes')}
              </Tag>
            )}
            <Button
              type="primary"
              disabled={!dirty}
              loading={busy}
              onClick={() => void write(() => savePostingRules(draft), t('Posting rules saved'))}
              data-testid="save-rules"
            >
              {t('Save')}
            </Button>
            <Button disabled={!dirty} onClick={() => setDraft(saved)} data-testid="undo-rules">
              {t('Undo changes')}
            </Button>
            {vocabulary.custom && (
              <Popconfirm
                title={t('Go back to the demo rules?')}
                onConfirm={() => void write(resetPostingRules, t('Demo rules restored'))}
              >
                <Button danger data-testid="reset-rules">
                  {t('Restore the demo rules')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">
          {t(
            'The first rule of an event type whose conditions the event meets is used. Saved rules apply to the events posted afterwards; past postings are kept.',
          )}
        </Typography.Paragraph>
        <Collapse
          activeKey={open}
          onChange={(keys) => setOpen(keys as string[])}
          data-testid="rules"
          items={draft.map((rule, i) => ({
            key: String(i),
            label: (
              <Space wrap data-testid={`rule-${i}-title`}>
                <strong>{eventTypeLabel(t, rule.eventType)}</strong>
                {rule.when?.pr && <Tag>{prLabel(t, rule.when.pr)}</Tag>}
                {rule.when?.leaseKind && <Tag>{leaseKindLabel(t, rule.when.leaseKind)}</Tag>}
                <Tag color="purple">{rule.journal}</Tag>
                <Typography.Text type="secondary">
                  {rule.lines.map((l) => `${l.dc} ${l.account}`).join(' · ')}
                </Typography.Text>
              </Space>
            ),
            children: (
              <RuleEditor
                rule={rule}
                index={i}
                vocabulary={vocabulary}
                onChange={(r) => change(i, r)}
                onRemove={() => setDraft(draft.filter((_r, j) => j !== i))}
              />
            ),
          }))}
        />
        <Space style={{ marginTop: 12 }}>
          <Select
            value={newType}
            onChange={setNewType}
            placeholder={t('Event type')}
            style={{ width: 240 }}
            options={Object.keys(vocabulary.eventTypes).map((type) => ({
              value: type,
              label: eventTypeLabel(t, type),
            }))}
            data-testid="new-rule-type"
          />
          <Button icon={<PlusOutlined />} disabled={!newType} onClick={add} data-testid="add-rule">
            {t('Add a rule')}
          </Button>
        </Space>
      </FormCard>
      <RulePreviewCard rules={draft} vocabulary={vocabulary} />
    </>
  );
}
