/**
 * The getting-started pages of `/documentation` (docs/shell-modes.md): Markdown files under
 * `pages/{language}/{section}/{slug}.md`, their title the first `# ` line. Every shipped language
 * translates every page; a page missing in a language shows in English.
 */
const sources = import.meta.glob<string>('./pages/*/*/*.md', { query: '?raw', import: 'default', eager: true });

export const documentationSections = ['getting-started', 'administration'] as const;
export type DocumentationSection = (typeof documentationSections)[number];

/** Section titles, in English (translated where shown). */
export const sectionTitles: Record<DocumentationSection, string> = {
  'getting-started': 'For users',
  administration: 'For administrators',
};

/** The order of the pages in each section: the menu of the documentation. */
const pageOrder: Record<DocumentationSection, string[]> = {
  'getting-started': [
    'getting-started',
    'signing-in',
    'lists-and-filters',
    'records',
    'workflows',
    'tasks-and-notes',
    'keyboard-shortcuts',
    'languages',
  ],
  administration: [
    'users-and-profiles',
    'tenants-and-settings',
    'scripts',
    'imports',
    'feature-flags',
    'translations',
    'flow-mode-and-side-view',
  ],
};

export interface DocumentationPage {
  section: DocumentationSection;
  slug: string;
  path: string;
  title: string;
  markdown: string;
  /** The language the page is written in: the reader's, or English when not translated. */
  language: string;
}

const fallbackLanguage = 'en';

function sourceOf(language: string, section: string, slug: string): string | undefined {
  return sources[`./pages/${language}/${section}/${slug}.md`];
}

export const titleOf = (markdown: string): string => /^# (.+)$/m.exec(markdown)?.[1].trim() ?? '';

export const pagePath = (section: string, slug: string) => `/documentation/${section}/${slug}`;

/** A page in `language` (its own translation, else English); undefined when there is no such page. */
export function documentationPage(language: string, section: string, slug: string): DocumentationPage | undefined {
  if (!(documentationSections as readonly string[]).includes(section)) return undefined;
  if (!pageOrder[section as DocumentationSection].includes(slug)) return undefined;
  const own = sourceOf(language, section, slug);
  const markdown = own ?? sourceOf(fallbackLanguage, section, slug);
  if (markdown === undefined) return undefined;
  return {
    section: section as DocumentationSection,
    slug,
    path: pagePath(section, slug),
    title: titleOf(markdown),
    markdown,
    language: own ? language : fallbackLanguage,
  };
}

/** Every page of a section in `language`, in order. */
export const sectionPages = (language: string, section: DocumentationSection): DocumentationPage[] =>
  pageOrder[section].flatMap((slug) => documentationPage(language, section, slug) ?? []);

/** Every page in `language`, section by section. */
export const allPages = (language: string): DocumentationPage[] =>
  documentationSections.flatMap((section) => sectionPages(language, section));

/** The languages some page is written in (English complete, others partial or whole). */
export const writtenLanguages = (): string[] =>
  [...new Set(Object.keys(sources).map((key) => key.split('/')[2]))].sort();
