import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * A note's Markdown, rendered safely: GitHub's flavour (tables, lists, strike-through, links),
 * raw HTML shown as nothing (`skipHtml`: no `<script>`, no `<img onerror>`), and links only with
 * the protocols react-markdown's URL filter lets through (http, https, mailto…; a `javascript:`
 * link loses its target). Links open in a new window, without access to this one.
 */
const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
};

export function NoteText({ text }: { text: string }) {
  return (
    <div className="note-text" style={{ overflowWrap: 'anywhere' }}>
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {text}
      </Markdown>
    </div>
  );
}
