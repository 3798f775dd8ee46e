// SPDX 3.0.1 (JSON-LD) encoding of one scan, as DESIGN.md section 5 fixes it. SPDX 3.0.1 has no class
// for cryptographic assets and its JSON schema refuses a `security_CryptographicAsset` type, so each
// crypto asset is a `software_Package` carrying an `extension_CdxPropertiesExtension` whose entries
// are `cbom:elementType = security_CryptographicAsset` and the asset's CycloneDX cryptoProperties,
// flattened to dotted names (`cbom:cryptoProperties.algorithmProperties.primitive`), with references
// pointing at spdxIds. Code locations are `software_Snippet`s linked by `hasEvidence`; findings are
// `Annotation`s on the element they concern.
import type { Asset, AssetId, Occurrence, ScanResult, SourceDescriptor } from '../../inventory/model.js';
import { InventoryError, assetView } from '../cryptoview.js';
import { documentKey, normalizeResult } from '../normalize.js';
import { TOOL_NAME, documentProperties, findingProperty, findingText, findingsByAsset, indexAssets, rootIdentity, sortOccurrences } from '../common.js';
import { iriSegment, uuidv5 } from '../ids.js';
import { type NameValue, cmp, sortProperties } from '../properties.js';
import { SPDX_CONTEXT } from '../seal.js';

type Json = Record<string, unknown>;
const CREATION_INFO = '_:creationinfo';

function entry(name: string, value: string): Json {
  return { type: 'extension_CdxPropertyEntry', extension_cdxPropName: name, extension_cdxPropValue: value };
}

/** `{a: {b: [x, y]}}` -> `prefix.a.b[0] = x`, `prefix.a.b[1] = y`, in the object's own key order. */
function flatten(prefix: string, v: unknown, out: Json[]): void {
  if (Array.isArray(v)) v.forEach((item, i) => flatten(`${prefix}[${i}]`, item, out));
  else if (v !== null && typeof v === 'object') for (const [k, item] of Object.entries(v)) flatten(`${prefix}.${k}`, item, out);
  else if (v !== undefined) out.push(entry(prefix, String(v)));
}

function cdxExtension(entries: Json[]): Json[] {
  return entries.length > 0 ? [{ type: 'extension_CdxPropertiesExtension', extension_cdxProperty: entries }] : [];
}

