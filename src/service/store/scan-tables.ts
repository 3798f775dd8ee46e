// Table interfaces of migration 002_scans (merged into `Database` in ./schema.ts).
import type { KeyEnv } from './schema.js';

export const SCAN_STATUSES = ['queued', 'downloading', 'scanning', 'completed', 'failed'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];
/** Statuses a worker is working on. */
export const ACTIVE_STATUSES = ['downloading', 'scanning'] as const satisfies readonly ScanStatus[];
export const TERMINAL_STATUSES = ['completed', 'failed'] as const satisfies readonly ScanStatus[];

/** `partner` scans belong to a tenant; `demo` scans (public landing pages) belong to nobody. */
export type ScanTenantKind = 'partner' | 'demo';

export interface ScansTable {
  /** `cbom_` + 16 characters of [A-Za-z0-9]. */
  id: string;
  tenant_id: string | null;
  tenant_kind: ScanTenantKind;
  /** Env of the key that created the scan; null for demo scans. */
  env: KeyEnv | null;
  key_lookup: string | null;
  /** Normalised repository URL (see engine/source/repo-url.ts). */
  repo_url: string;
  repo_owner: string;
  repo_name: string;
  /** Ref from `/tree/{ref}`; null: default branch. */
  repo_ref: string | null;
  project_name: string | null;
  project_version: string;
  methodology_version: string;
  status: ScanStatus;
  /** JSON `{phase, percent, files_done, files_total}`. */
  progress: string;
  error_code: string | null;
  error_message: string | null;
  score: number | null;
  commit_sha: string | null;
  committed_at: string | null;
  /** The branch/tag actually scanned (the default branch when repo_ref is null). */
  resolved_ref: string | null;
  result_key: string | null;
  /** 1 when the engine result came from an earlier scan of the same commit and methodology. */
  reused: number;
  /** 1 when made with a live key: billed at `price_cents` unless it failed. */
  billable: number;
  price_cents: number;
  /** How many times a worker has started this scan. */
  attempts: number;
  lease_owner: string | null;
  /** A queued scan given back after a transient failure is not claimed before this (004_scan_retry). */
  not_before: string | null;
  lease_expires_at: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
}

export interface ScanResultsTable {
  /** SHA-256 hex of `owner/name@commit#methodology` (lower-cased repository). */
  result_key: string;
  methodology_version: string;
  commit_sha: string;
  result_json: string;
  created_at: string;
}

export interface ScanBomsTable {
  scan_id: string;
  format: 'cyclonedx' | 'spdx';
  content_type: string;
  sha256: string;
}

/** The document of a `scan_boms` row, in order of `seq` (005_bom_chunks). */
export interface ScanBomChunksTable {
  scan_id: string;
  format: 'cyclonedx' | 'spdx';
  seq: number;
  data: string;
}

export interface ScanTables {
  scans: ScansTable;
  scan_results: ScanResultsTable;
  scan_boms: ScanBomsTable;
  scan_bom_chunks: ScanBomChunksTable;
}
