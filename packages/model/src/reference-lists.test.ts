import { loadDictionaries, loadedDictionary } from './i18n/dictionaries.ts';
import { describe, expect, it } from 'vitest';
import { listNames, listValues, referenceLists, taxRates, type ListItem } from './reference-lists.ts';

/** Spec 000 §3 entity names, less the technical kinds that have no workflow or type. */
const entityNames = `AccountingCatalogItem Agreement Amendment AmendmentCatalogItem Asset AssetCatalogItem
  AssetServiceCatalogItem AssetExpense AssetLot Batch BankAccount BankOperation BankStatement BankTransaction Booking
  Budget Campaign CampaignContact Camt Cashflow CashflowAllocation Case Claim Collateral Committee Communication
  Contract ContractElement ContractLot CreditLine Deal DepreciationSchedule Document Dtxn ExternalContract ExternalData
  FeatureFlag FeatureFlagItem FinancingService Flow Fund Funding Import Inspection Inventory Invoice InvoiceLine
  Location Mail Maintenance Metric Note Organization PaymentFile PaymentFileLine Person PersonAmendment Posting
  PostingEvent PrivateEquityAsset PrivateEquityOperation PrivateEquityTransaction Product ProductCatalogItem
  ProductElementCatalogItem ProductTable Project Prospect Question Quotation Report Rule Score Script Sheet Sepa
  SystemEvent Task Tenant Ticket TimeEntry User Vote Voting`.split(/\s+/);
const camel = (name: string) => name[0].toLowerCase() + name.slice(1);

const requiredLists = [
  'processStatus',
  'workflowAction',
  'personRole',
  'personType',
  'registrationType',
  'individualRegistrationType',
  'professionalRegistrationType',
  'organizationRegistrationType',
  'companyRegistrationType',
  'country',
  'currency',
  'locale',
  'frequency',
  'addressType',
  'taskType',
  'contractTag',
  'financialProduct',
  'financialScheme',
  'purpose',
  'subPurpose',
  'managementType',
  'paymentMode',
  'paymentCondition',
  'pr',
  'dc',
  'profile',
  'sepaMandateStatus',
  'legalForm',
  'activityCode',
  'title',
  'familyMaritalStatus',
  'familyMaritalContract',
  'employmentContractType',
  'employmentSector',
  'incomeSource',
  'documentType',
  'committeeInviteStatus',
  'rsvp',
  'priority',
  'taxCode',
  'vatScheme',
  'companySize',
  'verificationType',
  'rumType',
  'rumFrequency',
  'periodUnit',
  'documentEntity',
  'contractType',
  'assetType',
  'creditLineType',
  'invoiceType',
  'ticketType',
  'caseType',
  'claimType',
  'committeeType',
];
const valuesOf = (name: string) => referenceLists[name].map((item) => item.value);
const labelsIn = (name: string, locale?: string) => listValues(name, locale).map((item) => item.label);

