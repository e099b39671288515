import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The loading state of the app and of lazy screens. */
export function Loading({ full = false }: { full?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ height: full ? '100vh' : 240 }}>
      <Spin tip={t('Loading')} size="large">
        <div style={{ width: 80, height: 80 }} />
      </Spin>
    </Flex>
  );
}
