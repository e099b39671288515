import { Button, Flex, Select, Space } from 'antd';
import { DoubleLeftOutlined, DoubleRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pageCount, pageNumbers, pageSizes, showFirstLast } from './list-state.ts';

interface Props {
  page: number;
  pageSize: number;
  size: number;
  onPage(page: number): void;
  onPageSize(size: number): void;
}

/** Page numbers (at most 10, first and last past 10 pages) and the page size. */
export function Pager({ page, pageSize, size, onPage, onPageSize }: Props) {
  const { t } = useTranslation();
  const pages = pageCount(size, pageSize);
  const edges = showFirstLast(pages);
  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 12 }}>
      <Space wrap size={4} role="navigation" aria-label={t('Pages')}>
        {edges && (
          <Button
            size="small"
            icon={<DoubleLeftOutlined />}
            disabled={page === 1}
            onClick={() => onPage(1)}
            aria-label={t('First page')}
          />
        )}
        {pageNumbers(page, pages).map((n) => (
          <Button
            key={n}
            size="small"
            type={n === page ? 'primary' : 'default'}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onPage(n)}
          >
            {n}
          </Button>
        ))}
        {edges && (
          <Button
            size="small"
            icon={<DoubleRightOutlined />}
            disabled={page === pages}
            onClick={() => onPage(pages)}
            aria-label={t('Last page')}
          />
        )}
      </Space>
      <Select
        size="small"
        value={pageSize}
        aria-label={t('Page size')}
        style={{ width: 120 }}
        options={pageSizes.map((n) => ({ value: n, label: t('{n} / page', { n }) }))}
        onChange={onPageSize}
      />
    </Flex>
  );
}
