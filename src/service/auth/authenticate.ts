// Resolves an Authorization header to a principal. Every call sees the key row as the database
// holds it now (store.keys.findForAuth), so a revocation by any process sharing the database fails
// the very next request; the presented secret is digested and compared on every call.
import type { Store } from '../store/index.js';
import type { KeyEnv, TenantKind } from '../store/schema.js';
import { parseKey, secretMatches } from './api-key.js';
import type { Scope } from './scopes.js';

export interface Principal {
  tenantId: string;
  tenantKind: TenantKind;
  keyLookup: string;
  env: KeyEnv;
  scopes: readonly Scope[];
}

export type AuthFailure = 'missing' | 'malformed' | 'invalid' | 'revoked';

export type AuthResult = { ok: true; principal: Principal; lastUsedAt: string | null } | { ok: false; reason: AuthFailure };

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

export async function authenticate(store: Store, header: string | undefined, pepper: string | null): Promise<AuthResult> {
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'missing' };
  const m = BEARER.exec(header);
  const parsed = m ? parseKey(m[1]!) : null;
  if (!parsed) return { ok: false, reason: 'malformed' };
  const key = await store.keys.findForAuth(parsed.lookup);
  // The digest comparison runs whether or not the lookup exists, so timing does not reveal lookups.
  const matches = secretMatches(parsed.secret, key?.secretHash ?? null, pepper);
  if (!key || !matches || key.env !== parsed.env) return { ok: false, reason: 'invalid' };
  if (key.status !== 'active') return { ok: false, reason: 'revoked' };
  return {
    ok: true,
    principal: { tenantId: key.tenantId, tenantKind: key.tenantKind, keyLookup: key.keyLookup, env: key.env, scopes: key.scopes },
    lastUsedAt: key.lastUsedAt,
  };
}
