import { useEffect, useState } from 'react';
import { Alert, Card, Col, Empty, Input, List, Row, Space, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { KindTitle } from './KindTitle.tsx';
import { searchable, useRecentSearches, useSearch } from './search-api.ts';

/** Hits per kind on the screen (the server's most). */
const SCREEN_LIMIT = 50;

/**
 * `/global-search` (spec 000 §2.2): the search of the palette on a screen of its own, its text in
 * the URL (`?q=`), every kind's hits in a card with the kind's count.
 */
export default function GlobalSearchScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const [, remember] = useRecentSearches();
  const search = useSearch(q, SCREEN_LIMIT);
  const answer = searchable(q) ? search.data : undefined;
  const total = answer?.groups.reduce((sum, g) => sum + g.count, 0) ?? 0;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="global-search">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('Search')}
      </Typography.Title>
      <Input.Search
        size="large"
        autoFocus
        enterButton={t('Search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(value) => {
          remember(value);
          setParams(value.trim() ? { q: value.trim() } : {});
        }}
        placeholder={t('Search persons, contracts, invoices, assets…')}
        aria-label={t('Search')}
        loading={search.isFetching}
        data-testid="global-search-input"
      />
      {q && !searchable(q) && <Alert type="info" showIcon message={t('Type at least 3 characters.')} />}
      {search.isError && <Alert type="error" showIcon message={t('The search failed; try again.')} />}
      {answer && (
        <Typography.Text type="secondary" data-testid="global-search-summary">
          {t('{count} result(s) in {kinds} kind(s)', { count: total, kinds: answer.groups.length })}
        </Typography.Text>
      )}
      {answer && !answer.groups.length && <Empty description={t('Nothing found')} />}
      <Row gutter={[16, 16]}>
        {answer?.groups.map((group) => (
          <Col key={group.entity} xs={24} lg={12}>
            <Card size="small" title={<KindTitle group={group} />} data-testid="search-group" data-kind={group.entity}>
              <List
                size="small"
                dataSource={group.hits}
                renderItem={(hit) => (
                  <List.Item data-testid="search-hit" data-registration={hit.registration}>
                    <Space size={8} wrap>
                      <Link to={hit.route} onClick={() => remember(q)}>
                        {hit.label}
                      </Link>
                      <Tag>{hit.registration}</Tag>
                      {hit.snippet && <Typography.Text type="secondary">{hit.snippet}</Typography.Text>}
                    </Space>
                  </List.Item>
                )}
              />
              {group.count > group.hits.length && (
                <Typography.Text type="secondary">
                  {t('The {shown} best of {count} are shown: add words to narrow the search.', {
                    shown: group.hits.length,
                    count: `${group.count}${group.countCapped ? '+' : ''}`,
                  })}
                </Typography.Text>
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </Space>
  );
}
