import { entityByName } from '@lbo/model/entity-registry';
import { inTenant } from '@lbo/server/db/database';
import { fileSystemStore } from '@lbo/server/db/object-store';
import { createTenant } from '@lbo/server/product';
import { bulkInsert } from '@lbo/server/seed/bulk-insert';
import { createTestDatabase } from '@lbo/server/testing/test-app';
import { painXml, type PainTransaction } from '@lbo/server/banking/payment-files/pain-xml';
import { generatePaymentFiles, paymentFileParameters } from '@lbo/server/banking/payment-files/payment-file.operation';
import { xsdErrors } from '@lbo/server/banking/payment-files/xsd-validation';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * SEPA files (issue 17 "Benchmark"): a pain.008 of BENCH_SEPA_TRANSACTIONS (10,000) direct debits
 * written and validated against its XSD in process (target: under 2 s); then the same number of
 * issued invoices on mandates generated into a file end to end (selection, lines, History, XML,
 * validation, document) in one transaction, on PGlite or BENCH_DATABASE_URL.
 */
export async function runSepaBench(): Promise<Record<string, unknown>> {
  const count = Number(process.env.BENCH_SEPA_TRANSACTIONS ?? 10_000);
  const transactions: PainTransaction[] = Array.from({ length: count }, (_, i) => ({
    endToEndId: `PFL${String(i).padStart(7, '0')}`,
    amount: (100 + (i % 997) / 100).toFixed(2),
    currency: 'EUR',
    name: `Société Numéro ${i} & Fils`,
    iban: 'FR7630006000011234567890189',
    bic: 'AGRIFRPP',
    mandateReference: `RUM-${i}`,
    mandateSignatureDate: '2024-01-15',
    remittanceInformation: `Facture 2026-ORG000001-${i} échéance`,
  }));
  const started = performance.now();
  const xml = painXml({
    version: 'pain.008.001.08',
    messageId: 'PF000001',
    createdAt: '2026-03-02T10:00:00',
    initiatingParty: 'Crédit Bail',
    scheme: 'CORE',
    party: {
      name: 'Crédit Bail',
      iban: 'FR1420041010050500013M02606',
      bic: 'BNPAFRPP',
      creditorIdentifier: 'FR12ZZZ123456',
    },
    groups: [{ id: 'PF000001-1', date: '2026-03-04', sequenceType: 'RCUR', transactions }],
  });
  const written = performance.now();
  const errors = await xsdErrors(xml, 'pain.008.001.08');
  const validated = performance.now();
  if (errors.length) throw new Error(`pain.008 not valid: ${errors[0]}`);
  const result: Record<string, unknown> = {
    transactions: count,
    bytes: xml.length,
    writeMs: Math.round(written - started),
    validateMs: Math.round(validated - written),
    totalSeconds: Math.round((validated - started) / 10) / 100,
    targetSeconds: 2,
  };

  // End to end from the database.
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const database = await createTestDatabase({ databaseUrl });
  const objects = fs.mkdtempSync(path.join(os.tmpdir(), 'sepa-bench-'));
  try {
    const tenant = 'sepa';
    await createTenant(database.database.db, tenant, { username: `admin@${tenant}`, password: 'Bench-Sepa-1' });
    const persons = [
      {
        registration: 'ORG000001',
        type: 'C',
        name: 'Crédit Bail',
        bankAccounts: [
          {
            name: 'Main',
            bankIban: 'FR1420041010050500013M02606',
            bankBic: 'BNPAFRPP',
            sepaCreditorIdentifier: 'FR12ZZZ123456',
          },
        ],
      },
      ...Array.from({ length: 1000 }, (_, i) => ({
        registration: `PER${String(i).padStart(6, '0')}`,
        type: 'C',
        name: `Société ${i}`,
        bankAccounts: [
          {
            name: 'Main',
            bankIban: 'FR7630006000011234567890189',
            bankBic: 'AGRIFRPP',
            collectionMethods: ['SEPA_DIRECT_DEBIT'],
            sepaMandates: [
              { rumReference: `RUM-${i}`, rumStatus: 'ACTIVE', rumDateOfSignature: '2024-01-15', rumType: 'CORE' },
            ],
          },
        ],
      })),
    ];
    const invoices = Array.from({ length: count }, (_, i) => ({
      registration: `INV${String(i).padStart(7, '0')}`,
      status: 'ISSUED',
      type: 'INVOICE',
      name: `Rent ${i}`,
      pr: 'R',
      paymentMode: 'SEPA_DIRECT_DEBIT',
      currency: 'EUR',
      invoiceNumber: `2026-ORG000001-${i}`,
      dueDate: '2026-03-31',
      amountInclTax: 120 + (i % 97) / 100,
      totalBalance: 120 + (i % 97) / 100,
      organizationRegistration: 'ORG000001',
      persons: [
        { role: 'PAYER', personRegistration: `PER${String(i % 1000).padStart(6, '0')}` },
        { role: 'PAYEE', personRegistration: 'ORG000001' },
      ],
    }));
    await inTenant(
      database.database.db,
      { tenant, user: 'bench' },
      async (tx) => {
        await bulkInsert(tx, entityByName('Person')!, tenant, 'bench', persons);
        await bulkInsert(tx, entityByName('Invoice')!, tenant, 'bench', invoices);
      },
      600_000,
    );
    const caller = { tenant, username: 'bench' };
    const p = paymentFileParameters(
      { type: 'SEPA_DIRECT_DEBIT', version: 'pain.008.001.08', dueUntil: '2026-03-31', today: '2026-03-02' },
      caller,
    );
    const begin = performance.now();
    const outcome = await inTenant(
      database.database.db,
      { tenant, user: 'bench' },
      (tx) => generatePaymentFiles(tx, caller, fileSystemStore(objects), p),
      600_000,
    );
    const end = performance.now();
    if (outcome.files[0]?.status !== 'GENERATED')
      throw new Error(`generation failed: ${JSON.stringify(outcome.files[0]?.errorMessage ?? outcome.skipped[0])}`);
    result.endToEnd = {
      database: databaseUrl ? 'PostgreSQL' : 'PGlite',
      invoices: count,
      lines: outcome.files[0].count,
      seconds: Math.round((end - begin) / 10) / 100,
    };
  } finally {
    await database.dispose();
    fs.rmSync(objects, { recursive: true, force: true });
  }
  return result;
}
