import { lazy, Suspense } from 'react';
import { Button, Flex } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { ListScreen } from '../entities/ListScreen.tsx';

const ImportWizard = lazy(async () => ({ default: (await import('./ImportWizard.tsx')).ImportWizard }));

/**
 * `/imports`: the imports' list (the shared list), and the import wizard in its place while the
 * address asks for it (`?wizard=new`, or `?wizard=IMP…` to reopen an import at its mapping).
 */
export default function ImportListScreen({ entity }: ScreenProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (params.get('wizard'))
    return (
      <Flex vertical gap={12}>
        <Link to="/imports">{t('Back to the imports')}</Link>
        <Suspense>
          <ImportWizard />
        </Suspense>
      </Flex>
    );
  return (
    <ListScreen
      entity={entity}
      actions={
        <Link to="/imports?wizard=new">
          <Button type="primary" data-testid="new-import">
            {t('New import')}
          </Button>
        </Link>
      }
      rowActions={(row) => (
        <Link to={`/imports?wizard=${encodeURIComponent(String(row.registration))}`}>{t('Open wizard')}</Link>
      )}
    />
  );
}
