// Scan rows and engine results as the API shows them (DESIGN.md §4): snake_case, every array in the
// engine's defined order, nothing internal (leases, attempts, billing facts) exposed.
import type { Asset, Finding, Occurrence, ScanResult } from '../../engine/inventory/model.js';
import type { ScanListItemT } from '../api/schemas/scans.js';
import type { ScanProgress, ScanRow } from '../store/scans.js';

export function toListItem(row: ScanRow): ScanListItemT {
  return {
    id: row.id,
    status: row.status,
    repo_url: row.repo_url,
    project_name: row.project_name,
    project_version: row.project_version,
    methodology_version: row.methodology_version,
    created_at: row.created_at,
    completed_at: row.completed_at,
    score: row.status === 'completed' && row.score !== null ? Number(row.score) : null,
  };
}

const snake = (k: string): string => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [snake(k), snakeKeys(v)]));
  }
  return value;
}

function occurrence(o: Occurrence) {
  return { path: o.path, line: o.line, column: o.column, symbol: o.symbol, detector: o.detector };
}

/** An asset as a component: its kind-specific fields in snake_case, occurrences without snippets. */
export function toComponent(asset: Asset): Record<string, unknown> {
  const { occurrences, ...rest } = asset;
  return { ...(snakeKeys(rest) as Record<string, unknown>), occurrences: occurrences.map(occurrence) };
}

export function toFinding(f: Finding) {
  return {
    id: f.id,
    rule_id: f.ruleId,
    severity: f.severity,
    title: f.title,
    detail: f.detail,
    remediation: f.remediation,
    asset_ref: f.assetRef,
    locations: f.locations.map((l) => ({ path: l.path, line: l.line, column: l.column, ...(l.endLine !== undefined ? { end_line: l.endLine } : {}) })),
  };
}

/**
 * The parts of a scan's detail that depend only on its engine result. A result never changes for its
 * key (commit, methodology), so the API converts it once and reuses the view for every scan and
 * every poll that shows it, instead of re-mapping every finding and component per request.
 */
export function toResultView(result: ScanResult) {
  const stats = result.inventory.stats;
  return {
    score: result.score,
    findings_summary: result.findingsSummary,
    findings: result.findings.map(toFinding),
    components: result.inventory.assets.map(toComponent),
    stats: {
      files_seen: stats.filesSeen,
      files_scanned: stats.filesScanned,
      bytes_scanned: stats.bytesScanned,
      truncated: stats.truncated,
      skipped: { ...stats.skipped },
      files_by_detector: { ...stats.filesByDetector },
    },
  };
}

export type ResultView = ReturnType<typeof toResultView>;

/** A result view with its two large arrays serialized once, for responses spliced from text. */
export interface SerializedResultView {
  view: ResultView;
  findingsJson: string;
  componentsJson: string;
}

export function serializeResultView(view: ResultView): SerializedResultView {
  return { view, findingsJson: JSON.stringify(view.findings), componentsJson: JSON.stringify(view.components) };
}

/**
 * The detail as JSON text, same fields in the same order as toDetail: the findings and components
 * of a completed scan (serialized once per result) are spliced in as text instead of being
 * serialized on every poll. (`include_bom` streams the stored BOM in after it: routes/scans.ts.)
 */
export function detailJson(
  row: ScanRow,
  result: SerializedResultView | null,
  digests: { cyclonedx?: string; spdx?: string },
): string {
  // The two arrays are left out of `head`: they come as text.
  const { findings: _findings, components: _components, metadata, ...head } = toDetail(row, result?.view ?? null, digests);
  const spliced = row.status === 'completed' && result !== null ? result : null;
  return (
    JSON.stringify(head).slice(0, -1) +
    `,"findings":${spliced ? spliced.findingsJson : '[]'}` +
    `,"components":${spliced ? spliced.componentsJson : '[]'}` +
    `,"metadata":${JSON.stringify(metadata)}` +
    '}'
  );
}

export function toDetail(
  row: ScanRow,
  result: ResultView | null,
  digests: { cyclonedx?: string; spdx?: string },
  bom?: unknown,
) {
  const completed = row.status === 'completed' && result !== null;
  return {
    id: row.id,
    status: row.status,
    tenant_id: row.tenant_id ?? '',
    tenant_kind: row.tenant_kind,
    methodology_version: row.methodology_version,
    repo_url: row.repo_url,
    project_name: row.project_name,
    project_version: row.project_version,
    created_at: row.created_at,
    updated_at: row.updated_at,
    completed_at: row.completed_at,
    progress: JSON.parse(row.progress) as ScanProgress,
    error: row.status === 'failed' ? { code: row.error_code ?? 'internal', message: row.error_message ?? 'The scan failed' } : null,
    score: completed ? result.score : null,
    findings_summary: completed ? result.findings_summary : null,
    findings: completed ? result.findings : [],
    components: completed ? result.components : [],
    metadata: {
      repository:
        row.commit_sha && row.committed_at && row.resolved_ref
          ? { owner: row.repo_owner, name: row.repo_name, ref: row.resolved_ref, commit: row.commit_sha, committed_at: row.committed_at }
          : null,
      bom_sha256: digests.cyclonedx && digests.spdx ? { cyclonedx: digests.cyclonedx, spdx: digests.spdx } : null,
      stats: completed ? { ...result.stats, reused: row.reused === 1 } : null,
    },
    ...(bom !== undefined ? { bom } : {}),
  };
}

/** Opaque page cursor: base64url of `[created_at, id]` of the last item shown. */
export function encodeCursor(c: { createdAt: string; id: string }): string {
  return Buffer.from(JSON.stringify([c.createdAt, c.id])).toString('base64url');
}

export function decodeCursor(text: string): { createdAt: string; id: string } | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' && !Number.isNaN(Date.parse(v[0]))) {
      return { createdAt: v[0], id: v[1] };
    }
  } catch {
    /* fall through */
  }
  return null;
}
