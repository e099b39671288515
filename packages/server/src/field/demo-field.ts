import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant } from '../db/database.ts';
import type { ObjectStore } from '../db/object-store.ts';
import * as storage from '../entities/storage.ts';
import type { DemoContext } from '../modules/server-module.ts';
import { recordDocument, storeContent } from '../documents/documents.module.ts';
import { costedAssets, refreshAsset } from './asset-costs.ts';
import { openFollowUp } from './inspection-actions.ts';

const kind = (name: string) => entityByName(name)!;
const depot = 'Lyon remarketing depot';

/** A small photo of the inspected asset: a plain PNG of a colour (the demo has no camera). */
export const demoPhoto = async (red: number, green: number, blue: number) =>
  (await import('sharp'))
    .default({ create: { width: 96, height: 64, channels: 3, background: { r: red, g: green, b: blue } } })
    .png()
    .toBuffer();

async function attachPhoto(context: DemoContext, store: ObjectStore, registration: string, name: string, png: Buffer) {
  const { db, tenant } = context;
  const content = await storeContent(store, tenant, name, png, 'image/png');
  await inTenant(db, { tenant, user: 'system' }, (tx) =>
    recordDocument(tx, { tenant, username: 'system' }, { entity: kind('Inspection'), registration }, content, {
      type: 'IMAGE',
    }),
  );
}

/**
 * The demo's field work, once, through the product's own writes: a depot with its coordinates,
 * three assets inspected there (one failed, with photos, that opened its maintenance), their
 * expenses (the assets' cost) and a remarketing lot of them.
 */
export async function playDemoFieldWork(context: DemoContext): Promise<void> {
  const { db, tenant, operations, store, loadedKinds } = context;
  if (!loadedKinds.includes('Asset')) return;
  const caller = { tenant, username: 'admin@demo', timeZone: 'Europe/Paris' };
  const scope = { tenant, user: 'system' };
  const { assets, done } = await inTenant(db, scope, async (tx) => ({
    assets: await storage.findWhere(tx, kind('Asset'), tenant, sql<boolean>`status <> 'CANCELLED'`, 3),
    // The book loads inspections of its own: this step's depot says whether it ran.
    done: (await storage.findWhere(tx, kind('Location'), tenant, sql<boolean>`name = ${depot}`, 1)).length > 0,
  }));
  if (done || assets.length === 0) return;

  await operations.create(caller, kind('Location'), {
    name: depot,
    type: 'WAREHOUSE',
    street: '12 rue de la Villette',
    postalCode: '69003',
    city: 'Lyon',
    country: 'FR',
    latitude: 45.7605,
    longitude: 4.8597,
  });

  const answered = (answers: unknown, failing: string | undefined) =>
    ((answers ?? []) as { question: string; answerType: string; mandatory: boolean }[]).map((a) => ({
      ...a,
      answer:
        a.answerType === 'NUMBER'
          ? '48210'
          : a.answerType === 'TEXT'
            ? 'Seen at the depot'
            : a.question === failing
              ? 'NOK'
              : 'OK',
      ...(a.question === failing ? { comment: 'Deep scratch on the rear door' } : {}),
    }));

  for (const [i, asset] of assets.entries()) {
    const failed = i === 0;
    const draft = await operations.create(caller, kind('Inspection'), {
      name: `${failed ? 'Return' : 'Periodic'} inspection of ${asset.name ?? asset.registration}`,
      type: failed ? 'RETURN' : 'PERIODIC',
      assetRegistration: asset.registration,
      date: new Date(Date.UTC(2026, 9, 5 + i, 8, 30)).toISOString(),
      latitude: 45.7605,
      longitude: 4.8597,
      accuracy: 12,
      signedBy: 'Depot manager',
    });
    const inspection = await operations.update(
      caller,
      kind('Inspection'),
      String(draft.registration),
      {
        answers: answered(
          draft.answers,
          failed ? String((draft.answers as { question: string }[])[0]?.question) : undefined,
        ),
        result: failed ? 'FAILED' : 'PASSED',
      },
      'merge',
    );
    if (store) {
      await attachPhoto(context, store, String(inspection.registration), 'front.png', await demoPhoto(40, 90, 160));
      if (failed)
        await attachPhoto(context, store, String(inspection.registration), 'damage.png', await demoPhoto(170, 40, 40));
    }
    if (failed)
      await inTenant(db, scope, (tx) => openFollowUp(tx, caller, String(inspection.registration), 'maintenance'));

    for (const [type, amount] of [
      ['REPAIR', 412.37],
      ['INSURANCE', 189.9],
    ] as const) {
      await operations.create(caller, kind('AssetExpense'), {
        name: `${type === 'REPAIR' ? 'Repair' : 'Insurance'} of ${asset.registration}`,
        type,
        assetRegistration: asset.registration,
        date: `2026-10-0${i + 1}`,
        amount: amount + i,
        currency: 'EUR',
      });
    }
  }

  await operations.create(caller, kind('Maintenance'), {
    name: 'Yearly service',
    type: 'PREVENTIVE',
    assetRegistration: assets[assets.length - 1].registration,
    submitDate: '2026-11-02',
    returnDate: '2026-11-09',
    amountExclTax: 350,
    amountInclTax: 420,
    currency: 'EUR',
  });

  // The book's own expenses were loaded without the write path: their assets' cost is summed once here.
  await inTenant(db, scope, async (tx) => {
    for (const registration of await costedAssets(tx, tenant)) await refreshAsset(tx, caller, registration);
  });

  await operations.create(caller, kind('AssetLot'), {
    name: 'Returned assets for remarketing',
    type: 'REMARKETING',
    assets: assets.map((a) => ({ assetRegistration: a.registration })),
  });
}
