import { lazy, Suspense } from 'react';
import type { TagProps } from 'antd';

const Tag = lazy(() => import('antd/es/tag/index.js'));

/**
 * antd's Tag, loaded when a tag is first drawn (a filter's value, the offline state): a list
 * route without one does not carry it. Until then its text shows as plain text.
 */
export function LazyTag(props: TagProps) {
  return (
    <Suspense fallback={<span style={{ marginInlineEnd: 8 }}>{props.children}</span>}>
      <Tag {...props} />
    </Suspense>
  );
}
