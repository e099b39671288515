import { useMemo } from 'react';
import { Empty, Input, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { allPages } from './documentation-pages.ts';
import { hitLink, searchDocumentation } from './documentation-search.ts';
import { useDocumentationLanguage } from './use-documentation-language.ts';

/** `/documentation-search?q=`: the headings of the documentation where the words are written, each a link. */
export default function DocumentationSearchScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const language = useDocumentationLanguage();
  const hits = useMemo(() => searchDocumentation(allPages(language), query), [language, query]);
  return (
    <div data-testid="documentation-search">
      <Typography.Title level={2}>{t('Search the documentation')}</Typography.Title>
      <Input.Search
        key={query}
        defaultValue={query}
        aria-label={t('Search the documentation')}
        enterButton
        allowClear
        style={{ maxWidth: 480, marginBottom: 16 }}
        onSearch={(q) => setParams(q.trim() ? { q: q.trim() } : {}, { replace: true })}
      />
      {query &&
        (hits.length ? (
          <List
            dataSource={hits}
            rowKey={hitLink}
            renderItem={(hit) => (
              <List.Item>
                <List.Item.Meta
                  title={
                    <Link to={hitLink(hit)}>{hit.anchor ? `${hit.page.title} › ${hit.heading}` : hit.page.title}</Link>
                  }
                  description={hit.excerpt}
                />
              </List.Item>
            )}
          />
        ) : (
          <Empty description={t('Nothing in the documentation matches "{query}".', { query })} />
        ))}
    </div>
  );
}
