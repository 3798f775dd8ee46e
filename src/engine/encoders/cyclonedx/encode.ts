// CycloneDX 1.6 encoding of one scan. Every object is built with its members in canonical (sorted)
// order, because the served bytes are the canonical form (see canonical-json.ts); every array is in a
// total order fixed here, whatever order the inventory came in.
import type { Asset, AssetId, Occurrence, ScanResult, SourceDescriptor } from '../../inventory/model.js';
import { InventoryError, assetView } from '../cryptoview.js';
import { normalizeResult } from '../normalize.js';
import { TOOL_NAME, documentProperties, findingProperty, findingText, findingsByAsset, indexAssets, rootIdentity } from '../common.js';
import { bomRefOf } from '../ids.js';
import { type NameValue, cmp, sortProperties } from '../properties.js';
import { sortedKeys, sortedKeysDeep } from '../canonical-json.js';
import { type CanonicalDocument, PLACEHOLDER_UUID, arrayChunks, withDigestPlaceholder } from '../seal.js';

export const CYCLONEDX_SCHEMA_URL = 'http://cyclonedx.org/schema/bom-1.6.schema.json';

type Json = Record<string, unknown>;

/**
 * `evidence.occurrences` as canonical JSON text (members: additionalContext, line, location, offset,
 * symbol). Written as text rather than built as objects and serialized: this is the bulk of a large
 * document. Occurrences are sorted by path, so a path (and usually its symbol) is escaped once per run.
 */
function occurrencesJson(list: readonly Occurrence[]): string {
  const out: string[] = [];
  let path: string | undefined;
  let pathJson = '';
  let symbol: string | undefined;
  let symbolJson = '';
  for (const o of list) {
    if (o.path !== path) pathJson = JSON.stringify((path = o.path));
    if (o.symbol !== symbol) symbolJson = JSON.stringify((symbol = o.symbol));
    out.push(`{"additionalContext":${JSON.stringify(o.snippet)},"line":${o.line},"location":${pathJson}${o.offset !== undefined ? `,"offset":${o.offset}` : ''},"symbol":${symbolJson}}`);
  }
  return `[${out.join(',')}]`;
}

const nv = (p: NameValue): Json => ({ name: p.name, value: p.value });

/**
 * The document as canonical chunks: `$schema`, `annotations`, `bomFormat`, then one chunk per
 * component (built as it is written, so the component objects never exist all at once), then
 * `dependencies`; the tail holds `metadata` with the digest placeholder and the serial number placeholder.
 */
export function cyclonedxDocument(input: ScanResult, source: SourceDescriptor): CanonicalDocument {
  const result = normalizeResult(input);
  const root = rootIdentity(source);
  const { sorted, byId } = indexAssets(result.inventory.assets);

  const refs = new Map<AssetId, string>();
  const owner = new Map<string, AssetId>([[root.purl, '(repository)']]);
  for (const a of sorted) {
    const ref = bomRefOf(a);
    const clash = owner.get(ref);
    if (clash !== undefined) throw new InventoryError(`assets ${clash} and ${a.id} map to the same bom-ref ${ref}`);
    owner.set(ref, a.id);
    refs.set(a.id, ref);
  }
  const refOf = (id: AssetId): string => {
    const r = refs.get(id);
    if (r === undefined) throw new InventoryError(`reference to unknown asset ${id}`);
    return r;
  };
  const findings = findingsByAsset(result.findings, byId);
  const tool = { name: TOOL_NAME, type: 'application', version: result.methodologyVersion };

  const annotations = [...findings.entries()].flatMap(([assetId, list]) =>
    list.map((f) => ({
      annotator: { component: tool },
      'bom-ref': `finding/${f.id}`,
      subjects: [assetId === null ? root.purl : refOf(assetId)],
      text: findingText(f),
      timestamp: root.timestamp,
    })),
  );
  annotations.sort((x, y) => cmp(x['bom-ref'], y['bom-ref']));

  // The repository depends on every library and uses every cryptographic asset found in it.
  const dependencies: Json[] = [{ dependsOn: sorted.map((a) => refOf(a.id)).sort(cmp), ref: root.purl }];
  function* components(): Generator<string> {
    for (const a of sorted) {
      const view = assetView(a, refOf);
      const ref = refOf(a.id);
      const props = sortProperties([...view.properties, ...(findings.get(a.id) ?? []).map(findingProperty)]);
      dependencies.push(dependencyOf(a, ref, view.uses.map(refOf)));
      // A component, members in canonical order.
      let c = `{"bom-ref":${JSON.stringify(ref)}`;
      if (view.cryptoProperties) c += `,"cryptoProperties":${JSON.stringify(sortedKeysDeep(view.cryptoProperties))}`;
      if (a.occurrences.length > 0) c += `,"evidence":{"occurrences":${occurrencesJson(a.occurrences)}}`;
      if (view.sha256 !== undefined) c += `,"hashes":[{"alg":"SHA-256","content":${JSON.stringify(view.sha256)}}]`;
      c += `,"name":${JSON.stringify(a.name)}`;
      if (props.length > 0) c += `,"properties":${JSON.stringify(props.map(nv))}`;
      if (a.kind === 'library') {
        c += `,"purl":${JSON.stringify(a.purl)},"type":"library"`;
        if (a.version !== null) c += `,"version":${JSON.stringify(a.version)}`;
      } else c += ',"type":"cryptographic-asset"';
      yield `${c}}`;
    }
  }

  function* chunks(): Generator<string> {
    yield `{"$schema":${JSON.stringify(CYCLONEDX_SCHEMA_URL)},`;
    if (annotations.length > 0) yield `"annotations":${JSON.stringify(annotations)},`;
    yield '"bomFormat":"CycloneDX","components":';
    yield* arrayChunks(components(), (c) => c);
    yield ',"dependencies":';
    dependencies.sort((x, y) => cmp(x.ref as string, y.ref as string));
    yield* arrayChunks(dependencies);
    yield ',';
  }

  const tail = (): string => {
    const rootProps = sortProperties((findings.get(null) ?? []).map(findingProperty));
    const metadataComponent = sortedKeys({
      'bom-ref': root.purl,
      externalReferences: root.vcsUrl ? [{ type: 'vcs', url: root.vcsUrl }] : undefined,
      name: root.name,
      properties: rootProps.length > 0 ? rootProps.map(nv) : undefined,
      purl: root.purl,
      type: 'application',
      version: root.version,
    });
    const properties = withDigestPlaceholder(documentProperties(result, root), (p) => p.name, (name, value) => ({ name, value })).map(nv);
    const metadata = { component: metadataComponent, properties, timestamp: root.timestamp, tools: { components: [tool] } };
    return `"metadata":${JSON.stringify(metadata)},"serialNumber":"urn:uuid:${PLACEHOLDER_UUID}","specVersion":"1.6","version":1}`;
  };

  return { chunks: chunks(), tail, idMarker: '"serialNumber":"urn:uuid:' };
}

/**
 * One dependency entry per component. Libraries `provide` the algorithms attributed to them
 * (CycloneDX 1.6 `provides`); certificates, keys and protocols `dependOn` the algorithms and keys
 * their properties reference, so a graph reader sees the same links as a cryptoProperties reader.
 */
function dependencyOf(a: Asset, ref: string, uses: string[]): Json {
  const sortedUses = [...new Set(uses)].sort(cmp);
  if (sortedUses.length === 0) return { ref };
  return a.kind === 'library' ? { provides: sortedUses, ref } : { dependsOn: sortedUses, ref };
}
