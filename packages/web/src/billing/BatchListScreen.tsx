import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import type { Row } from '../app/api/data-provider.ts';
import { ListScreen } from '../entities/ListScreen.tsx';
import type { ListResult } from '../entities/use-entity-list.ts';
import { BATCH_POLL_MS, BatchBar, batchUnderWay } from '../entities/BatchProgress.tsx';

/** The page is read again while one of its batches runs. */
const whileUnderWay = (result: ListResult | undefined) =>
  result?.rows.some((row) => batchUnderWay(row.status)) ? BATCH_POLL_MS : false;

/** `/batches` (spec 001 §2.2): the shared list, each batch with its progress bar, live while one runs. */
export default function BatchListScreen({ entity }: ScreenProps) {
  const { t } = useTranslation();
  const extraColumns = useMemo(
    () => [
      {
        key: 'progress',
        label: t('Progress'),
        render: (row: Row) => (
          <div style={{ minWidth: 160 }}>
            <BatchBar batch={row} size="small" />
          </div>
        ),
      },
    ],
    [t],
  );
  return <ListScreen entity={entity} extraColumns={extraColumns} refetchInterval={whileUnderWay} />;
}
