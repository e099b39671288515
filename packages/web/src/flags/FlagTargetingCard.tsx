import { useState } from 'react';
import { Button, Input, Segmented, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dataProvider } from '../app/api/data-provider.ts';
import { notify } from '../app/notify.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { addFlagItem, flagItemKind, flagItems, flagQueryKeys, type FlagItem } from './flags-api.ts';

type TargetKind = 'profile' | 'username';

/**
 * Who the flag targets: a rule per profile or user turns it on or off for them, whatever the
 * flag's own status (a user's rule wins over its profiles'). Rules are added, switched and shown here.
 */
export function FlagTargetingCard({ name }: { name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [targetKind, setTargetKind] = useState<TargetKind>('profile');
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  const { data: items = [], isLoading } = useQuery({
    queryKey: flagQueryKeys.items(name),
    queryFn: () => flagItems(name),
  });

  const changed = () => queryClient.invalidateQueries({ queryKey: flagQueryKeys.items(name) });
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      await changed();
    } catch {
      // The client has shown the server's error.
    } finally {
      setBusy(false);
    }
  };
  const add = (on: boolean) =>
    act(async () => {
      const value = targetKind === 'profile' ? target.trim().toUpperCase() : target.trim().toLowerCase();
      await addFlagItem(name, { [targetKind]: value }, on);
      setTarget('');
      notify({
        level: 'success',
        message: on ? t('Turned on for {target}', { target: value }) : t('Turned off for {target}', { target: value }),
      });
    });
  const switchItem = (item: FlagItem) =>
    act(() =>
      dataProvider.transition(flagItemKind, item.registration, item.status === 'ENABLED' ? 'DISABLE' : 'ENABLE'),
    );

  const effect: Record<FlagItem['status'], { color: string; text: string }> = {
    ENABLED: { color: 'green', text: t('On') },
    DISABLED: { color: 'red', text: t('Off') },
    DRAFT: { color: 'default', text: t('Not in force') },
  };

  return (
    <FormCard title={t('Targeting')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Segmented<TargetKind>
            value={targetKind}
            onChange={setTargetKind}
            options={[
              { value: 'profile', label: t('Profile') },
              { value: 'username', label: t('User') },
            ]}
          />
          <Input
            aria-label={t('Profile or user')}
            placeholder={targetKind === 'profile' ? 'SALES' : 'user@tenant'}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            style={{ width: 240 }}
          />
          <Button disabled={!target.trim() || busy} onClick={() => void add(true)}>
            {t('Turn on for them')}
          </Button>
          <Button disabled={!target.trim() || busy} onClick={() => void add(false)} danger>
            {t('Turn off for them')}
          </Button>
        </Space>
        <Table<FlagItem>
          size="small"
          rowKey="registration"
          loading={isLoading}
          dataSource={items}
          pagination={false}
          locale={{ emptyText: t('Nobody is targeted: the flag’s status applies to everyone') }}
          columns={[
            {
              title: t('Profile or user'),
              key: 'target',
              render: (_, item) => (item.profile ? `${t('Profile')} ${item.profile}` : `${t('User')} ${item.username}`),
            },
            {
              title: t('Effect'),
              key: 'effect',
              render: (_, item) => <Tag color={effect[item.status].color}>{effect[item.status].text}</Tag>,
            },
            {
              title: '',
              key: 'switch',
              render: (_, item) => (
                <Button size="small" disabled={busy} onClick={() => void switchItem(item)}>
                  {item.status === 'ENABLED' ? t('Turn off') : t('Turn on')}
                </Button>
              ),
            },
          ]}
        />
      </Space>
    </FormCard>
  );
}
