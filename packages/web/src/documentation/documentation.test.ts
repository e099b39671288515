import { describe, expect, it } from 'vitest';
import { translatedLanguages } from '@lbo/model/i18n/locales';
import { fallbackLandingPage } from '../app/session/configuration.ts';
import {
  allPages,
  documentationPage,
  documentationSections,
  sectionPages,
  writtenLanguages,
} from './documentation-pages.ts';
import { headingAnchor, hitLink, partsOf, searchDocumentation } from './documentation-search.ts';

describe('documentation pages', () => {
  it('opens the landing fallback of spec 000 §2.1 as a real page', () => {
    const [, , section, slug] = fallbackLandingPage.split('/');
    const page = documentationPage('en', section, slug);
    expect(page?.title).toBe('Getting started');
    expect(page?.markdown).toContain('## Where to go next');
  });

  it('has every page in English and in each shipped language, with a title, and a language without pages falls back to English', () => {
    const languages = ['en', ...translatedLanguages].sort();
    expect(writtenLanguages()).toEqual(languages);
    for (const section of documentationSections) {
      const english = sectionPages('en', section);
      expect(english.length).toBeGreaterThan(5);
      for (const language of translatedLanguages) {
        const translated = sectionPages(language, section);
        expect(translated.map((p) => p.slug)).toEqual(english.map((p) => p.slug));
        for (const page of translated) {
          expect(page.language, `${language} ${page.path}`).toBe(language);
          expect(page.title).not.toBe('');
          expect(page.markdown).not.toBe(english.find((p) => p.slug === page.slug)?.markdown);
        }
      }
    }
    const japanese = documentationPage('ja', 'getting-started', 'signing-in');
    expect(japanese).toMatchObject({ language: 'en', title: 'Signing in' });
    expect(documentationPage('en', 'getting-started', 'nothing')).toBeUndefined();
    expect(documentationPage('en', '..', 'getting-started')).toBeUndefined();
  });

  it('links only to pages and headings that exist, and gives every heading an anchor of its own, in every language', () => {
    for (const language of writtenLanguages()) {
      for (const page of allPages(language)) {
        for (const [, target] of page.markdown.matchAll(/\]\((\/[^)]*)\)/g)) {
          if (target === '/documentation-search') continue;
          const [, , section, slug] = target.split('/');
          expect(documentationPage(language, section, slug), `${page.path} → ${target}`).toBeDefined();
        }
        // The part before the first heading is the page's top, without an anchor.
        const anchors = partsOf(page)
          .slice(1)
          .map((part) => part.anchor);
        expect(anchors.every(Boolean), `${language} ${page.path}`).toBe(true);
        expect(new Set(anchors).size, `${language} ${page.path}`).toBe(anchors.length);
      }
    }
  });
});

describe('documentation search', () => {
  const english = allPages('en');

  it('finds the heading where the words are, linking to it', () => {
    const hits = searchDocumentation(english, 'forgotten password');
    expect(hits[0]).toMatchObject({ heading: 'A forgotten password', anchor: 'a-forgotten-password' });
    expect(hitLink(hits[0])).toBe('/documentation/getting-started/signing-in#a-forgotten-password');
    expect(hits[0].excerpt).toContain('password');
  });

  it('needs every word, ignores case and accents, and finds nothing for an unknown word', () => {
    expect(searchDocumentation(english, 'zebra')).toEqual([]);
    expect(searchDocumentation(english, '')).toEqual([]);
    expect(searchDocumentation(english, 'EXPORT')[0].page.slug).toBe('lists-and-filters');
    const french = searchDocumentation(allPages('fr'), 'mot de passe oublie');
    expect(hitLink(french[0])).toBe('/documentation/getting-started/signing-in#mot-de-passe-oublie');
  });

  it('splits a page at its headings, the part before the first under the page title', () => {
    const parts = partsOf(english.find((p) => p.slug === 'workflows')!);
    expect(parts.map((p) => p.heading)).toEqual([
      'Workflows',
      'Moving a record on',
      'What a transition does',
      'Why a status cannot be typed',
    ]);
    expect(headingAnchor('Où aller ensuite ?')).toBe('ou-aller-ensuite');
    expect(headingAnchor('Забытый пароль')).not.toBe('');
  });
});
