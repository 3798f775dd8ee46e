// Issuing credentials: tenants with their first sandbox key, and further keys. Shared by the API
// (POST /keys), the admin CLI and the first-start seeding, so every key is made the same way.
import type { Store } from '../store/index.js';
import type { ApiKey } from '../store/keys.js';
import type { Tenant, NewTenant } from '../store/tenants.js';
import type { KeyEnv } from '../store/schema.js';
import { generateKey, hashSecret } from './api-key.js';
import { SCOPES, type Scope } from './scopes.js';

export interface IssuedKey {
  key: ApiKey;
  /** The full plaintext key: shown once, never stored. */
  plaintext: string;
}

export interface IssueKeyInput {
  tenantId: string;
  env: KeyEnv;
  name: string;
  scopes: readonly Scope[];
  /** key_lookup of the minting key; null for an administrator. */
  createdBy: string | null;
  /** Maximum active keys of this env the tenant may hold; null: no cap (administrators). */
  cap: number | null;
}

export async function issueKey(store: Store, pepper: string | null, input: IssueKeyInput): Promise<IssuedKey> {
  const generated = generateKey(input.env);
  const row = {
    keyLookup: generated.lookup,
    tenantId: input.tenantId,
    name: input.name,
    env: input.env,
    scopes: input.scopes,
    secretHash: hashSecret(generated.secret, pepper),
    createdBy: input.createdBy,
  };
  const key = input.cap === null ? await store.keys.insert(row) : await store.keys.insertUnderCap(row, input.cap);
  return { key, plaintext: generated.plaintext };
}

export const SANDBOX_KEY_NAME = 'sandbox';

/** A new partner tenant with one sandbox (test) key holding every scope. */
export async function createTenantWithSandboxKey(
  store: Store,
  pepper: string | null,
  input: NewTenant,
): Promise<{ tenant: Tenant; sandbox: IssuedKey }> {
  const tenant = await store.tenants.create(input);
  const sandbox = await issueKey(store, pepper, {
    tenantId: tenant.id,
    env: 'test',
    name: SANDBOX_KEY_NAME,
    scopes: SCOPES,
    createdBy: null,
    cap: null,
  });
  return { tenant, sandbox };
}
