import { describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import type { Office } from '../office.test.ts';

/** A 1×1 PNG: the photo taken on site. */
const photo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Answer = { question: string; answerType: string; mandatory: boolean };

/**
 * Field work in the browser (docs/field-work.md): a failed inspection, its checklist filled from
 * the template, gets a photo through its Documents card and opens a maintenance linked back.
 */
export function fieldJourney(office: () => Office) {
  describe('field work', () => {
    it('an inspection with a photo opens a maintenance', async () => {
      const { api, page, at, shot } = office();
      const asset = await api('POST', '/api/asset/assets', { name: 'Journey van', type: 'VEHICLE', currency: 'EUR' });
      expect(asset.statusCode, asset.body).toBe(201);
      const created = await api('POST', '/api/asset/inspections', {
        name: 'Return of the journey van',
        type: 'RETURN',
        assetRegistration: asset.json().registration,
        latitude: 45.7605,
        longitude: 4.8597,
      });
      expect(created.statusCode, created.body).toBe(201);
      const inspection = created.json() as { registration: string; answers: Answer[] };
      expect(inspection.answers.map((a) => a.answerType)).toEqual([
        'OK_NOK_NA',
        'OK_NOK_NA',
        'OK_NOK_NA',
        'NUMBER',
        'TEXT',
      ]);

      // The inspector answers the checklist on the screen: the first item Not OK, the others OK, the mileage, a remark.
      const kind = entityByName('Inspection')!;
      await page.goto(at(`/${kind.clientRoute}/${inspection.registration}`));
      const rows = page.getByTestId('checklist').locator('tr.ant-table-row');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(5);
      await rows.nth(0).getByText('Not OK', { exact: true }).click();
      await rows.nth(0).getByLabel('Comment: Bodywork free of damage').fill('Rear door dented');
      for (const i of [1, 2]) await rows.nth(i).getByText('OK', { exact: true }).click();
      await page.getByLabel('Mileage (km)', { exact: true }).fill('61250');
      await page.getByLabel('Remarks', { exact: true }).fill('Dent');
      await page.getByTestId('checklist-save').click();
      await expect
        .poll(
          async () => {
            const res = await api('GET', `/api/asset/inspections/${inspection.registration}`);
            return (res.json().answers as { answer?: string }[]).map((a) => a.answer ?? '');
          },
          { timeout: 30_000 },
        )
        .toEqual(['NOK', 'OK', 'OK', '61250', 'Dent']);
      // Every mandatory item answered: the result is taken.
      const failed = await api('PATCH', `/api/asset/inspections/${inspection.registration}`, { result: 'FAILED' });
      expect(failed.statusCode, failed.body).toBe(200);
      await page.reload();

      await page.locator('input[type=file]').first().waitFor({ state: 'attached', timeout: 30_000 });
      await page
        .locator('input[type=file]')
        .first()
        .setInputFiles({ name: 'damage.png', mimeType: 'image/png', buffer: photo });
      await expect
        .poll(
          async () => {
            const res = await api('GET', `/api/asset/inspections/${inspection.registration}/documents`);
            return (res.json() as { name: string }[]).map((d) => d.name);
          },
          { timeout: 30_000 },
        )
        .toContain('damage.png');
      await expect.poll(() => page.getByText('damage.png').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('position-link').count(), { timeout: 30_000 }).toBe(1);

      await shot('field-inspection');
      await page.getByTestId('open-maintenance').click();
      await page.waitForURL(/\/maintenance\/MNT\d+/, { timeout: 30_000 });
      const maintenance = decodeURIComponent(page.url().split('/').pop() ?? '');
      const linked = await api('GET', `/api/asset/inspections/${inspection.registration}`);
      expect(linked.json().maintenanceRegistration).toBe(maintenance);
      const opened = await api('GET', `/api/asset/maintenances/${maintenance}`);
      expect(opened.json().inspectionRegistration).toBe(inspection.registration);
      await shot('field-inspection-maintenance');
    });

    it('a location shows its address and its coordinates as an OpenStreetMap link, loading no tiles', async () => {
      const { api, page, at } = office();
      const created = await api('POST', '/api/asset/locations', {
        name: 'Journey depot',
        street: '3 quai Perrache',
        postalCode: '69002',
        city: 'Lyon',
        latitude: 45.7485,
        longitude: 4.8258,
      });
      expect(created.statusCode, created.body).toBe(201);
      const kind = entityByName('Location')!;
      await page.goto(at(`/${kind.clientRoute}/${created.json().registration}`));
      const link = page.getByTestId('position-link');
      await expect.poll(() => link.count(), { timeout: 30_000 }).toBe(1);
      expect(await link.getAttribute('href')).toBe(
        'https://www.openstreetmap.org/?mlat=45.7485&mlon=4.8258#map=17/45.7485/4.8258',
      );
      await expect.poll(() => page.getByText('3 quai Perrache, 69002 Lyon').count(), { timeout: 30_000 }).toBe(1);
    });
  });
}
