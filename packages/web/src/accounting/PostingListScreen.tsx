import { useState, type ReactNode } from 'react';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { ListScreen } from '../entities/ListScreen.tsx';
import type { PostingRule } from './accounting-api.ts';
import { AgedReceivablesCard } from './AgedReceivablesCard.tsx';
import { LedgerCard } from './LedgerCard.tsx';
import { PeriodsCard } from './PeriodsCard.tsx';
import { PostingRulesCard } from './PostingRulesCard.tsx';
import { TrialBalanceCard } from './TrialBalanceCard.tsx';

const tabs = [
  'postings',
  'trial-balance',
  'general-ledger',
  'account-statement',
  'aged-receivables',
  'periods',
  'posting-rules',
] as const;
type Tab = (typeof tabs)[number];

/**
 * The books in one screen: the postings list (the shared list) and, in tabs, the trial balance,
 * the general ledger, a client's account statement, the aged receivables, the periods and the
 * posting rules. The tab (and a ledger's account, client and days) are in the address, so a report can be
 * bookmarked and the browser's back button returns to the previous one.
 */
export default function PostingListScreen({ entity }: ScreenProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [rulesDraft, setRulesDraft] = useState<PostingRule[]>();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'postings';
  const [account, person, from, to] = ['account', 'person', 'from', 'to'].map((name) => params.get(name) ?? undefined);
  const open = (next: Tab, extra: Record<string, string> = {}) =>
    setParams(next === 'postings' ? {} : { tab: next, ...extra });
  const labels: Record<Tab, string> = {
    postings: t('Postings'),
    'trial-balance': t('Trial balance'),
    'general-ledger': t('General ledger'),
    'account-statement': t('Account statement'),
    'aged-receivables': t('Aged receivables'),
    periods: t('Periods'),
    'posting-rules': t('Posting rules'),
  };
  const content: Record<Tab, () => ReactNode> = {
    postings: () => <ListScreen entity={entity} />,
    'trial-balance': () => (
      <TrialBalanceCard
        onAccount={(a, f, l) =>
          open('general-ledger', { account: a, ...(f ? { from: f } : {}), ...(l ? { to: l } : {}) })
        }
      />
    ),
    'general-ledger': () => (
      <LedgerCard key={params.toString()} report="general-ledger" account={account} from={from} to={to} />
    ),
    'account-statement': () => (
      <LedgerCard
        key={params.toString()}
        report="account-statement"
        person={person}
        account={account}
        from={from}
        to={to}
      />
    ),
    'aged-receivables': () => <AgedReceivablesCard />,
    periods: () => <PeriodsCard />,
    'posting-rules': () => <PostingRulesCard draft={rulesDraft} setDraft={setRulesDraft} />,
  };
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => open(key as Tab)}
      destroyOnHidden
      items={tabs.map((key) => ({
        key,
        label: <span data-testid={`books-tab-${key}`}>{labels[key]}</span>,
        children: key === tab ? content[key]() : null,
      }))}
    />
  );
}
