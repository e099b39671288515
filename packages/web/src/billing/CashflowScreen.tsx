import type { ScreenProps } from '../app/web-module.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { CashflowAllocationsCard } from './CashflowAllocationsCard.tsx';

/** A cashflow: the generic form and workflow, and its allocations to invoices (made, reversed, new ones). */
export default function CashflowScreen({ entity, canCreate }: ScreenProps) {
  const { id, data } = useDetailRecord(entity);
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && data && <CashflowAllocationsCard entity={entity} cashflow={data} />}
    </>
  );
}
