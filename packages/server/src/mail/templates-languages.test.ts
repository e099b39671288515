import { describe, expect, it } from 'vitest';
import { builtInTemplates, renderTemplate, templateLanguage, templateLanguages } from './templates.ts';

/** The built-in mails in every language of the documents' dictionary, the HTML part built from the translated text. */
describe('built-in mails in every language', () => {
  it('has a template of each mail in each language', () => {
    expect(templateLanguages).toEqual(expect.arrayContaining(['en', 'fr', 'de', 'lt', 'ar', 'tr']));
    for (const { defaults } of Object.values(builtInTemplates))
      for (const language of templateLanguages) expect(defaults[language]?.text, language).toBeTruthy();
  });

  it('picks the language of a locale, English for one without texts', () => {
    expect(templateLanguage('lt-LT')).toBe('lt');
    expect(templateLanguage('mx-MX')).toBe('es');
    expect(templateLanguage('ja-JP')).toBe('en');
    expect(templateLanguage(undefined)).toBe('en');
  });

  it('writes an issued invoice mail in Lithuanian', () => {
    const { defaults, sample } = builtInTemplates['invoice-issued'];
    const mail = renderTemplate(defaults.lt, sample);
    expect(mail.subject).toBe('Sąskaita faktūra F2026-000123');
    expect(mail.text).toContain('Pridedame sąskaitą faktūrą F2026-000123');
    expect(mail.html).toContain('<p>Sveiki, Jane Doe,</p>');
  });

  it('makes the link of a translated mail a link, its values escaped', () => {
    const mail = renderTemplate(builtInTemplates['password-reset'].defaults.de, {
      name: '<b>Eve</b>',
      username: 'eve',
      minutes: 60,
      link: 'https://example.com/reset?token=a&b=1',
    });
    expect(mail.subject).toBe('Setzen Sie Ihr Passwort zurück');
    expect(mail.html).toContain('<a href="https://example.com/reset?token&#x3D;a&amp;b&#x3D;1">');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.text).toContain('innerhalb von 60 Minuten');
  });

  it('writes an Arabic mail right to left', () => {
    const mail = renderTemplate(builtInTemplates['task-reminder'].defaults.ar, {
      name: 'سارة',
      title: 'Call',
      dueDate: '2026-12-01',
      link: 'https://example.com/tasks/1',
    });
    expect(mail.html.startsWith('<div dir="rtl">')).toBe(true);
    expect(mail.text).toContain('موعد استحقاق المهمة «Call»');
  });

  it('keeps the hand-written French', () => {
    expect(builtInTemplates['invoice-issued'].defaults.fr.html).toContain('<b>{{invoiceNumber}}</b>');
  });
});
