import { lazy, Suspense, useState } from 'react';
import { Tooltip } from 'antd';
import Input from 'antd/es/input/Input';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useShortcut } from '../app/shortcuts.ts';

const SearchPalette = lazy(() => import('./SearchPalette.tsx'));

/**
 * The header's search box (the shell's `globalSearch` slot): a compact box that opens the
 * palette, as Ctrl+K does from anywhere. The palette's code loads on first use.
 */
export default function HeaderSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  useShortcut('ctrl+k', show);
  return (
    <>
      <Tooltip title={t('Search everything (Ctrl+K)')}>
        <Input
          readOnly
          size="small"
          prefix={<SearchOutlined />}
          placeholder={t('Search… (Ctrl+K)')}
          onClick={show}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') show();
          }}
          aria-label={t('Search everything (Ctrl+K)')}
          data-testid="header-search"
          style={{ width: 190, cursor: 'pointer' }}
        />
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <SearchPalette open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
