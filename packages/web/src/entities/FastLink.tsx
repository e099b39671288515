import { createContext, useContext, useMemo, type MouseEvent, type ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router';

/**
 * Links inside big tables: one router lookup per table instead of one per cell (a router
 * Link runs several hooks each; a 100-row list has hundreds of them).
 */
interface Navigator {
  base: string;
  go(to: string): void;
}

const NavigatorContext = createContext<Navigator | null>(null);

export function FastLinkScope({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const root = useHref('/');
  const value = useMemo(() => ({ base: root.replace(/\/$/, ''), go: (to: string) => navigate(to) }), [root, navigate]);
  return <NavigatorContext.Provider value={value}>{children}</NavigatorContext.Provider>;
}

const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/** A link rendered outside a table (a cell shown in a form or a card) brings its own scope. */
export function FastLink({ to, children }: { to: string; children: ReactNode }) {
  const nav = useContext(NavigatorContext);
  if (!nav)
    return (
      <FastLinkScope>
        <FastLink to={to}>{children}</FastLink>
      </FastLinkScope>
    );
  return (
    <a
      href={`${nav.base}${to}`}
      onClick={(e) => {
        if (plainClick(e)) {
          e.preventDefault();
          nav.go(to);
        }
      }}
    >
      {children}
    </a>
  );
}
