// Table interfaces of migration 003_branding_and_demo (merged into `Database` in ./schema.ts).

/** A tenant's white-label settings: one row per tenant that has saved any. */
export interface BrandingTable {
  tenant_id: string;
  company_name: string | null;
  /** Lower-case DNS label; unique across tenants (unique index). */
  subdomain: string | null;
  logo_url: string | null;
  website_url: string | null;
  support_email: string | null;
  /** `#RRGGBB`, upper-case. */
  accent_color: string | null;
  headline: string | null;
  updated_at: string;
}

/**
 * One row per public demo scan started (the database profile's per-IP counter and repository
 * cache; with REDIS_URL both live in Redis instead). Client addresses are stored only as a keyed
 * hash, and rows older than the counting window are deleted as new ones arrive.
 */
export interface DemoRequestsTable {
  id: string;
  /** HMAC-SHA-256 hex of the client IP. */
  client_hash: string;
  /** Normalised repository (`owner/repo@ref`, owner and repo lower-cased); null until the scan exists. */
  repo_key: string | null;
  scan_id: string | null;
  created_at: string;
}

export interface BrandingTables {
  branding: BrandingTable;
  demo_requests: DemoRequestsTable;
}
