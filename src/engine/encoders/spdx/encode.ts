// SPDX 3.0.1 (JSON-LD) encoding of one scan, as DESIGN.md section 5 fixes it. SPDX 3.0.1 has no class
// for cryptographic assets and its JSON schema refuses a `security_CryptographicAsset` type, so each
// crypto asset is a `software_Package` carrying an `extension_CdxPropertiesExtension` whose entries
// are `cbom:elementType = security_CryptographicAsset` and the asset's CycloneDX cryptoProperties,
// flattened to dotted names (`cbom:cryptoProperties.algorithmProperties.primitive`), with references
// pointing at spdxIds. Code locations are `software_Snippet`s linked by `hasEvidence`; findings are
// `Annotation`s on the element they concern.
//
// Ids: `urn:cbom:<uuidv5 of source + methodology>/<readable key>`. Element ids name the asset as found
// in this source (repository@commit or directory) by this methodology; the SpdxDocument id ends in a
// uuid derived from the document's content, like the CycloneDX serial number.
// Every object is built with its members in canonical order (the served bytes are the canonical form).
import type { Asset, AssetId, Occurrence, ScanResult, SourceDescriptor } from '../../inventory/model.js';
import { InventoryError, assetView } from '../cryptoview.js';
import { normalizeResult } from '../normalize.js';
import { TOOL_NAME, documentProperties, findingProperty, findingText, findingsByAsset, indexAssets, rootIdentity } from '../common.js';
import { iriSegment, uuidv5 } from '../ids.js';
import { type NameValue, cmp, sortProperties } from '../properties.js';
import { sortedKeys } from '../canonical-json.js';
import { type CanonicalDocument, PLACEHOLDER_UUID, SPDX_CONTEXT, withDigestPlaceholder } from '../seal.js';

type Json = Record<string, unknown>;
const CREATION_INFO = '_:creationinfo';
const ENTRY = 'extension_CdxPropertyEntry';

function entry(name: string, value: string): Json {
  return { extension_cdxPropName: name, extension_cdxPropValue: value, type: ENTRY };
}

/** `{a: {b: [x, y]}}` -> `prefix.a.b[0] = x`, `prefix.a.b[1] = y`, members in canonical order. */
function flatten(prefix: string, v: unknown, out: Json[]): void {
  if (Array.isArray(v)) v.forEach((item, i) => flatten(`${prefix}[${i}]`, item, out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v).sort()) flatten(`${prefix}.${k}`, (v as Json)[k], out);
  else if (v !== undefined) out.push(entry(prefix, String(v)));
}

function cdxExtension(entries: Json[]): Json[] | undefined {
  return entries.length > 0 ? [{ extension_cdxProperty: entries, type: 'extension_CdxPropertiesExtension' }] : undefined;
}

/** The namespace of every element id of a document about this source made by this methodology. */
export function spdxNamespace(source: SourceDescriptor, methodologyVersion: string): string {
  const root = rootIdentity(source);
  return `urn:cbom:${uuidv5(`spdx:${methodologyVersion}:${root.purl}:${root.name}:${root.version ?? ''}:${root.timestamp}`)}`;
}

