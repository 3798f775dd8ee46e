// The human summary of `cbom scan`: assets by kind and NIST quantum level, findings by severity, the
// top findings and the score. Plain text tables, deterministic for a given ScanResult.
import { ASSET_KINDS, SEVERITIES, type Asset, type AssetKind, type ScanResult } from '../engine/inventory/model.js';

const LEVEL_COLUMNS = ['0', '1', '2', '3', '4', '5', 'n/a'] as const;
const TOP_FINDINGS = 10;

/**
 * Quantum level of an asset for the table: algorithms carry their own; certificates take their
 * signature algorithm's; keys take their algorithm's; protocols and libraries have none (n/a).
 */
export function assetQuantumLevel(asset: Asset, byId: ReadonlyMap<string, Asset>): number | null {
  const levelOf = (ref: string | null): number | null => {
    const a = ref ? byId.get(ref) : undefined;
    return a?.kind === 'algorithm' ? a.nistQuantumLevel : null;
  };
  switch (asset.kind) {
    case 'algorithm':
      return asset.nistQuantumLevel;
    case 'certificate':
      return levelOf(asset.signatureAlgorithmRef);
    case 'related-crypto-material':
      return levelOf(asset.algorithmRef);
    default:
      return null;
  }
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (r: string[]): string => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)].join('\n');
}

function bytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`;
}

export function formatSummary(result: ScanResult, target: string): string {
  const { inventory, findings, findingsSummary, score } = result;
  const byId = new Map(inventory.assets.map((a) => [a.id, a]));
  const counts = new Map<AssetKind, Map<string, number>>(ASSET_KINDS.map((k) => [k, new Map()]));
  for (const a of inventory.assets) {
    const level = assetQuantumLevel(a, byId);
    const col = level === null ? 'n/a' : String(level);
    const row = counts.get(a.kind)!;
    row.set(col, (row.get(col) ?? 0) + 1);
  }
  const assetRows = ASSET_KINDS.map((k) => {
    const row = counts.get(k)!;
    const total = [...row.values()].reduce((s, n) => s + n, 0);
    return [k, String(total), ...LEVEL_COLUMNS.map((c) => String(row.get(c) ?? 0))];
  });
  assetRows.push(['total', String(inventory.assets.length), ...LEVEL_COLUMNS.map((c) => String(assetRows.reduce((s, r) => s + Number(r[2 + LEVEL_COLUMNS.indexOf(c)]), 0)))]);

  const s = inventory.stats;
  const skipped = Object.entries(s.skipped).filter(([, n]) => n > 0).map(([r, n]) => `${r} ${n}`).join(', ');
  const lines = [
    `cbom scan ${target} (${result.methodologyVersion})`,
    `Files: ${s.filesSeen} seen, ${s.filesScanned} scanned (${bytes(s.bytesScanned)})${skipped ? `; skipped: ${skipped}` : ''}${s.truncated ? '\nWARNING: a cap stopped the scan early; the inventory is partial.' : ''}`,
    '',
    'Assets by kind and NIST quantum security level (0 = broken by a quantum computer)',
    table(['kind', 'total', ...LEVEL_COLUMNS.map((c) => (c === 'n/a' ? 'n/a' : `L${c}`))], assetRows),
    '',
    'Findings by severity',
    table(['severity', 'count'], [...SEVERITIES.map((sev) => [sev, String(findingsSummary[sev])]), ['total', String(findingsSummary.total)]]),
  ];
  if (findings.length > 0) {
    lines.push('', `Top findings${findings.length > TOP_FINDINGS ? ` (${TOP_FINDINGS} of ${findings.length})` : ''}`);
    for (const f of findings.slice(0, TOP_FINDINGS)) {
      const loc = f.locations[0];
      // The asset's name first: "RSA-2048: Quantum-vulnerable ..." says what to fix; the rule title alone does not.
      const asset = f.assetRef ? byId.get(f.assetRef)?.name : undefined;
      const where = loc ? `  (${loc.path}:${loc.line}${f.locations.length > 1 ? ` +${f.locations.length - 1} more` : ''})` : '';
      lines.push(`  ${f.severity.toUpperCase().padEnd(8)} ${asset ? `${asset}: ` : ''}${f.title} [${f.ruleId}]${where}`);
    }
  }
  lines.push('', `Score: ${score}/100`);
  return `${lines.join('\n')}\n`;
}
