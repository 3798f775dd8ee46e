// Findings over an inventory, their summary and the score. Pure: the same inventory (and asOf) gives
// the same result; nothing reads the clock.
import { SEVERITIES, type Asset, type CertificateAsset, type Finding, type FindingsSummary, type Inventory, type Location } from '../inventory/model.js';
import { getKnowledgeBase } from '../kb/index.js';
import { compareOccurrences, compareStrings } from '../inventory/order.js';
import { locationKey, type Hit, type RuleContext } from './rule.js';
import { RULES } from './rules/index.js';
import { computeScore, severityRank } from './score.js';

export { RULES } from './rules/index.js';
export { SEVERITY_WEIGHTS, computeScore } from './score.js';
export { PBKDF2_MIN_ITERATIONS } from './rules/algorithms.js';

export interface EvaluateOptions {
  /**
   * The instant certificate validity is judged at: pass the source's timestamp (the commit date) so
   * that a rescan of the same commit gives the same findings. Default: the latest notBefore among the
   * inventory's certificates (a certificate that expired before the newest one in the repository was
   * issued is certainly stale); with no certificates nothing is judged.
   */
  asOf?: string;
}

function defaultAsOf(assets: readonly Asset[]): string | null {
  let latest: string | null = null;
  for (const a of assets) {
    if (a.kind !== 'certificate') continue;
    const nb = (a as CertificateAsset).notBefore;
    if (latest === null || Date.parse(nb) > Date.parse(latest)) latest = nb;
  }
  return latest;
}

/**
 * The details of the hits one finding merges, as sentences: a signal's detail has no final stop
 * (`Insecure protocol version enabled: MinVersion set to TLS 1.0`), and two of them joined by a space
 * ran together.
 */
function joinSentences(details: string[]): string {
  if (details.length < 2) return details[0] ?? '';
  return details.map((d) => (/[.!?]$/.test(d) ? d : `${d}.`)).join(' ');
}

export function evaluateFindings(inventory: Inventory, options: EvaluateOptions = {}): { findings: Finding[]; findingsSummary: FindingsSummary; score: number } {
  if (options.asOf !== undefined && Number.isNaN(Date.parse(options.asOf))) throw new Error(`evaluateFindings: asOf '${options.asOf}' is not an ISO 8601 date`);
  const ctx: RuleContext = {
    inventory,
    assets: new Map(inventory.assets.map((a) => [a.id, a])),
    kb: getKnowledgeBase(),
    asOf: options.asOf ?? defaultAsOf(inventory.assets),
  };

  // Hits of one rule about one asset (or one place) are one finding.
  const merged = new Map<string, { ruleId: string; title: string; hits: Hit[] }>();
  for (const rule of RULES) {
    for (const hit of rule.evaluate(ctx)) {
      const anchor = hit.assetRef ?? (hit.locations[0] ? locationKey(hit.locations[0]) : 'inventory');
      const id = `${rule.id}:${anchor}`;
      const m = merged.get(id) ?? { ruleId: rule.id, title: rule.title, hits: [] };
      m.hits.push(hit);
      merged.set(id, m);
    }
  }

  const findings: Finding[] = [];
  for (const [id, m] of merged) {
    const severity = m.hits.map((h) => h.severity).sort((a, b) => severityRank(a) - severityRank(b))[0]!;
    const locations = new Map<string, Location>();
    for (const l of m.hits.flatMap((h) => h.locations)) locations.set(JSON.stringify([l.path, l.line, l.column, l.endLine ?? null, l.offset ?? null]), l);
    findings.push({
      id,
      ruleId: m.ruleId,
      severity,
      title: m.title,
      detail: joinSentences([...new Set(m.hits.map((h) => h.detail))].sort(compareStrings)),
      remediation: [...new Set(m.hits.map((h) => h.remediation))].sort(compareStrings).join(' '),
      assetRef: m.hits[0]!.assetRef,
      locations: [...locations.values()].sort(compareOccurrences),
    });
  }
  findings.sort((a, b) => severityRank(a.severity) - severityRank(b.severity) || compareStrings(a.ruleId, b.ruleId) || compareStrings(a.id, b.id));

  const findingsSummary = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as FindingsSummary;
  for (const f of findings) findingsSummary[f.severity]++;
  findingsSummary.total = findings.length;
  return { findings, findingsSummary, score: computeScore(findings) };
}