/** The document as canonical chunks; the SpdxDocument node, with the digest and id placeholders, is the tail. */
export function spdxDocument(input: ScanResult, source: SourceDescriptor): CanonicalDocument {
  const result = normalizeResult(input);
  const root = rootIdentity(source);
  const { sorted, byId } = indexAssets(result.inventory.assets);
  const base = spdxNamespace(source, result.methodologyVersion);
  const id = (path: string): string => `${base}/${path}`;
  const ids = { agent: id('agent'), tool: id('tool'), sbom: id('sbom'), repository: id('repository') };
  const documentIdPrefix = `${base}/document/`;

  // Crypto assets under crypto/, libraries under library/: the groups of ids never overlap.
  const assetIds = new Map<AssetId, string>();
  for (const a of sorted) {
    const key = a.kind === 'library' ? (a.id.startsWith('library/') ? a.id : `library/${a.id}`) : `crypto/${a.id}`;
    assetIds.set(a.id, id(iriSegment(key)));
  }
  if (new Set(assetIds.values()).size !== assetIds.size) throw new InventoryError('two assets map to the same spdxId');
  const refOf = (assetId: AssetId): string => {
    const r = assetIds.get(assetId);
    if (r === undefined) throw new InventoryError(`reference to unknown asset ${assetId}`);
    return r;
  };
  const findings = findingsByAsset(result.findings, byId);

  // Code locations, collected while the assets are written: path -> location key -> snippet. One
  // snippet per (path, line, column, end line); assets seen at the same place share it.
  interface SnippetInfo { id: string; line: number; column: number; end: number; text: string; symbols: Set<string> }
  const files = new Map<string, { id: string; snippets: Map<string, SnippetInfo> }>();
  const snippetOf = (o: Occurrence): string => {
    let file = files.get(o.path);
    if (file === undefined) {
      file = { id: id(`file/${iriSegment(o.path)}`), snippets: new Map() };
      files.set(o.path, file);
    }
    const end = o.endLine ?? o.line;
    const loc = `L${o.line}C${o.column}${end !== o.line ? `-L${end}` : ''}`;
    let sn = file.snippets.get(loc);
    if (sn === undefined) {
      sn = { id: `${file.id}#${loc}`, line: o.line, column: o.column, end, text: o.snippet, symbols: new Set() };
      file.snippets.set(loc, sn);
    }
    sn.symbols.add(o.symbol);
    return sn.id;
  };

  const relationship = (fromKey: string, from: string, type: string, to: string[], comment?: string): Json => ({
    ...(comment !== undefined ? { comment } : {}),
    creationInfo: CREATION_INFO,
    from,
    relationshipType: type,
    spdxId: id(`relationship/${fromKey}/${comment ?? type}`),
    to,
    type: 'Relationship',
  });

  const assetElements = (a: Asset): Json[] => {
    const view = assetView(a, refOf);
    const self = refOf(a.id);
    const key = self.slice(base.length + 1);
    const entries: Json[] = [];
    if (a.kind !== 'library') {
      entries.push(entry('cbom:elementType', 'security_CryptographicAsset'));
      flatten('cbom:cryptoProperties', view.cryptoProperties, entries);
    }
    const props: NameValue[] = sortProperties([...view.properties, ...(findings.get(a.id) ?? []).map(findingProperty)]);
    for (const p of props) entries.push(entry(p.name, p.value));
    const pkg = sortedKeys({
      creationInfo: CREATION_INFO,
      extension: cdxExtension(entries),
      name: a.name,
      software_packageUrl: a.kind === 'library' ? a.purl : undefined,
      software_packageVersion: a.kind === 'library' && a.version !== null ? a.version : undefined,
      software_primaryPurpose: a.kind === 'library' ? 'library' : 'other',
      spdxId: self,
      summary: a.kind === 'library' ? undefined : `security_CryptographicAsset (${a.kind})`,
      type: 'software_Package',
      verifiedUsing: view.sha256 !== undefined ? [{ algorithm: 'sha256', hashValue: view.sha256, type: 'Hash' }] : undefined,
    });
    const out: Json[] = [pkg];
    // Occurrences are in (path, line, column, end line) order; their snippets keep that order.
    const evidence = [...new Set(a.occurrences.map(snippetOf))];
    if (evidence.length > 0) out.push(relationship(key, self, 'hasEvidence', evidence));
    const uses = view.uses.map(refOf).sort(cmp);
    if (uses.length > 0) {
      // SPDX has no "provides"; a library's provided algorithms are an `other` relationship that says so.
      out.push(a.kind === 'library' ? relationship(key, self, 'other', uses, 'provides') : relationship(key, self, 'dependsOn', uses));
    }
    return out;
  };

  const rootEntries = sortProperties((findings.get(null) ?? []).map(findingProperty)).map((p) => entry(p.name, p.value));
  const repository = sortedKeys({
    creationInfo: CREATION_INFO,
    extension: cdxExtension(rootEntries),
    name: root.name,
    software_downloadLocation: root.vcsUrl,
    software_packageUrl: root.purl,
    software_packageVersion: root.version,
    software_primaryPurpose: 'source',
    spdxId: ids.repository,
    type: 'software_Package',
  });
  const cryptoIds = sorted.filter((a) => a.kind !== 'library').map((a) => refOf(a.id));
  const libraryIds = sorted.filter((a) => a.kind === 'library').map((a) => refOf(a.id));
  // The collections list the software elements (the repository, libraries and crypto assets). Files,
  // snippets, relationships and annotations are in the same @graph and reached through relationships;
  // listing each of them twice more would make a large inventory's document half again as big.
  const packageIds = [ids.repository, ...sorted.map((a) => refOf(a.id))];

  // Graph order (a total order fixed by content): header; the repository and its relationships;
  // each asset in asset-id order with its relationships; files in path order, each followed by its
  // snippets in (line, column, end line) order; annotations in findings order; the SpdxDocument.
  // Elements, each preceded by a comma. JSON.stringify is called on batches of elements (one call per
  // element costs more than the serialization of a small snippet), and the batch's brackets dropped.
  function* elements(): Generator<Json> {
    yield { '@id': CREATION_INFO, created: root.timestamp, createdBy: [ids.agent], createdUsing: [ids.tool], specVersion: '3.0.1', type: 'CreationInfo' };
    yield { creationInfo: CREATION_INFO, name: TOOL_NAME, spdxId: ids.agent, type: 'SoftwareAgent' };
    yield { creationInfo: CREATION_INFO, name: `${TOOL_NAME} ${result.methodologyVersion}`, spdxId: ids.tool, type: 'Tool' };
    yield { creationInfo: CREATION_INFO, element: packageIds, rootElement: [ids.repository], software_sbomType: ['source'], spdxId: ids.sbom, type: 'software_Sbom' };
    yield repository;
    if (cryptoIds.length > 0) yield relationship('repository', ids.repository, 'contains', cryptoIds);
    if (libraryIds.length > 0) yield relationship('repository', ids.repository, 'dependsOn', libraryIds);
    for (const a of sorted) yield* assetElements(a);
    for (const path of [...files.keys()].sort()) {
      const file = files.get(path)!;
      yield { creationInfo: CREATION_INFO, name: path, spdxId: file.id, type: 'software_File' };
      const snippets = [...file.snippets.values()].sort((x, y) => x.line - y.line || x.column - y.column || x.end - y.end);
      for (const sn of snippets) {
        yield {
          comment: sn.text,
          creationInfo: CREATION_INFO,
          name: sn.symbols.size === 1 ? sn.symbols.values().next().value! : [...sn.symbols].sort().join(', '),
          software_lineRange: { beginIntegerRange: sn.line, endIntegerRange: sn.end, type: 'PositiveIntegerRange' },
          software_snippetFromFile: file.id,
          spdxId: sn.id,
          type: 'software_Snippet',
        };
      }
    }
    const annotationIds = new Set<string>();
    for (const [assetId, list] of findings) {
      for (const f of list) {
        const aid = id(`finding/${iriSegment(f.id)}`);
        if (annotationIds.has(aid)) throw new InventoryError(`duplicate finding id ${f.id}`);
        annotationIds.add(aid);
        yield {
          annotationType: 'review',
          creationInfo: CREATION_INFO,
          spdxId: aid,
          statement: findingText(f),
          subject: assetId === null ? ids.repository : refOf(assetId),
          type: 'Annotation',
        };
      }
    }
  }

  function* chunks(): Generator<string> {
    yield `{"@context":${JSON.stringify(SPDX_CONTEXT)},"@graph":[`;
    let batch: Json[] = [];
    for (const e of elements()) {
      batch.push(e);
      if (batch.length === 1024) {
        yield `${JSON.stringify(batch).slice(1, -1)},`;
        batch = [];
      }
    }
    if (batch.length > 0) yield `${JSON.stringify(batch).slice(1, -1)},`;
  }

  // Last, so that its placeholders (digest entry, then the document id) close the serialization.
  const tail = (): string => {
    const docEntries = withDigestPlaceholder(documentProperties(result, root), (p) => p.name, (name, value) => ({ name, value })).map((p) => entry(p.name, p.value));
    const spdxDocument = {
      creationInfo: CREATION_INFO,
      element: [ids.agent, ids.tool, ids.sbom, ...packageIds],
      extension: cdxExtension(docEntries),
      name: `CBOM for ${root.name}${root.version !== undefined ? `@${root.version}` : ''}`,
      profileConformance: ['core', 'software'],
      rootElement: [ids.sbom],
      spdxId: `${documentIdPrefix}${PLACEHOLDER_UUID}`,
      type: 'SpdxDocument',
    };
    return `${JSON.stringify(spdxDocument)}]}`;
  };
  return { chunks: chunks(), tail, idMarker: `"spdxId":"${documentIdPrefix}` };
}