export function encodeSpdx(input: ScanResult, source: SourceDescriptor): Json {
  const result = normalizeResult(input);
  const root = rootIdentity(source);
  const { sorted, byId } = indexAssets(result.inventory.assets);
  // Content-derived namespace: a different scan never reuses an id, the same scan always does.
  const base = `urn:cbom:${uuidv5(`spdx:${documentKey(result, source)}`)}`;
  const id = (path: string): string => `${base}/${path}`;
  const ids = {
    agent: id('agent'),
    tool: id('tool'),
    document: id('document'),
    sbom: id('sbom'),
    repository: id('repository'),
  };

  const assetIds = new Map<AssetId, string>();
  for (const a of sorted) assetIds.set(a.id, id(iriSegment(a.kind === 'library' ? a.id : `crypto/${a.id}`)));
  const refOf = (assetId: AssetId): string => {
    const r = assetIds.get(assetId);
    if (r === undefined) throw new InventoryError(`reference to unknown asset ${assetId}`);
    return r;
  };
  const findings = findingsByAsset(result.findings, byId);

  const elements: Json[] = [];
  const files = new Map<string, string>(); // path -> spdxId
  const snippets = new Map<string, Json>(); // spdxId -> snippet
  const snippetOf = (o: Occurrence): string => {
    let fileId = files.get(o.path);
    if (fileId === undefined) {
      fileId = id(`file/${iriSegment(o.path)}`);
      files.set(o.path, fileId);
    }
    const end = o.endLine ?? o.line;
    const sid = id(`snippet/${iriSegment(o.path)}/L${o.line}C${o.column}${end !== o.line ? `-L${end}` : ''}/${iriSegment(o.symbol)}`);
    if (!snippets.has(sid)) {
      snippets.set(sid, {
        type: 'software_Snippet',
        spdxId: sid,
        creationInfo: CREATION_INFO,
        name: o.symbol,
        comment: o.snippet,
        software_snippetFromFile: fileId,
        software_lineRange: { type: 'PositiveIntegerRange', beginIntegerRange: o.line, endIntegerRange: end },
      });
    }
    return sid;
  };

  const relationship = (fromKey: string, from: string, type: string, to: string[], comment?: string): Json => ({
    type: 'Relationship',
    spdxId: id(`relationship/${fromKey}/${comment ?? type}`),
    creationInfo: CREATION_INFO,
    ...(comment ? { comment } : {}),
    from,
    relationshipType: type,
    to,
  });

  for (const a of sorted) elements.push(...assetElements(a));

  function assetElements(a: Asset): Json[] {
    const view = assetView(a, refOf);
    const self = refOf(a.id);
    const key = self.slice(base.length + 1);
    const pkg: Json = { type: 'software_Package', spdxId: self, creationInfo: CREATION_INFO, name: a.name };
    const entries: Json[] = [];
    if (a.kind === 'library') {
      if (a.version !== null) pkg.software_packageVersion = a.version;
      pkg.software_packageUrl = a.purl;
      pkg.software_primaryPurpose = 'library';
    } else {
      pkg.summary = `security_CryptographicAsset (${a.kind})`;
      pkg.software_primaryPurpose = 'other';
      entries.push(entry('cbom:elementType', 'security_CryptographicAsset'));
      flatten('cbom:cryptoProperties', view.cryptoProperties, entries);
    }
    if (view.sha256 !== undefined) pkg.verifiedUsing = [{ type: 'Hash', algorithm: 'sha256', hashValue: view.sha256 }];
    const props: NameValue[] = sortProperties([...view.properties, ...(findings.get(a.id) ?? []).map(findingProperty)]);
    for (const p of props) entries.push(entry(p.name, p.value));
    const ext = cdxExtension(entries);
    if (ext.length > 0) pkg.extension = ext;

    const out: Json[] = [pkg];
    const evidence = [...new Set(sortOccurrences(a.occurrences).map(snippetOf))].sort(cmp);
    if (evidence.length > 0) out.push(relationship(key, self, 'hasEvidence', evidence));
    const uses = view.uses.map(refOf).sort(cmp);
    if (uses.length > 0) {
      // SPDX has no "provides"; a library's provided algorithms are an `other` relationship that says so.
      out.push(a.kind === 'library' ? relationship(key, self, 'other', uses, 'provides') : relationship(key, self, 'dependsOn', uses));
    }
    return out;
  }

  const repo: Json = { type: 'software_Package', spdxId: ids.repository, creationInfo: CREATION_INFO, name: root.name };
  if (root.version !== undefined) repo.software_packageVersion = root.version;
  if (root.vcsUrl) repo.software_downloadLocation = root.vcsUrl;
  repo.software_packageUrl = root.purl;
  repo.software_primaryPurpose = 'source';
  const repoExt = cdxExtension(sortProperties((findings.get(null) ?? []).map(findingProperty)).map((p) => entry(p.name, p.value)));
  if (repoExt.length > 0) repo.extension = repoExt;
  elements.push(repo);

  const cryptoIds = sorted.filter((a) => a.kind !== 'library').map((a) => refOf(a.id)).sort(cmp);
  const libraryIds = sorted.filter((a) => a.kind === 'library').map((a) => refOf(a.id)).sort(cmp);
  if (cryptoIds.length > 0) elements.push(relationship('repository', ids.repository, 'contains', cryptoIds));
  if (libraryIds.length > 0) elements.push(relationship('repository', ids.repository, 'dependsOn', libraryIds));

  for (const [path, fileId] of files) elements.push({ type: 'software_File', spdxId: fileId, creationInfo: CREATION_INFO, name: path });
  elements.push(...snippets.values());

  for (const [assetId, list] of findings) {
    for (const f of list) {
      elements.push({
        type: 'Annotation',
        spdxId: id(`finding/${iriSegment(f.id)}`),
        creationInfo: CREATION_INFO,
        annotationType: 'review',
        subject: assetId === null ? ids.repository : refOf(assetId),
        statement: findingText(f),
      });
    }
  }

  elements.sort((x, y) => cmp(x.spdxId as string, y.spdxId as string));
  for (let i = 1; i < elements.length; i++) {
    if (elements[i]!.spdxId === elements[i - 1]!.spdxId) throw new InventoryError(`two elements map to the spdxId ${String(elements[i]!.spdxId)}`);
  }
  const contentIds = elements.map((e) => e.spdxId as string);

  const docProps = documentProperties(result, root).map((p) => entry(p.name, p.value));
  const header: Json[] = [
    { type: 'CreationInfo', '@id': CREATION_INFO, specVersion: '3.0.1', created: root.timestamp, createdBy: [ids.agent], createdUsing: [ids.tool] },
    { type: 'SoftwareAgent', spdxId: ids.agent, creationInfo: CREATION_INFO, name: TOOL_NAME },
    { type: 'Tool', spdxId: ids.tool, creationInfo: CREATION_INFO, name: `${TOOL_NAME} ${result.methodologyVersion}` },
    {
      type: 'SpdxDocument',
      spdxId: ids.document,
      creationInfo: CREATION_INFO,
      name: `CBOM for ${root.name}${root.version !== undefined ? `@${root.version}` : ''}`,
      extension: cdxExtension(docProps),
      profileConformance: ['core', 'software'],
      rootElement: [ids.sbom],
      element: [ids.agent, ids.tool, ids.sbom, ...contentIds].sort(cmp),
    },
    {
      type: 'software_Sbom',
      spdxId: ids.sbom,
      creationInfo: CREATION_INFO,
      software_sbomType: ['source'],
      rootElement: [ids.repository],
      element: contentIds,
    },
  ];
  return { '@context': SPDX_CONTEXT, '@graph': [...header, ...elements] };
}
