import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { useSession } from '../app/session/session-context.tsx';
import { ListScreen } from '../entities/ListScreen.tsx';
import { CreateTenantDialog } from './CreateTenantDialog.tsx';

/**
 * `/tenants`: the shared list of the installation's tenants, and, for the master tenant's super
 * admin, a New tenant button making a working tenant (`?new=1` keeps the form open on reload).
 */
export default function TenantListScreen({ entity }: ScreenProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const creating = params.get('new') === '1';
  const canCreate = user?.isSuperAdmin === true && user.tenant === 'master' && !user.impersonatingTenant;
  const setCreating = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('new', '1');
        else next.delete('new');
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <ListScreen
        entity={entity}
        actions={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('New tenant')}
            </Button>
          )
        }
      />
      {creating && canCreate && <CreateTenantDialog entity={entity} onClose={() => setCreating(false)} />}
    </>
  );
}
