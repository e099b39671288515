import { sql } from 'kysely';
import { privateEquityAsset } from '@lbo/model/entities/private-equity/private-equity-asset.entity';
import { privateEquityOperation } from '@lbo/model/entities/private-equity/private-equity-operation.entity';
import { privateEquityTransaction } from '@lbo/model/entities/private-equity/private-equity-transaction.entity';
import { inTenant } from '../db/database.ts';
import { createIn } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { DemoContext } from '../modules/server-module.ts';

/**
 * The demo's private-equity fund, once: three holdings of "Fonds Croissance PME I" (one growing
 * with a partial exit, one paying dividends, one sold), with their executed operations and the
 * settled cash legs, so that the holdings' and the fund's multiples and IRRs show real figures.
 */
export const DEMO_FUND = 'Fonds Croissance PME I';

type Step = [type: string, date: string, amount: number, shares?: number];
const holdings: { name: string; sector: string; acquisitionDate: string; steps: Step[] }[] = [
  {
    name: 'GreenFleet SAS',
    sector: 'ENERGY',
    acquisitionDate: '2021-03-15',
    steps: [
      ['INVESTMENT', '2021-03-15', 2_000_000, 20_000],
      ['FOLLOW_ON', '2022-06-30', 500_000, 4_000],
      ['VALUATION', '2023-12-31', 3_600_000],
      ['PARTIAL_EXIT', '2024-06-30', 1_200_000, 8_000],
      ['VALUATION', '2024-12-31', 3_000_000],
    ],
  },
  {
    name: 'MedTech Lyon',
    sector: 'HEALTHCARE',
    acquisitionDate: '2020-09-01',
    steps: [
      ['INVESTMENT', '2020-09-01', 1_500_000, 15_000],
      ['DIVIDEND', '2023-05-15', 90_000],
      ['DIVIDEND', '2024-05-15', 110_000],
      ['VALUATION', '2024-12-31', 2_250_000],
    ],
  },
  {
    name: 'Logistique Ouest',
    sector: 'SERVICES',
    acquisitionDate: '2019-11-20',
    steps: [
      ['INVESTMENT', '2019-11-20', 1_000_000, 10_000],
      ['VALUATION', '2022-12-31', 1_400_000],
      ['FULL_EXIT', '2024-03-31', 2_100_000],
    ],
  },
];

const label: Record<string, string> = {
  INVESTMENT: 'Investissement initial',
  FOLLOW_ON: 'Réinvestissement',
  VALUATION: 'Valorisation',
  PARTIAL_EXIT: 'Cession partielle',
  FULL_EXIT: 'Cession totale',
  DIVIDEND: 'Dividende',
};
const cashLeg: Record<string, string | undefined> = {
  INVESTMENT: 'PURCHASE',
  FOLLOW_ON: 'PURCHASE',
  PARTIAL_EXIT: 'SALE',
  FULL_EXIT: 'SALE',
  DIVIDEND: 'DISTRIBUTION',
};

export async function writeDemoPrivateEquity({ db, tenant }: DemoContext): Promise<void> {
  const caller = { tenant, username: 'admin@demo' };
  await inTenant(db, { tenant, user: caller.username }, async (tx) => {
    const held = await storage.findWhere(tx, privateEquityAsset, tenant, sql<boolean>`data->>'fund' = ${DEMO_FUND}`, 1);
    if (held.length) return;
    for (const h of holdings) {
      const exited = h.steps.some(([type]) => type === 'FULL_EXIT');
      const asset = await createIn(tx, caller, privateEquityAsset, {
        name: h.name,
        type: 'EQUITY',
        status: exited ? 'EXITED' : 'ACTIVE',
        fund: DEMO_FUND,
        currency: 'EUR',
        sector: h.sector,
        acquisitionDate: h.acquisitionDate,
      });
      for (const [type, date, amount, shares] of h.steps) {
        const operation = await createIn(tx, caller, privateEquityOperation, {
          name: `${label[type]} ${h.name}`,
          type,
          status: 'EXECUTED',
          assetRegistration: asset.registration,
          operationDate: date,
          amount,
          ...(shares !== undefined ? { shares } : {}),
        });
        const leg = cashLeg[type];
        if (!leg) continue;
        await createIn(tx, caller, privateEquityTransaction, {
          name: `${label[type]} ${h.name}`,
          type: leg,
          status: 'SETTLED',
          assetRegistration: asset.registration,
          operationRegistration: operation.registration,
          transactionDate: date,
          amount,
          currency: 'EUR',
        });
      }
    }
  });
}
