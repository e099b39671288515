import { useEffect, useState, type KeyboardEvent } from 'react';
import { Empty, Input, Modal, Space, Spin, Tag, Typography } from 'antd';
import { HistoryOutlined, SearchOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { KindTitle } from './KindTitle.tsx';
import { flatHits, searchable, useRecentSearches, useSearch, type SearchHit } from './search-api.ts';

/** Hits per kind in the palette; the /global-search screen shows more. */
const PALETTE_LIMIT = 5;

/** Waits for typing to pause before searching. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The ctrl+K palette: one box over every indexed kind, hits grouped by kind; up and down move
 * through the hits, Enter opens one, Escape closes. Before typing, the recent searches.
 */
export default function SearchPalette({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [recent, remember] = useRecentSearches();
  const query = useDebounced(text, 150);
  const search = useSearch(query, PALETTE_LIMIT);
  const answer = searchable(query) ? search.data : undefined;
  const hits = flatHits(answer);
  useEffect(() => setActive(0), [answer]);

  const openHit = (hit: SearchHit) => {
    remember(text);
    onClose();
    navigate(hit.route);
  };
  const showAll = () => {
    remember(text);
    onClose();
    navigate(`/global-search?q=${encodeURIComponent(text.trim())}`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!hits.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (hits[active] && searchable(text) && text.trim() === query.trim()) openHit(hits[active]);
      else if (searchable(text)) showAll();
    }
  };

  let index = -1;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      width={680}
      style={{ top: 64 }}
      destroyOnHidden
      afterOpenChange={(opened) => !opened && setText('')}
      data-testid="search-palette"
      title={null}
    >
      <Input
        autoFocus
        size="large"
        prefix={<SearchOutlined />}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('Search persons, contracts, invoices, assets…')}
        aria-label={t('Search')}
        data-testid="search-palette-input"
        suffix={search.isFetching ? <Spin size="small" /> : null}
      />
      <div style={{ maxHeight: '60vh', overflowY: 'auto', marginTop: 12 }} role="listbox" aria-label={t('Results')}>
        {!searchable(text) &&
          (recent.length ? (
            <Space direction="vertical" style={{ width: '100%' }} data-testid="recent-searches">
              <Typography.Text type="secondary">{t('Recent searches')}</Typography.Text>
              {recent.map((r) => (
                <Typography.Link key={r} onClick={() => setText(r)}>
                  <HistoryOutlined /> {r}
                </Typography.Link>
              ))}
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('Type at least 3 characters.')}</Typography.Text>
          ))}
        {searchable(text) && search.isError && (
          <Typography.Text type="danger">{t('The search failed; try again.')}</Typography.Text>
        )}
        {searchable(text) && answer && !answer.groups.length && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('Nothing found')} />
        )}
        {answer?.groups.map((group) => (
          <div key={group.entity} data-testid="search-group" data-kind={group.entity} style={{ marginBottom: 12 }}>
            <KindTitle group={group} />
            {group.hits.map((hit) => {
              index += 1;
              const mine = index;
              return (
                <div
                  key={`${hit.entity}:${hit.registration}`}
                  role="option"
                  aria-selected={mine === active}
                  data-testid="search-hit"
                  data-registration={hit.registration}
                  onMouseMove={() => mine !== active && setActive(mine)}
                  tabIndex={-1}
                  onClick={() => openHit(hit)}
                  onKeyDown={(e) => e.key === 'Enter' && openHit(hit)}
                  style={{
                    padding: '6px 8px',
                    borderRadius: 6,
                    cursor: 'pointer',
                    background: mine === active ? 'rgba(22, 119, 255, 0.12)' : undefined,
                  }}
                >
                  <Space size={8} wrap>
                    <Typography.Text strong>{hit.label}</Typography.Text>
                    <Tag>{hit.registration}</Tag>
                    {hit.snippet && <Typography.Text type="secondary">{hit.snippet}</Typography.Text>}
                  </Space>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {searchable(text) && (
        <div style={{ marginTop: 8, display: 'flex', justifyContent: 'space-between' }}>
          <Typography.Text type="secondary">{t('↑ ↓ to move, Enter to open, Esc to close')}</Typography.Text>
          <Link to={`/global-search?q=${encodeURIComponent(text.trim())}`} onClick={showAll} data-testid="search-all">
            {t('Show all results')}
          </Link>
        </div>
      )}
    </Modal>
  );
}
