import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { entities } from '@lbo/model/entity-registry';
import type { FieldDef } from '@lbo/model/fields';
import { machineMade } from '@lbo/model/kind-labels';
import { menuSections } from '@lbo/model/navigation';
import { columnLabel, filterLabel, humanise } from '../entities/entity-fields.ts';
import { messages } from '../fields/validation.ts';
import { networkErrorText, offlineText, oopsText } from '../app/api/error-notice.ts';
import { labelOfPath } from '../app/menus.ts';
import { defaultHostSettings } from '../app/session/host-settings.ts';
import { defaultWorkflows } from '@lbo/model/workflow/workflows';
import { transitionVocabulary } from '@lbo/model/workflow/vocabulary';
import { shippedTranslations } from '../app/web-modules.ts';
import { documentLocale } from './locale.ts';

/**
 * Every text the web shows through i18next has a French translation: the literal keys of the
 * sources (`t('…')`), the generic screens' labels derived from the declarations (list titles,
 * filters, columns and form fields of every kind), the transitions of every default workflow
 * and the host's default texts. The French checked is the one the app ships: the core's and the
 * domains' modules', as the composition root (app/web-modules.ts) puts them together. A browser
 * journey (e2e/french.test.ts) looks for English left on the rendered screens.
 */
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let frFR: Record<string, string>;
beforeAll(async () => {
  frFR = (await shippedTranslations('fr-FR')) ?? {};
});

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `t('x')`, `t("x")`, `` t(`x`) `` without interpolation, keys chosen from a literal map, and notices' `message: 'x'` (translated by notify). */
export function literalKeys(source: string): string[] {
  const keys: string[] = [];
  const pattern = /\bt\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`([^`$]*)`)/g;
  for (const m of source.matchAll(pattern)) keys.push((m[1] ?? m[2] ?? m[3]).replace(/\\(.)/g, '$1'));
  // Keys chosen from a map: t({ a: 'Text', … }[x]).
  for (const m of source.matchAll(/\bt\(\{([^}]*)\}\[/g))
    for (const v of m[1].matchAll(/:\s*'((?:[^'\\]|\\.)*)'/g)) keys.push(v[1]);
  for (const m of source.matchAll(/\bmessage:\s*'((?:[^'\\]|\\.)*)'/g)) keys.push(m[1].replace(/\\(.)/g, '$1'));
  return keys;
}

function fieldLabels(fields: Record<string, FieldDef>, out: Set<string>) {
  for (const [name, field] of Object.entries(fields)) {
    out.add(field.label ?? humanise(name));
    if (field.fields) fieldLabels(field.fields, out);
  }
}

function declaredLabels(): Set<string> {
  const out = new Set<string>();
  for (const entity of entities) {
    out.add(entity.labels.en.plural);
    out.add(entity.labels.en.singular);
    for (const filter of entity.filters) out.add(filterLabel(entity, filter));
    for (const column of entity.columns) out.add(columnLabel(entity, column));
    fieldLabels(entity.fields, out);
  }
  return out;
}

describe('French texts', () => {
  it('finds the literal keys of the sources', () => {
    expect(
      literalKeys(
        `t('Save'); t("It's"); t(\`Plain\`); t({ a: 'Dark', b: 'Light' }[s]); t(name); notify({ level: 'info', message: 'Saved' })`,
      ),
    ).toEqual(['Save', "It's", 'Plain', 'Dark', 'Light', 'Saved']);
  });

  it('translate every literal key used by the web', () => {
    const used = new Set([
      ...sourceFiles(srcDir).flatMap((file) => literalKeys(fs.readFileSync(file, 'utf8'))),
      // Texts kept in constants and translated where they are shown.
      ...Object.values(messages),
      networkErrorText,
      offlineText,
      oopsText,
    ]);
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((key) => !frFR[key]).sort()).toEqual([]);
    // Written by a person, in English too: no `Iban`, `Pr` or `Sepas`.
    expect([...used].filter(machineMade).sort()).toEqual([]);
  });

  it('translate every label of the generic list and detail screens', () => {
    expect([...declaredLabels()].filter((key) => !frFR[key]).sort()).toEqual([]);
    expect([...declaredLabels()].filter(machineMade).sort()).toEqual([]);
  });

  it("translate the labels of the server's default menus", () => {
    // Sections and the kinds' list screens come from the model; tool screens are read as text from
    // the server's menu and its modules' `menus` (the web does not import server code).
    const serverDir = path.resolve(srcDir, '../../server/src');
    const moduleFiles = fs
      .readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.module.ts'));
    expect(moduleFiles.length).toBeGreaterThan(5);
    const menus = ['auth/menus.ts', ...moduleFiles]
      .map((file) => fs.readFileSync(path.join(serverDir, file), 'utf8'))
      .map((text) => (text.includes('menus') ? text.slice(text.indexOf('menus')) : ''))
      .join('\n');
    const labels = new Set<string>(menuSections);
    for (const entity of entities) labels.add(labelOfPath(`/${entity.listRoute}`));
    // A screen's label is the one it names, else derived from its path.
    for (const m of menus.matchAll(/'(\/[a-z/-]+)'(?!,\s*label:)/g)) labels.add(labelOfPath(m[1]));
    for (const m of menus.matchAll(/label: '([^']+)'/g)) labels.add(m[1]);
    expect(labels.size).toBeGreaterThan(50);
    expect([...labels].filter((key) => !frFR[key]).sort()).toEqual([]);
  });

  it('translate every transition of the default workflows (the workflow card and the transitions menu)', () => {
    const labels = new Set([
      ...defaultWorkflows().flatMap((workflow) => workflow.transitions.map((transition) => transition.label)),
      ...Object.values(transitionVocabulary).map((wording) => wording.label),
    ]);
    expect(labels.size).toBeGreaterThan(100);
    expect(labels).toContain('Back to draft');
    expect([...labels].filter((key) => !frFR[key]).sort()).toEqual([]);
  });

  it('translate the question every irreversible transition asks before it runs', () => {
    const questions = defaultWorkflows().flatMap((workflow) =>
      workflow.transitions.flatMap((transition) =>
        typeof transition.confirm === 'string' ? [transition.confirm] : Object.values(transition.confirm ?? {}),
      ),
    );
    expect(questions.length).toBeGreaterThan(10);
    expect(questions.filter((key) => !frFR[key]).sort()).toEqual([]);
  });

  it("translate the host's default texts (sign-in title and button), on the web and on the server", () => {
    const server = fs.readFileSync(path.resolve(srcDir, '../../server/src/http/host-settings.ts'), 'utf8');
    const serverTexts = [...server.matchAll(/(loginTitle|loginButtonText|windowTitle): '([^']+)'/g)].map((m) => m[2]);
    expect(serverTexts.length).toBe(3);
    const webTexts = Object.values(defaultHostSettings).filter((v): v is string => typeof v === 'string');
    expect([...new Set([...serverTexts, ...webTexts])].filter((key) => !frFR[key]).sort()).toEqual([]);
  });

  it('say Solde for a balance, Capital restant only for outstanding principal', () => {
    expect(frFR.Balance).toBe('Solde');
    expect(frFR['Outstanding principal']).toMatch(/^Capital restant/);
    const misused = Object.entries(frFR)
      .filter(([en, fr]) => /^Capital restant/.test(fr) && !/principal|opening balance|closing balance/i.test(en))
      .map(([en]) => en);
    expect(misused).toEqual([]);
  });

  it('keep the placeholders of the English text', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const wrong = Object.entries(frFR)
      .filter(([en, fr]) => placeholders(en).join() !== placeholders(fr).join())
      .map(([en]) => en);
    expect(wrong).toEqual([]);
  });
});

describe('the document language', () => {
  it('follows the locale, right to left for Arabic', () => {
    expect(documentLocale('en-EU')).toEqual({ lang: 'en', dir: 'ltr' });
    expect(documentLocale('fr-FR')).toEqual({ lang: 'fr-FR', dir: 'ltr' });
    expect(documentLocale('ar-MA')).toEqual({ lang: 'ar-MA', dir: 'rtl' });
    expect(documentLocale('ar')).toEqual({ lang: 'ar', dir: 'rtl' });
  });
});
