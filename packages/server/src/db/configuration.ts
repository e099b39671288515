import { sql } from 'kysely';
import type { Tx } from './database.ts';

/**
 * Tenant configuration documents (spec 000 §3 "globally scoped configuration collections"),
 * one per name and tenant, in the `tenant_configuration` table. Only admins (or holders of the
 * strict `read|write /api/core/tenant-configuration`) read or change them, because
 * `profilesPermissions` decides every other permission.
 */
export type TenantKind = 'MASTER' | 'SUPPORT' | 'TEST' | 'PRODUCTION' | 'DEMO';

export interface TenantConfig {
  /** Tenant kind; the tenant named `master` is always MASTER. */
  type?: TenantKind;
  landingPage?: string;
  options?: Record<string, unknown>;
  menus?: unknown[];
  responsiveBottomNavigation?: unknown[];
  scriptOverrides?: Record<string, unknown>;
  collectMissingTranslations?: boolean;
}

export async function readConfiguration<T>(tx: Tx, tenant: string, name: string): Promise<T | undefined> {
  const { rows } = await sql<{
    value: T;
  }>`SELECT value FROM tenant_configuration WHERE tenant = ${tenant} AND name = ${name}`.execute(tx);
  return rows[0]?.value;
}

export async function writeConfiguration(
  tx: Tx,
  tenant: string,
  name: string,
  value: unknown,
  user: string,
): Promise<void> {
  await sql`INSERT INTO tenant_configuration (tenant, name, value, updated_by) VALUES (${tenant}, ${name}, ${JSON.stringify(value)}::jsonb, ${user})
    ON CONFLICT (tenant, name) DO UPDATE SET value = excluded.value, updated_at = now(), updated_by = excluded.updated_by`.execute(
    tx,
  );
}

export async function tenantConfigOf(tx: Tx, tenant: string): Promise<TenantConfig> {
  const config = (await readConfiguration<TenantConfig>(tx, tenant, 'tenant-config')) ?? {};
  return tenant === 'master' ? { ...config, type: 'MASTER' } : config;
}
