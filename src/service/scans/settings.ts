// What a scan run needs to know, derived from the service Config (one place: ../config.ts).
import type { FetchCaps } from '../../engine/source/github.js';
import type { ScanCaps } from '../../engine/walk/settings.js';
import type { Config } from '../config.js';

export interface ScanSettings {
  githubApiUrl: string;
  githubToken: string | null;
  fetchCaps: FetchCaps;
  engineCaps: Partial<ScanCaps>;
  /** A scan attempt running longer fails with `scan_timeout`. */
  scanTimeoutMs: number;
  /** How long a worker's claim on a scan lasts without a heartbeat (renewed every third of it). */
  leaseMs: number;
  /** Starts of one scan before it is failed for good (crashes, transient GitHub errors). */
  maxAttempts: number;
  /** Base of the exponential backoff between attempts after a transient failure. */
  retryDelayMs: number;
  /** Worker threads per scan for the engine (default: one per core). */
  engineThreads?: number;
  /** Parent of per-scan temporary folders. */
  tmpRoot?: string;
}

export const DEFAULT_MAX_ATTEMPTS = 3;

export function scanSettingsFrom(config: Config, overrides: Partial<ScanSettings> = {}): ScanSettings {
  return {
    githubApiUrl: config.githubApiUrl,
    githubToken: config.githubToken,
    fetchCaps: {
      maxCompressedBytes: config.maxArchiveBytes,
      maxBytes: config.maxRepoBytes,
      maxFiles: config.maxFiles,
      maxFileBytes: config.maxFileBytes,
    },
    engineCaps: { maxFiles: config.maxFiles, maxFileBytes: config.maxFileBytes, maxTotalBytes: config.maxRepoBytes },
    scanTimeoutMs: config.scanTimeoutSeconds * 1000,
    leaseMs: config.scanLeaseSeconds * 1000,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    retryDelayMs: 5_000,
    ...overrides,
  };
}
