import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** A message's Markdown, rendered safely: raw HTML shown as nothing, links in a new window. */
export function MessageText({ text }: { text: string }) {
  return (
    <div style={{ overflowWrap: 'anywhere' }}>
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        components={{
          a: ({ href, children }) =>
            href ? (
              <a href={href} target="_blank" rel="noopener noreferrer nofollow">
                {children}
              </a>
            ) : (
              <span>{children}</span>
            ),
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
