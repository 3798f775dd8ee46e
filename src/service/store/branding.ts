// Branding repository: a tenant's white-label settings. Validation of the values is the API's job
// (api/schemas/branding.ts); this layer stores them, applies partial updates (a field left out is
// kept, null clears it) and turns a clash on the unique subdomain index into SubdomainTakenError.
import type { Kysely, Selectable } from 'kysely';
import type { DialectName } from './db.js';
import { nowIso } from './ids.js';
import type { Database } from './schema.js';
import type { BrandingTable } from './branding-tables.js';

export interface Branding {
  companyName: string | null;
  subdomain: string | null;
  logoUrl: string | null;
  websiteUrl: string | null;
  supportEmail: string | null;
  accentColor: string | null;
  headline: string | null;
  /** null when the tenant never saved any branding. */
  updatedAt: string | null;
}

/** Fields to change; absent keys are left as they are, null clears. */
export type BrandingPatch = Partial<Omit<Branding, 'updatedAt'>>;

export class SubdomainTakenError extends Error {
  constructor(readonly subdomain: string) {
    super(`The subdomain '${subdomain}' is already taken`);
    this.name = 'SubdomainTakenError';
  }
}

export const EMPTY_BRANDING: Branding = Object.freeze({
  companyName: null,
  subdomain: null,
  logoUrl: null,
  websiteUrl: null,
  supportEmail: null,
  accentColor: null,
  headline: null,
  updatedAt: null,
});

const COLUMN = {
  companyName: 'company_name',
  subdomain: 'subdomain',
  logoUrl: 'logo_url',
  websiteUrl: 'website_url',
  supportEmail: 'support_email',
  accentColor: 'accent_color',
  headline: 'headline',
} as const satisfies Record<keyof BrandingPatch, keyof BrandingTable>;

function toBranding(row: Selectable<BrandingTable>): Branding {
  return {
    companyName: row.company_name,
    subdomain: row.subdomain,
    logoUrl: row.logo_url,
    websiteUrl: row.website_url,
    supportEmail: row.support_email,
    accentColor: row.accent_color,
    headline: row.headline,
    updatedAt: row.updated_at,
  };
}

/** SQLite (better-sqlite3) and PostgreSQL report a unique-index violation differently. */
function isSubdomainClash(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e?.code === '23505') return e.constraint === 'branding_subdomain_uq';
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof e.message === 'string' && e.message.includes('branding.subdomain');
}

export function createBrandingRepository(db: Kysely<Database>, dialect: DialectName) {
  void dialect;
  return {
    async get(tenantId: string): Promise<Branding> {
      const row = await db.selectFrom('branding').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
      return row ? toBranding(row) : { ...EMPTY_BRANDING };
    },

    /** The branding that owns `subdomain` (already lower-case), with its tenant. */
    async bySubdomain(subdomain: string): Promise<(Branding & { tenantId: string }) | null> {
      const row = await db.selectFrom('branding').selectAll().where('subdomain', '=', subdomain).executeTakeFirst();
      return row ? { ...toBranding(row), tenantId: row.tenant_id } : null;
    },

    /** Applies `patch` (insert on first save) and returns the result. */
    async update(tenantId: string, patch: BrandingPatch, now: Date = new Date()): Promise<Branding> {
      const changes: Partial<Omit<BrandingTable, 'tenant_id' | 'updated_at'>> = {};
      for (const [field, column] of Object.entries(COLUMN) as [keyof BrandingPatch, (typeof COLUMN)[keyof BrandingPatch]][]) {
        if (patch[field] !== undefined) changes[column] = patch[field];
      }
      const at = nowIso(now);
      try {
        await db
          .insertInto('branding')
          .values({ ...EMPTY_ROW, ...changes, tenant_id: tenantId, updated_at: at })
          .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...changes, updated_at: at }))
          .execute();
      } catch (err) {
        if (patch.subdomain && isSubdomainClash(err)) throw new SubdomainTakenError(patch.subdomain);
        throw err;
      }
      const row = await db.selectFrom('branding').selectAll().where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
      return toBranding(row);
    },
  };
}

const EMPTY_ROW = {
  company_name: null,
  subdomain: null,
  logo_url: null,
  website_url: null,
  support_email: null,
  accent_color: null,
  headline: null,
} satisfies Omit<BrandingTable, 'tenant_id' | 'updated_at'>;

export type BrandingRepository = ReturnType<typeof createBrandingRepository>;
