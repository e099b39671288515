import { useEffect } from 'react';
import { Descriptions, Table, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { objectText } from '@lbo/model/values/object-text';
import type { ScreenProps } from '../app/web-module.ts';
import { queryKeys, type Row } from '../app/api/data-provider.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { humanise } from '../entities/entity-fields.ts';
import { formatDateTime } from '../i18n/formats.ts';
import { BatchBar, useBatchProgress } from '../entities/BatchProgress.tsx';

interface LogEntry {
  date?: string;
  level?: string;
  message?: string;
}
const levelColour: Record<string, string> = { ERROR: 'error', WARNING: 'warning', INFO: 'default' };

/**
 * A background batch (spec 000 §4 process statuses): the generic form and its workflow card
 * (STOP, CONTINUE, RESET), then its progress and its log, read again every 1.5 s while it runs
 * and no more once it ended or the screen is left. When the status read differs from the form's,
 * the record is read again, so that the workflow card offers the transitions of the new status.
 */
export default function BatchScreen({ entity, canCreate }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { id, data: record } = useDetailRecord(entity);
  const { data } = useBatchProgress(id);
  const batch = data ?? record;
  useEffect(() => {
    if (id && data && record && data.status !== record.status)
      void queryClient.invalidateQueries({ queryKey: queryKeys.record(entity, id) });
  }, [id, data, record, entity, queryClient]);
  const log = (Array.isArray(batch?.log) ? (batch.log as LogEntry[]) : []).slice().reverse();
  const parameters =
    batch?.parameters && typeof batch.parameters === 'object' ? Object.entries(batch.parameters as Row) : [];

  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && batch && (
        <>
          <FormCard title={t('Progress')}>
            <BatchBar batch={batch} />
            {parameters.length > 0 && (
              <Descriptions
                size="small"
                column={1}
                style={{ marginTop: 12 }}
                title={t('Parameters')}
                items={parameters.map(([name, value]) => ({
                  key: name,
                  label: t(humanise(name)),
                  children: objectText(value),
                }))}
              />
            )}
          </FormCard>
          <FormCard title={t('Log')}>
            <Table<LogEntry & { key: number }>
              size="small"
              data-testid="batch-log"
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              dataSource={log.map((entry, key) => ({ ...entry, key }))}
              locale={{ emptyText: t('No data') }}
              columns={[
                {
                  key: 'date',
                  title: t('Date'),
                  width: 200,
                  render: (_, entry) => formatDateTime(entry.date, i18n.language),
                },
                {
                  key: 'level',
                  title: t('Level'),
                  width: 110,
                  render: (_, entry) => <Tag color={levelColour[entry.level ?? ''] ?? 'default'}>{entry.level}</Tag>,
                },
                { key: 'message', title: t('Message'), dataIndex: 'message' },
              ]}
            />
          </FormCard>
        </>
      )}
    </>
  );
}
