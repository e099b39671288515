import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { Loading } from '../app/pages/Loading.tsx';
import { useDynoKind } from './dyno-kind.ts';

/** Renders `children` with the kind of the route's `/page/{name}`, or says why it cannot. */
export function DynoPage({ children }: { children(entity: Entity): ReactNode }) {
  const { t } = useTranslation();
  const { name } = useParams();
  const kind = useDynoKind(name);
  if (kind.isLoading) return <Loading />;
  if (!kind.data) return <Result status="404" title={t('This page does not exist')} subTitle={name} />;
  return children(kind.data);
}
