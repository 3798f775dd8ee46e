// API keys repository: rows hold the lookup, a digest of the secret and the scopes, never the secret.
import type { CompiledQuery, Kysely } from 'kysely';
import type { Scope } from '../auth/scopes.js';
import { deserializeScopes, serializeScopes } from '../auth/scopes.js';
import type { ApiKeyRow, Database, KeyEnv, KeyStatus } from './schema.js';
import type { DatabaseHandle, DialectName } from './db.js';
import { nowIso } from './ids.js';

export interface ApiKey {
  keyLookup: string;
  tenantId: string;
  name: string;
  env: KeyEnv;
  scopes: Scope[];
  secretHash: string;
  status: KeyStatus;
  createdBy: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** An API key joined with what authentication needs of its tenant. */
export interface ApiKeyWithTenant extends ApiKey {
  tenantKind: Database['tenants']['tenant_kind'];
}

export interface NewApiKey {
  keyLookup: string;
  tenantId: string;
  name: string;
  env: KeyEnv;
  scopes: readonly Scope[];
  secretHash: string;
  createdBy: string | null;
}

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    keyLookup: row.key_lookup,
    tenantId: row.tenant_id,
    name: row.name,
    env: row.env,
    scopes: deserializeScopes(row.scopes),
    secretHash: row.secret_hash,
    status: row.status,
    createdBy: row.created_by,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export class KeyCapReachedError extends Error {
  constructor(readonly cap: number) {
    super(`the tenant already has ${cap} active keys of this environment`);
    this.name = 'KeyCapReachedError';
  }
}

/**
 * Runs a query compiled once with new values for its parameters. The per-request paths (the key
 * check on every authenticated request, the key listing) skip Kysely's builder and compiler, whose
 * allocations cost more than the indexed lookup itself, and its query queue (selectRows).
 */
function reusable<R>(handle: Pick<DatabaseHandle, 'selectRows'>, compiled: CompiledQuery<R>, arity: number) {
  if (compiled.parameters.length !== arity) throw new Error(`expected ${arity} parameters in: ${compiled.sql}`);
  return (...parameters: unknown[]) => handle.selectRows<R>({ ...compiled, parameters });
}

/** Most keys whose rows findForAuth keeps between requests (the whole cache is dropped beyond). */
const AUTH_CACHE_MAX_KEYS = 10_000;

/**
 * `changeStamp` (SQLite: see DatabaseHandle) lets findForAuth keep rows between requests: a row is
 * reused only while the stamp is the one read before it was fetched, i.e. while nothing at all was
 * written to the database by any connection. Without it (PostgreSQL) every call queries.
 */
export function createKeyRepository(db: Kysely<Database>, dialect: DialectName, handle: Pick<DatabaseHandle, 'changeStamp' | 'selectRows'>) {
  const { changeStamp } = handle;
  const findForAuthQuery = reusable(
    handle,
    db
      .selectFrom('api_keys')
      .innerJoin('tenants', 'tenants.id', 'api_keys.tenant_id')
      .selectAll('api_keys')
      .select('tenants.tenant_kind')
      .where('api_keys.key_lookup', '=', '')
      .compile(),
    1,
  );
  const listForTenantQuery = reusable(
    handle,
    db.selectFrom('api_keys').selectAll().where('tenant_id', '=', '').orderBy('created_at', 'desc').orderBy('key_lookup').compile(),
    1,
  );

  async function readForAuth(keyLookup: string): Promise<ApiKeyWithTenant | null> {
    const row = (await findForAuthQuery(keyLookup))[0];
    if (!row) return null;
    const key: ApiKeyWithTenant = { ...toApiKey(row), tenantKind: row.tenant_kind };
    // Shared between requests when cached: frozen so no caller can change what the next one sees.
    Object.freeze(key.scopes);
    return Object.freeze(key);
  }
  const authCache = new Map<string, ApiKeyWithTenant>();
  let authCacheStamp = '';

  function rowOf(k: NewApiKey, now: Date): ApiKeyRow {
    return {
      key_lookup: k.keyLookup,
      tenant_id: k.tenantId,
      name: k.name,
      env: k.env,
      scopes: serializeScopes(k.scopes),
      secret_hash: k.secretHash,
      status: 'active',
      created_by: k.createdBy,
      created_at: nowIso(now),
      last_used_at: null,
      revoked_at: null,
    };
  }

  return {
    async insert(key: NewApiKey, now: Date = new Date()): Promise<ApiKey> {
      const row = rowOf(key, now);
      await db.insertInto('api_keys').values(row).execute();
      return toApiKey(row);
    },

    /**
     * Inserts the key unless the tenant already holds `cap` active keys of its env; throws
     * KeyCapReachedError then. The count and the insert share one transaction; on PostgreSQL the
     * tenant row is locked first so two concurrent requests cannot both pass the count.
     * (SQLite serializes writers on its own.)
     */
    async insertUnderCap(key: NewApiKey, cap: number, now: Date = new Date()): Promise<ApiKey> {
      return db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') {
          await trx.selectFrom('tenants').select('id').where('id', '=', key.tenantId).forUpdate().execute();
        }
        const r = await trx
          .selectFrom('api_keys')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', key.tenantId)
          .where('env', '=', key.env)
          .where('status', '=', 'active')
          .executeTakeFirstOrThrow();
        if (Number(r.n) >= cap) throw new KeyCapReachedError(cap);
        const row = rowOf(key, now);
        await trx.insertInto('api_keys').values(row).execute();
        return toApiKey(row);
      });
    },

    /**
     * The key and its tenant's kind as the database holds them now: revocation must show on the
     * very next request. On SQLite a row read earlier is returned while no connection (this one or
     * another process's) has written since it was read, which PRAGMA data_version and this
     * connection's write count tell for the price of one pragma instead of a join; any write, even
     * an unrelated one, drops the whole cache. Unknown lookups are never kept (no cache growth from
     * guessed keys).
     */
    async findForAuth(keyLookup: string): Promise<ApiKeyWithTenant | null> {
      if (changeStamp === undefined) return readForAuth(keyLookup);
      const stamp = changeStamp();
      if (stamp !== authCacheStamp) {
        authCache.clear();
        authCacheStamp = stamp;
      }
      const cached = authCache.get(keyLookup);
      if (cached !== undefined) return cached;
      const key = await readForAuth(keyLookup);
      // Kept only if nothing was written while the query waited for the connection; the stamp was
      // read before the query, so a write committed in between makes the next call re-read.
      if (key !== null && authCacheStamp === stamp && changeStamp() === stamp) {
        if (authCache.size >= AUTH_CACHE_MAX_KEYS) authCache.clear();
        authCache.set(keyLookup, key);
      }
      return key;
    },

    async get(keyLookup: string): Promise<ApiKey | null> {
      const row = await db.selectFrom('api_keys').selectAll().where('key_lookup', '=', keyLookup).executeTakeFirst();
      return row ? toApiKey(row) : null;
    },

    /** A tenant's keys, newest first (ties by lookup, so the order is total). */
    async listForTenant(tenantId: string): Promise<ApiKey[]> {
      const rows = await listForTenantQuery(tenantId);
      return rows.map(toApiKey);
    },

    async countActive(tenantId: string, env: KeyEnv): Promise<number> {
      const r = await db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('env', '=', env)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /**
     * Revokes a key. With `tenantId` it only touches that tenant's key (the API); without, any key
     * (the admin CLI). Returns the key as it is after the call (already-revoked keys keep their
     * first revoked_at), or null when no such key exists (for that tenant).
     */
    async revoke(keyLookup: string, tenantId: string | null, now: Date = new Date()): Promise<ApiKey | null> {
      let update = db
        .updateTable('api_keys')
        .set({ status: 'revoked', revoked_at: nowIso(now) })
        .where('key_lookup', '=', keyLookup)
        .where('status', '=', 'active');
      if (tenantId !== null) update = update.where('tenant_id', '=', tenantId);
      await update.execute();
      const key = await this.get(keyLookup);
      if (!key || (tenantId !== null && key.tenantId !== tenantId)) return null;
      return key;
    },

    /** Records use; callers throttle (see auth). Only moves forward, never back. */
    async touchLastUsed(keyLookup: string, now: Date = new Date()): Promise<void> {
      const at = nowIso(now);
      await db
        .updateTable('api_keys')
        .set({ last_used_at: at })
        .where('key_lookup', '=', keyLookup)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
        .execute();
    },
  };
}

export type KeyRepository = ReturnType<typeof createKeyRepository>;