describe('reference lists', () => {
  it.each([...requiredLists, ...entityNames.flatMap((e) => [`${camel(e)}Status`, `${camel(e)}Type`])])(
    '%s exists, is non-empty, with unique values and both labels',
    (name) => {
      const list = referenceLists[name];
      expect(list, name).toBeDefined();
      expect(list.length).toBeGreaterThan(0);
      expect(new Set(list.map((i) => i.value)).size).toBe(list.length);
      for (const item of list) {
        expect(item.value).toMatch(/\S/);
        expect(item.label.en).toMatch(/\S/);
        expect(item.label.fr).toMatch(/\S/);
      }
    },
  );

  it('names every list once, sorted', () => {
    const names = listNames();
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(Object.keys(referenceLists).length);
  });

  it('gives entity statuses upper-snake codes', () => {
    for (const entity of entityNames) {
      for (const value of valuesOf(`${camel(entity)}Status`)) expect(value).toMatch(/^[A-Z][A-Z0-9_]*$/);
    }
  });

  it('holds the status lists fixed by other work exactly', () => {
    expect(valuesOf('contractStatus')).toEqual([
      'DRAFT',
      'SUBMITTED',
      'APPROVED',
      'ACTIVE',
      'TERMINATED',
      'CANCELLED',
      'REJECTED',
    ]);
    expect(valuesOf('invoiceStatus')).toEqual([
      'DRAFT',
      'ISSUED',
      'PARTIALLY_PAID',
      'PAID',
      'CANCELLED',
      'WRITTEN_OFF',
    ]);
    expect(valuesOf('dealStatus')).toEqual(['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'WON', 'LOST', 'CANCELLED']);
    expect(valuesOf('processStatus')).toEqual([
      'DRAFT',
      'FETCHING',
      'PROCESSING',
      'STOPPED',
      'ERROR',
      'WARNING',
      'SUCCESS',
    ]);
    expect(valuesOf('workflowAction')).toEqual(['DO', 'UNDO', 'CONTINUE', 'COMPLETE', 'RESET']);
    expect(valuesOf('ticketStatus')[0]).toBe('NEW');
  });

  it('holds the codes the specification names', () => {
    expect(valuesOf('personType')).toEqual(['I', 'E', 'P', 'O', 'C']);
    expect(valuesOf('personRole')).toEqual([
      'PAYER',
      'PAYEE',
      'CLIENT',
      'PARTNER',
      'SUPPLIER',
      'SALES',
      'BUSINESSUNIT',
      'AGENCY',
      'OWNER',
      'TRANSPORTER',
      'SIGNEROF',
      'ORGANIZATION',
      'TENANT',
    ]);
    expect(valuesOf('frequency')).toEqual(['1', '7', '30', '90', '180', '360', '365']);
    expect(valuesOf('periodUnit')).toEqual(['d', 'm', 'q', 's', 'y', 'h', 'min', 'sec']);
    expect(valuesOf('committeeInviteStatus')).toEqual(['INTENDED', 'INVITED', 'PRESENTED', 'ABSENT']);
    expect(valuesOf('rsvp')).toEqual(['ACCEPTED', 'REFUSED']);
    expect(valuesOf('paymentMode')).toEqual(['SEPA_DIRECT_DEBIT', 'TRANSFER', 'CHECK', 'CARD', 'CASH']);
    expect(valuesOf('registrationType')).toEqual(
      expect.arrayContaining([
        'AUT',
        'COM',
        'PTN',
        'PRO',
        'SIR',
        'EVA',
        'GBR',
        'CHE',
        'CIF',
        'NIF',
        'ITA',
        'DEU',
        'SRT',
        'PER',
        'PRS',
        'DNI',
        'NIE',
        'PAS',
      ]),
    );
    for (const type of ['individual', 'professional', 'organization', 'company']) {
      for (const code of valuesOf(`${type}RegistrationType`)) expect(valuesOf('registrationType')).toContain(code);
    }
    expect(valuesOf('documentType')).toEqual(expect.arrayContaining(['MAINIMAGE', 'IMAGE', 'SEPA_MANDATE']));
  });

  it('gives every tax code a rate, shown in its label', () => {
    expect(valuesOf('taxCode')).toEqual(Object.keys(taxRates));
    expect(taxRates.VAT20).toBe('0.2');
    expect(taxRates.VAT55).toBe('0.055');
    expect(listValues('taxCode', 'en-GB').find((i) => i.value === 'VAT55')?.label).toBe('VAT 5.5%');
    expect(listValues('taxCode', 'fr-FR').find((i) => i.value === 'VAT55')?.label).toBe('TVA 5,5 %');
  });

  it('names every ISO country from Intl', () => {
    expect(referenceLists.country.length).toBeGreaterThanOrEqual(240);
    const france = referenceLists.country.find((i) => i.value === 'FR');
    expect(france?.label).toEqual({ en: 'France', fr: 'France' });
    expect(referenceLists.country.find((i) => i.value === 'DE')?.label).toEqual({ en: 'Germany', fr: 'Allemagne' });
  });

  it('holds the spec currencies and locales', () => {
    const spec = 'CDF CHF DZD EGP EUR GBP USD GNF HUF JPY MAD MGA MXN MZN PHP RMB RUB TND XAF XOF XPF'.split(' ');
    expect(valuesOf('currency')).toEqual(expect.arrayContaining(spec));
    expect(referenceLists.currency.find((i) => i.value === 'EUR')?.label.en).toBe('Euro (EUR)');
    const locales =
      'de-DE es-ES en-GB en-US en-EU fr-FR fr-BE fr-CH it-IT nl-NL ru-RU hu-HU lt-LT ar-DZ ar-EG ar-MA ar-TN fr-MA mx-MX fr-TN fr-PF';
    expect(valuesOf('locale')).toEqual(expect.arrayContaining(locales.split(' ')));
    expect(referenceLists.locale.find((i) => i.value === 'fr-BE')?.label).toEqual({
      en: 'French (Belgium)',
      fr: 'Français (Belgique)',
    });
    expect(referenceLists.locale.find((i) => i.value === 'mx-MX')?.label.en).toBe('Spanish (Mexico)');
  });
});

describe('listValues', () => {
  it('answers French for fr locales', () => {
    for (const locale of ['fr-FR', 'fr-BE', 'fr']) {
      expect(listValues('contractStatus', locale)[0]).toEqual({
        value: 'DRAFT',
        label: 'Brouillon',
        isTranslated: true,
      });
    }
    expect(labelsIn('personType', 'fr-BE')).toEqual([
      'Particulier',
      'Salarié',
      'Professionnel',
      'Organisation',
      'Société',
    ]);
  });

  it('answers English for en-EU and when the locale is missing', () => {
    expect(listValues('contractStatus', 'en-EU')[0]).toEqual({ value: 'DRAFT', label: 'Draft', isTranslated: true });
    expect(listValues('contractStatus')[0]).toEqual({ value: 'DRAFT', label: 'Draft', isTranslated: true });
    expect(listValues('contractStatus', '')[0].label).toBe('Draft');
  });

  it('answers a shipped language from its dictionary, names of countries from Intl, and English, untranslated, for a language that has none', async () => {
    await loadDictionaries();
    const draft = listValues('contractStatus', 'de-DE')[0];
    expect(draft.isTranslated).toBe(true);
    expect(draft.label).toBe(loadedDictionary('de')?.Draft);
    expect(draft.label).not.toBe('Draft');
    expect(listValues('country', 'lt-LT').find((item) => item.value === 'DE')?.label).toBe('Vokietija');
    expect(listValues('contractStatus', 'ja-JP')[0]).toEqual({ value: 'DRAFT', label: 'Draft', isTranslated: false });
  });

  it('lets a tenant override replace a list', () => {
    const overrides: Record<string, ListItem[]> = {
      contractStatus: [{ value: 'OPEN', label: { en: 'Open', fr: 'Ouvert' } }],
    };
    expect(listValues('contractStatus', 'fr-FR', overrides)).toEqual([
      { value: 'OPEN', label: 'Ouvert', isTranslated: true },
    ]);
    expect(listValues('dealStatus', 'en-US', overrides)).toHaveLength(7);
  });

  it('lets an override add a list, and tolerates a missing translation', () => {
    const overrides = { riskClass: [{ value: 'A', label: { en: 'Low risk' } }] } as unknown as Record<
      string,
      ListItem[]
    >;
    expect(listValues('riskClass', 'fr-FR', overrides)).toEqual([
      { value: 'A', label: 'Low risk', isTranslated: false },
    ]);
  });

  it('answers the ERROR item for an unknown list', () => {
    expect(listValues('noSuchList', 'fr-FR')).toEqual([
      { value: 'ERROR', label: 'List not found noSuchList', isTranslated: false },
    ]);
    expect(listValues('toString')[0].value).toBe('ERROR');
    expect(listValues('__proto__')[0].value).toBe('ERROR');
  });
});
