import { Children, isValidElement, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Link } from 'react-router';
import { headingAnchor } from './documentation-search.ts';

/** The words of a heading, for its anchor (the same the search links to). */
function textOf(children: ReactNode): string {
  return Children.toArray(children)
    .map((child) =>
      typeof child === 'string' || typeof child === 'number'
        ? String(child)
        : isValidElement<{ children?: ReactNode }>(child)
          ? textOf(child.props.children)
          : '',
    )
    .join('');
}

/**
 * A documentation page's Markdown, rendered safely (raw HTML dropped, react-markdown's URL filter):
 * headings carry the anchors the search links to; links inside the app stay in it.
 */
const components: Components = {
  h2: ({ children }) => <h2 id={headingAnchor(textOf(children))}>{children}</h2>,
  h3: ({ children }) => <h3 id={headingAnchor(textOf(children))}>{children}</h3>,
  a: ({ href, children }) =>
    href?.startsWith('/') ? (
      <Link to={href}>{children}</Link>
    ) : href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  table: ({ children }) => <table className="documentation-table">{children}</table>,
};

export function DocumentationMarkdown({ markdown }: { markdown: string }) {
  return (
    <div className="documentation-page" style={{ maxWidth: 820, lineHeight: 1.6 }}>
      <style>
        {
          '.documentation-table{border-collapse:collapse}.documentation-table td,.documentation-table th{border:1px solid rgba(128,128,128,.35);padding:4px 10px;text-align:start}'
        }
      </style>
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {markdown}
      </Markdown>
    </div>
  );
}
