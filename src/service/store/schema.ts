// The Kysely `Database` interface: one entry per table. Each migration under ./migrations/ that
// creates or changes a table updates its interface here. Timestamps are stored as ISO-8601 UTC text
// (`2026-01-31T12:00:00.000Z`) on both dialects: they sort as text, compare as text, and reach the
// API unchanged. Booleans are integers 0/1 (SQLite has no boolean type).
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ScanTables } from './scan-tables.js';
import type { BrandingTables } from './branding-tables.js';

export const TENANT_KINDS = ['partner'] as const;
export type TenantKind = (typeof TENANT_KINDS)[number];

export const KEY_ENVS = ['live', 'test'] as const;
export type KeyEnv = (typeof KEY_ENVS)[number];

export const KEY_STATUSES = ['active', 'revoked'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

export interface TenantsTable {
  /** `tnt_` + 16 characters of [A-Za-z0-9]. */
  id: string;
  name: string;
  tenant_kind: TenantKind;
  /** Scans per calendar month (UTC); null: no cap. */
  monthly_cap: number | null;
  /** Price of one billable (live) scan, in cents of `currency`. */
  price_cents: number;
  currency: string;
  created_at: string;
}

export interface ApiKeysTable {
  /** The 16-character lookup part of the key; also the public key id. */
  key_lookup: string;
  tenant_id: string;
  name: string;
  env: KeyEnv;
  /** Space-separated scopes, sorted (see api/scopes.ts). */
  scopes: string;
  /** Hex SHA-256 (or HMAC-SHA-256 with CBOM_KEY_PEPPER) of the 32-character secret part. */
  secret_hash: string;
  status: KeyStatus;
  /** key_lookup of the key that minted this one, or null when an administrator created it. */
  created_by: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Tables of 002_scans live in ./scan-tables.ts. */
export interface Database extends ScanTables, BrandingTables {
  tenants: TenantsTable;
  api_keys: ApiKeysTable;
}

export type TenantRow = Selectable<TenantsTable>;
export type NewTenantRow = Insertable<TenantsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKeyRow = Insertable<ApiKeysTable>;
export type ApiKeyUpdate = Updateable<ApiKeysTable>;
// Re-exported so table interfaces added by others can use them without another import line.
export type { Generated };
