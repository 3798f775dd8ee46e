// First start: an empty database gets the `demo` partner tenant and its sandbox key, so a newcomer
// can call the API at once. The plaintext key exists only in this return value.
import { createTenantWithSandboxKey } from './auth/issue.js';
import type { Store } from './store/index.js';

export const DEMO_TENANT_NAME = 'demo';

export interface SeedResult {
  tenantId: string;
  sandboxKey: string;
}

/** Creates the demo tenant when there is no tenant at all; null otherwise. */
export async function seedDemoTenant(store: Store, pepper: string | null): Promise<SeedResult | null> {
  if ((await store.tenants.count()) > 0) return null;
  const { tenant, sandbox } = await createTenantWithSandboxKey(store, pepper, { name: DEMO_TENANT_NAME });
  return { tenantId: tenant.id, sandboxKey: sandbox.plaintext };
}
