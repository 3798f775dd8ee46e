// Turns a stored demo scan (row + engine result) into the DemoScan the landing page shows: the
// summary, findings and one display row per asset with the places it was seen, plus what the page
// needs for links (the blob URL at the scanned commit, the BOM download paths).
import type { Asset, Finding, Location, ScanResult } from '../../engine/inventory/model.js';
import { API_PREFIX } from '../api/constants.js';
import type { DemoComponent, DemoFinding, DemoLocation, DemoScan } from '../api/schemas/demo.js';
import type { ScanProgress, ScanRow } from '../store/scans.js';

/** Places listed per asset; the BOM has all of them. */
export const OCCURRENCES_SHOWN = 20;

export const DEMO_SCANS_PATH = `${API_PREFIX}/demo/scans`;

function location(l: Location): DemoLocation {
  return { path: l.path, line: l.line, end_line: l.endLine && l.endLine > l.line ? l.endLine : null };
}

function algorithmDetail(a: Extract<Asset, { kind: 'algorithm' }>): string | null {
  const p = a.params;
  const parts: string[] = [];
  if (p.curve) parts.push(`curve ${p.curve}`);
  if (p.mode && !a.name.includes(p.mode)) parts.push(`mode ${p.mode}`);
  if (p.padding) parts.push(`padding ${p.padding}`);
  if (p.hash && !a.name.includes(p.hash)) parts.push(p.hash);
  if (p.keySize && !a.name.includes(String(p.keySize))) parts.push(`${p.keySize}-bit key`);
  if (p.tagLength) parts.push(`${p.tagLength}-bit tag`);
  if (p.ivLength) parts.push(`${p.ivLength}-bit IV`);
  if (p.outputLength) parts.push(`${p.outputLength}-bit output`);
  if (p.iterations) parts.push(`${p.iterations.toLocaleString('en')} iterations`);
  if (p.saltLength) parts.push(`${p.saltLength}-byte salt`);
  if (p.cost) parts.push(`cost ${p.cost}`);
  if (p.memoryCost) parts.push(`${p.memoryCost.toLocaleString('en')} KiB memory`);
  const unknown: Record<string, string> = { keySize: 'key size', mode: 'mode', padding: 'padding', curve: 'curve', hash: 'hash', iterations: 'iterations' };
  for (const u of a.unknownParams) parts.push(`${unknown[u] ?? u} unknown`);
  return parts.length ? parts.join(' · ') : null;
}

function detailOf(a: Asset): string | null {
  switch (a.kind) {
    case 'algorithm':
      return algorithmDetail(a);
    case 'certificate':
      return `issued by ${a.issuer} · valid until ${a.notAfter.slice(0, 10)}`;
    case 'related-crypto-material':
      return [a.materialType.replace(/-/g, ' '), a.format, a.size ? `${a.size} bits` : null, a.encrypted ? 'encrypted' : null].filter(Boolean).join(' · ');
    case 'protocol':
      return a.cipherSuites.length ? `${a.cipherSuites.length} cipher suite${a.cipherSuites.length === 1 ? '' : 's'}` : null;
    case 'library':
      return a.purl;
  }
}

export function toDemoComponent(a: Asset): DemoComponent {
  const alg = a.kind === 'algorithm' ? a : null;
  return {
    ref: a.id,
    kind: a.kind,
    name: a.name,
    primitive: alg ? alg.primitive : null,
    nist_quantum_level: alg ? alg.nistQuantumLevel : null,
    classical_security_bits: alg ? alg.classicalSecurityBits : null,
    broken: alg ? alg.broken : false,
    deprecated: alg ? alg.deprecated : null,
    detail: detailOf(a),
    occurrence_count: a.occurrences.length,
    occurrences: a.occurrences.slice(0, OCCURRENCES_SHOWN).map(location),
  };
}

export function toDemoFinding(f: Finding): DemoFinding {
  return {
    id: f.id,
    rule_id: f.ruleId,
    severity: f.severity,
    title: f.title,
    detail: f.detail,
    remediation: f.remediation,
    asset_ref: f.assetRef,
    locations: f.locations.slice(0, OCCURRENCES_SHOWN).map(location),
  };
}

/** `result` is the engine result of a completed scan (null before). */
export function toDemoScan(row: ScanRow, result: ScanResult | null): DemoScan {
  const completed = row.status === 'completed' && result !== null;
  const progress = JSON.parse(row.progress) as ScanProgress;
  const commit = row.commit_sha;
  return {
    id: row.id,
    status: row.status,
    repo_url: row.repo_url,
    methodology_version: row.methodology_version,
    created_at: row.created_at,
    updated_at: row.updated_at,
    completed_at: row.completed_at,
    progress: {
      phase: progress.phase,
      percent: Math.max(0, Math.min(100, Math.round(progress.percent))),
      files_done: progress.files_done,
      files_total: progress.files_total,
    },
    error: row.status === 'failed' ? { code: row.error_code ?? 'internal', message: row.error_message ?? 'The scan failed' } : null,
    score: completed ? (row.score ?? result.score) : null,
    findings_summary: completed ? { ...result.findingsSummary } : null,
    findings: completed ? result.findings.map(toDemoFinding) : [],
    components: completed ? result.inventory.assets.map(toDemoComponent) : [],
    repository:
      commit && row.committed_at
        ? {
            owner: row.repo_owner,
            name: row.repo_name,
            ref: row.resolved_ref ?? row.repo_ref ?? '',
            commit,
            committed_at: row.committed_at,
            blob_base_url: `https://github.com/${encodeURIComponent(row.repo_owner)}/${encodeURIComponent(row.repo_name)}/blob/${commit}/`,
          }
        : null,
    downloads: completed
      ? {
          cyclonedx: `${DEMO_SCANS_PATH}/${row.id}/bom.json?format=cyclonedx`,
          spdx: `${DEMO_SCANS_PATH}/${row.id}/bom.json?format=spdx`,
        }
      : null,
  };
}
