import { useEffect } from 'react';
import { Breadcrumb, Col, Menu, Result, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { documentationPage, sectionPages, sectionTitles } from './documentation-pages.ts';
import { DocumentationMarkdown } from './DocumentationMarkdown.tsx';
import { useDocumentationLanguage } from './use-documentation-language.ts';

/**
 * `/documentation/{section}/{page}`: one page, with the pages of its section beside it. A link
 * from the search ends with the heading's anchor (`#…`), kept by the shell under /documentation
 * (spec 000 §2.1), and the page scrolls to it.
 */
export default function DocumentationPageScreen() {
  const { t } = useTranslation();
  // `/documentation/*`: the section and the page; anything deeper is no page.
  const [section = '', slug = '', ...deeper] = (useParams()['*'] ?? '').split('/');
  const { hash } = useLocation();
  const navigate = useNavigate();
  const language = useDocumentationLanguage();
  const page = deeper.length ? undefined : documentationPage(language, section, slug);
  useEffect(() => {
    if (!page) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : undefined;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [page, hash]);
  if (!page) {
    return (
      <Result
        status="404"
        title={t('This page does not exist')}
        extra={<Link to="/documentation">{t('Documentation')}</Link>}
      />
    );
  }
  return (
    <div data-testid="documentation-page">
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { title: <Link to="/documentation">{t('Documentation')}</Link> },
          { title: t(sectionTitles[page.section]) },
          { title: page.title },
        ]}
      />
      <Row gutter={24}>
        <Col xs={24} md={6}>
          <Menu
            mode="inline"
            aria-label={t(sectionTitles[page.section])}
            selectedKeys={[page.path]}
            items={sectionPages(language, page.section).map((p) => ({ key: p.path, label: p.title }))}
            onClick={({ key }) => navigate(key)}
          />
        </Col>
        <Col xs={24} md={18} lang={page.language}>
          <DocumentationMarkdown markdown={page.markdown} />
        </Col>
      </Row>
    </div>
  );
}
