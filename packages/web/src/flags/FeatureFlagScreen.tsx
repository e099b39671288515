import type { ScreenProps } from '../app/web-module.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { FlagGatesCard } from './FlagGatesCard.tsx';
import { FlagTargetingCard } from './FlagTargetingCard.tsx';

/**
 * `/feature-flag/{name}` (spec 001 §2: name, status, type): the generic form with its status
 * transitions and audit trail, then who the flag targets (profiles, users) and what it gates.
 */
export default function FeatureFlagScreen({ entity, canCreate }: ScreenProps) {
  const { id, data } = useDetailRecord(entity);
  const name = typeof data?.name === 'string' ? data.name : id;
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && data && name && (
        <>
          <FlagTargetingCard name={name} />
          <FlagGatesCard name={name} />
        </>
      )}
    </>
  );
}
