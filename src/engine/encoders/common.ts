// Pieces both encoders share: total orders, the repository's identity, findings
// text and the document-level service properties.
import type { Asset, AssetId, Finding, Location, Occurrence, ScanResult, SourceDescriptor } from '../inventory/model.js';
import { SEVERITIES } from '../inventory/model.js';
import { InventoryError } from './cryptoview.js';
import { FINDING_PROPERTY, METHODOLOGY_PROPERTY, type NameValue, cmp, sortProperties } from './properties.js';
import { wholeSecondUtc } from './timestamp.js';

export const TOOL_NAME = 'cbom-partner-api';

const byPosition = (a: Occurrence, b: Occurrence): number =>
  cmp(a.path, b.path) ||
  a.line - b.line ||
  a.column - b.column ||
  (a.endLine ?? a.line) - (b.endLine ?? b.line) ||
  (a.offset ?? -1) - (b.offset ?? -1) ||
  cmp(a.symbol, b.symbol) ||
  cmp(a.snippet, b.snippet) ||
  cmp(a.detector, b.detector);

/**
 * Occurrences in (path, line, column, endLine, offset, symbol, snippet, detector) order: total,
 * input-order independent. A list already in that order is returned as it is, not copied (encoders
 * never modify it): a copy per asset of a large inventory is memory held for the whole encoding.
 */
export function sortOccurrences(list: Occurrence[]): Occurrence[] {
  // Detectors mostly hand them over in order already: one linear check instead of a sort.
  for (let i = 1; i < list.length; i++) if (byPosition(list[i - 1]!, list[i]!) > 0) return [...list].sort(byPosition);
  return list;
}

export function sortLocations(list: readonly Location[]): Location[] {
  return [...list].sort((a, b) => cmp(a.path, b.path) || a.line - b.line || a.column - b.column || (a.endLine ?? a.line) - (b.endLine ?? b.line));
}

const SEVERITY_RANK = new Map(SEVERITIES.map((s, i) => [s, i]));
export function sortFindings(list: readonly Finding[]): Finding[] {
  return [...list].sort((a, b) => SEVERITY_RANK.get(a.severity)! - SEVERITY_RANK.get(b.severity)! || cmp(a.ruleId, b.ruleId) || cmp(a.id, b.id));
}

/** Assets by id; duplicate ids are an inventory bug. */
export function indexAssets(assets: readonly Asset[]): { sorted: Asset[]; byId: Map<AssetId, Asset> } {
  const sorted = [...assets].sort((a, b) => cmp(a.id, b.id));
  const byId = new Map<AssetId, Asset>();
  for (const a of sorted) {
    if (byId.has(a.id)) throw new InventoryError(`duplicate asset id ${a.id}`);
    byId.set(a.id, a);
  }
  return { sorted, byId };
}

export interface RootIdentity {
  name: string;
  version?: string;
  purl: string;
  /** https://github.com/owner/repo for GitHub sources. */
  vcsUrl?: string;
  timestamp: string;
  properties: NameValue[];
}

/** purl type/namespace/name segments: percent-encoded except the characters purl leaves readable. */
function purlSegment(s: string): string {
  return encodeURIComponent(s).replace(/%40/g, '@');
}

/** The scanned repository (or directory) as both encodings name their root. */
export function rootIdentity(source: SourceDescriptor): RootIdentity {
  const timestamp = wholeSecondUtc(source.timestamp);
  const props: NameValue[] = [];
  if (source.repository) {
    const { owner, name, ref, commit } = source.repository;
    if (!/^[0-9a-f]{7,64}$/i.test(commit)) throw new InventoryError(`repository commit is not a hex object id: ${JSON.stringify(commit)}`);
    // purl spec: the github type's namespace and name are case-insensitive and written lower case.
    const purl = `pkg:github/${purlSegment(owner.toLowerCase())}/${purlSegment(name.toLowerCase())}@${commit.toLowerCase()}`;
    props.push({ name: 'svc_source_commit', value: commit.toLowerCase() }, { name: 'svc_source_ref', value: ref });
    if (source.projectName !== undefined) props.push({ name: 'svc_source_repository', value: `${owner}/${name}` });
    return {
      name: source.projectName ?? `${owner}/${name}`,
      version: source.projectVersion ?? commit.toLowerCase(),
      purl,
      vcsUrl: `https://github.com/${owner}/${name}`,
      timestamp,
      properties: sortProperties(props),
    };
  }
  const name = source.projectName ?? source.name;
  if (name === '') throw new InventoryError('source has no name');
  const version = source.projectVersion;
  return {
    name,
    ...(version !== undefined ? { version } : {}),
    purl: `pkg:generic/${purlSegment(name)}${version !== undefined ? `@${purlSegment(version)}` : ''}`,
    timestamp,
    properties: [],
  };
}

/** Document-level service properties (methodology, score, findings summary, scan stats); the digest is added when sealing. */
export function documentProperties(result: ScanResult, root: RootIdentity): NameValue[] {
  const s = result.findingsSummary;
  const st = result.inventory.stats;
  return sortProperties([
    { name: METHODOLOGY_PROPERTY, value: result.methodologyVersion },
    { name: 'svc_score', value: String(result.score) },
    { name: 'svc_findings_total', value: String(s.total) },
    ...SEVERITIES.map((sev) => ({ name: `svc_findings_${sev}`, value: String(s[sev]) })),
    { name: 'svc_files_seen', value: String(st.filesSeen) },
    { name: 'svc_files_scanned', value: String(st.filesScanned) },
    { name: 'svc_bytes_scanned', value: String(st.bytesScanned) },
    { name: 'svc_scan_truncated', value: String(st.truncated) },
    ...root.properties,
  ]);
}

/** The short form a component / package carries for each finding about it. */
export function findingProperty(f: Finding): NameValue {
  return { name: FINDING_PROPERTY, value: `${f.severity} ${f.ruleId}: ${f.title}` };
}

/** The full text of a finding, as an annotation states it. */
export function findingText(f: Finding): string {
  const lines = [`${f.severity.toUpperCase()} ${f.ruleId}: ${f.title}`, f.detail, `Remediation: ${f.remediation}`];
  const locs = sortLocations(f.locations);
  if (locs.length > 0) lines.push(`Locations: ${locs.map((l) => `${l.path}:${l.line}`).join(', ')}`);
  lines.push(`Finding id: ${f.id}`);
  return lines.join('\n');
}

/** Findings grouped by the asset they concern; findings about no (known) asset go to the root (key null). */
export function findingsByAsset(findings: readonly Finding[], byId: ReadonlyMap<AssetId, unknown>): Map<AssetId | null, Finding[]> {
  const out = new Map<AssetId | null, Finding[]>();
  for (const f of sortFindings(findings)) {
    if (f.assetRef !== null && !byId.has(f.assetRef)) throw new InventoryError(`finding ${f.id} refers to unknown asset ${f.assetRef}`);
    const list = out.get(f.assetRef) ?? [];
    list.push(f);
    out.set(f.assetRef, list);
  }
  return out;
}
