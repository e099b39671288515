import type { ScreenProps } from '../app/web-module.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { PerformanceCard } from './PerformanceCard.tsx';

/** A private-equity holding: the generic form and workflow, its performance and its fund's. */
export default function PrivateEquityAssetScreen({ entity, canCreate }: ScreenProps) {
  const { id, data } = useDetailRecord(entity);
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && data && (
        <PerformanceCard
          registration={String(data.registration)}
          fund={typeof data.fund === 'string' ? data.fund : undefined}
          version={Number(data._version ?? 0)}
        />
      )}
    </>
  );
}
