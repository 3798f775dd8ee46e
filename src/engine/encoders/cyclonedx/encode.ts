// CycloneDX 1.6 encoding of one scan. Key order of every object is fixed by construction (it is the
// order of the bytes served); every array is sorted here, whatever order the inventory came in.
import type { Asset, AssetId, Occurrence, ScanResult, SourceDescriptor } from '../../inventory/model.js';
import { InventoryError, assetView } from '../cryptoview.js';
import { documentKey, normalizeResult } from '../normalize.js';
import { TOOL_NAME, documentProperties, findingProperty, findingText, findingsByAsset, indexAssets, rootIdentity, sortOccurrences } from '../common.js';
import { bomRefOf, uuidv5 } from '../ids.js';
import { cmp, sortProperties } from '../properties.js';

export const CYCLONEDX_SCHEMA_URL = 'http://cyclonedx.org/schema/bom-1.6.schema.json';

type Json = Record<string, unknown>;

function occurrenceJson(o: Occurrence): Json {
  const out: Json = { location: o.path, line: o.line };
  if (o.offset !== undefined) out.offset = o.offset;
  out.symbol = o.symbol;
  out.additionalContext = o.snippet;
  return out;
}

export function encodeCycloneDx(input: ScanResult, source: SourceDescriptor): Json {
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

  const components: Json[] = [];
  const dependencies: Json[] = [];
  for (const a of sorted) {
    const view = assetView(a, refOf);
    const ref = refOf(a.id);
    const c: Json = { type: a.kind === 'library' ? 'library' : 'cryptographic-asset', 'bom-ref': ref, name: a.name };
    if (a.kind === 'library') {
      if (a.version !== null) c.version = a.version;
      c.purl = a.purl;
    }
    if (view.sha256 !== undefined) c.hashes = [{ alg: 'SHA-256', content: view.sha256 }];
    if (view.cryptoProperties) c.cryptoProperties = view.cryptoProperties;
    if (a.occurrences.length > 0) c.evidence = { occurrences: sortOccurrences(a.occurrences).map(occurrenceJson) };
    const props = [...view.properties, ...(findings.get(a.id) ?? []).map(findingProperty)];
    if (props.length > 0) c.properties = sortProperties(props);
    components.push(c);
    dependencies.push(dependencyOf(a, ref, view.uses.map(refOf)));
  }

  const rootProps = sortProperties((findings.get(null) ?? []).map(findingProperty));
  const metadataComponent: Json = { type: 'application', 'bom-ref': root.purl, name: root.name };
  if (root.version !== undefined) metadataComponent.version = root.version;
  metadataComponent.purl = root.purl;
  if (root.vcsUrl) metadataComponent.externalReferences = [{ type: 'vcs', url: root.vcsUrl }];
  if (rootProps.length > 0) metadataComponent.properties = rootProps;

  // The repository depends on every library and uses every cryptographic asset found in it.
  dependencies.push({ ref: root.purl, dependsOn: sorted.map((a) => refOf(a.id)).sort(cmp) });
  dependencies.sort((x, y) => cmp(x.ref as string, y.ref as string));

  const annotations = [...findings.entries()].flatMap(([assetId, list]) =>
    list.map((f) => ({
      'bom-ref': `finding/${f.id}`,
      subjects: [assetId === null ? root.purl : refOf(assetId)],
      annotator: { component: { type: 'application', name: TOOL_NAME, version: result.methodologyVersion } },
      timestamp: root.timestamp,
      text: findingText(f),
    })),
  );
  annotations.sort((x, y) => cmp(x['bom-ref'], y['bom-ref']));

  const doc: Json = {
    $schema: CYCLONEDX_SCHEMA_URL,
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    serialNumber: `urn:uuid:${uuidv5(`cyclonedx:${documentKey(result, source)}`)}`,
    version: 1,
    metadata: {
      timestamp: root.timestamp,
      tools: { components: [{ type: 'application', name: TOOL_NAME, version: result.methodologyVersion }] },
      component: metadataComponent,
      properties: documentProperties(result, root),
    },
    components,
    dependencies,
  };
  if (annotations.length > 0) doc.annotations = annotations;
  return doc;
}

/**
 * One dependency entry per component. Libraries `provide` the algorithms attributed to them
 * (CycloneDX 1.6 `provides`); certificates, keys and protocols `dependOn` the algorithms and keys
 * their properties reference, so a graph reader sees the same links as a cryptoProperties reader.
 */
function dependencyOf(a: Asset, ref: string, uses: string[]): Json {
  const sortedUses = [...new Set(uses)].sort(cmp);
  if (a.kind === 'library') return sortedUses.length > 0 ? { ref, provides: sortedUses } : { ref };
  return sortedUses.length > 0 ? { ref, dependsOn: sortedUses } : { ref };
}
