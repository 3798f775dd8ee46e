// Tenants repository. Ids are `tnt_` + 16 random characters.
import type { Kysely } from 'kysely';
import type { Database, TenantKind, TenantRow } from './schema.js';
import { nowIso, randomAlphanumeric } from './ids.js';

export interface Tenant {
  id: string;
  name: string;
  tenantKind: TenantKind;
  monthlyCap: number | null;
  priceCents: number;
  currency: string;
  createdAt: string;
}

export interface NewTenant {
  name: string;
  monthlyCap?: number | null;
  priceCents?: number;
  currency?: string;
}

export const TENANT_ID_PREFIX = 'tnt_';

export function newTenantId(): string {
  return TENANT_ID_PREFIX + randomAlphanumeric(16);
}

export function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    name: row.name,
    tenantKind: row.tenant_kind,
    monthlyCap: row.monthly_cap === null ? null : Number(row.monthly_cap),
    priceCents: Number(row.price_cents),
    currency: row.currency,
    createdAt: row.created_at,
  };
}

export function createTenantRepository(db: Kysely<Database>) {
  return {
    async create(input: NewTenant, now: Date = new Date()): Promise<Tenant> {
      const row: TenantRow = {
        id: newTenantId(),
        name: input.name,
        tenant_kind: 'partner',
        monthly_cap: input.monthlyCap ?? null,
        price_cents: input.priceCents ?? 0,
        currency: input.currency ?? 'USD',
        created_at: nowIso(now),
      };
      await db.insertInto('tenants').values(row).execute();
      return toTenant(row);
    },

    async get(id: string): Promise<Tenant | null> {
      const row = await db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toTenant(row) : null;
    },

    /** Oldest first, then by id: a stable order for `cbom admin tenant list`. */
    async list(): Promise<Tenant[]> {
      const rows = await db.selectFrom('tenants').selectAll().orderBy('created_at').orderBy('id').execute();
      return rows.map(toTenant);
    },

    async count(): Promise<number> {
      const r = await db.selectFrom('tenants').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}

export type TenantRepository = ReturnType<typeof createTenantRepository>;
