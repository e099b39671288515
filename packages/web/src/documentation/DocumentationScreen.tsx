import { Alert, Card, Col, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { documentationSections, sectionPages, sectionTitles, writtenLanguages } from './documentation-pages.ts';
import { useDocumentationLanguage } from './use-documentation-language.ts';

/** `/documentation`: the getting-started pages for users and for administrators, and the search box. */
export default function DocumentationScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useDocumentationLanguage();
  return (
    <div data-testid="documentation">
      <Typography.Title level={2}>{t('Documentation')}</Typography.Title>
      <Input.Search
        placeholder={t('Search the documentation')}
        aria-label={t('Search the documentation')}
        enterButton
        allowClear
        style={{ maxWidth: 480, marginBottom: 16 }}
        onSearch={(q) => q.trim() && navigate(`/documentation-search?q=${encodeURIComponent(q.trim())}`)}
      />
      {!writtenLanguages().includes(language) && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('These pages are not translated into your language yet: they show in English.')}
        />
      )}
      <Row gutter={[16, 16]}>
        {documentationSections.map((section) => (
          <Col key={section} xs={24} md={12}>
            <Card title={t(sectionTitles[section])}>
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {sectionPages(language, section).map((page) => (
                  <li key={page.slug}>
                    <Link to={page.path}>{page.title}</Link>
                  </li>
                ))}
              </ul>
            </Card>
          </Col>
        ))}
      </Row>
      <p style={{ marginTop: 16 }}>
        <Link to="/documentation/api">{t('The API, for those who connect other systems')}</Link>
      </p>
    </div>
  );
}
