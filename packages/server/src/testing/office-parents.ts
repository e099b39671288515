import type { TestApp } from './test-app.ts';

/**
 * What records of the office kinds need before they can be written in tenant alpha, made once: a
 * campaign for a contact, a holding bought first for an operation, a project for a time entry
 * (docs/kinds.md, docs/private-equity.md, docs/projects.md). Answers the part of each kind's body
 * that names them.
 */
export async function officeParents(t: TestApp): Promise<Record<string, Record<string, unknown>>> {
  const created = async (route: string, name: string) =>
    String((await t.call('POST', `/api/${route}`, t.alpha.headers, { name })).json().registration);
  return {
    CampaignContact: { campaignRegistration: await created('person/campaigns', 'Parent campaign') },
    PrivateEquityOperation: {
      assetRegistration: await created('private-equity/assets', 'Parent holding'),
      type: 'INVESTMENT',
      operationDate: '2024-01-01',
      amount: 1000,
      shares: 10,
    },
    TimeEntry: {
      projectRegistration: await created('support/projects', 'Parent project'),
      entryDate: '2025-01-06',
      hours: 1,
    },
  };
}
