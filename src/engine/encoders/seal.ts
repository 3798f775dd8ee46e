// Where each encoding keeps its service properties, and how a document is sealed with its digest.
// `svc_bom_sha256` is the SHA-256 of the RFC 8785 canonical JSON of the document with the digest
// entry itself left out: sealing hashes the document before the entry exists, then inserts it;
// verifying removes it again and re-hashes what is left.
import { canonicalSha256 } from './digest.js';
import { DIGEST_PROPERTY, METHODOLOGY_PROPERTY, cmp } from './properties.js';

export type Format = 'cyclonedx' | 'spdx';

/** A list of name/value entries inside a document, in the shape of its format. */
interface PropertyList {
  entries: unknown[];
  nameOf(entry: unknown): string | undefined;
  valueOf(entry: unknown): string | undefined;
  make(name: string, value: string): unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export const SPDX_CONTEXT = 'https://spdx.org/rdf/3.0.1/spdx-context.jsonld';

/** Which encoding a parsed document is, or null. */
export function detectFormat(doc: unknown): Format | null {
  if (!isObject(doc)) return null;
  if (doc.bomFormat === 'CycloneDX') return 'cyclonedx';
  if (doc['@context'] === SPDX_CONTEXT && Array.isArray(doc['@graph'])) return 'spdx';
  return null;
}

/** CycloneDX: `metadata.properties`. SPDX: the CdxPropertiesExtension of the SpdxDocument element. */
export function servicePropertyList(doc: unknown, format: Format): PropertyList | null {
  if (!isObject(doc)) return null;
  if (format === 'cyclonedx') {
    const md = doc.metadata;
    if (!isObject(md) || !Array.isArray(md.properties)) return null;
    return {
      entries: md.properties,
      nameOf: (e) => (isObject(e) ? str(e.name) : undefined),
      valueOf: (e) => (isObject(e) ? str(e.value) : undefined),
      make: (name, value) => ({ name, value }),
    };
  }
  const graph = doc['@graph'];
  if (!Array.isArray(graph)) return null;
  const spdxDoc = graph.find((n) => isObject(n) && n.type === 'SpdxDocument');
  if (!isObject(spdxDoc) || !Array.isArray(spdxDoc.extension)) return null;
  const ext = spdxDoc.extension.find((e) => isObject(e) && e.type === 'extension_CdxPropertiesExtension');
  if (!isObject(ext) || !Array.isArray(ext.extension_cdxProperty)) return null;
  return {
    entries: ext.extension_cdxProperty,
    nameOf: (e) => (isObject(e) ? str(e.extension_cdxPropName) : undefined),
    valueOf: (e) => (isObject(e) ? str(e.extension_cdxPropValue) : undefined),
    make: (name, value) => ({ type: 'extension_CdxPropertyEntry', extension_cdxPropName: name, extension_cdxPropValue: value }),
  };
}

/** Hash the document (which must not hold a digest entry yet), insert the entry in name order, serialize. */
export function sealDocument(doc: object, format: Format): { json: string; sha256: string } {
  const list = servicePropertyList(doc, format);
  if (!list) throw new Error(`${format} encoder produced a document without its service property list`);
  if (list.entries.some((e) => list.nameOf(e) === DIGEST_PROPERTY)) throw new Error('document is already sealed');
  if (!list.entries.some((e) => list.nameOf(e) === METHODOLOGY_PROPERTY)) throw new Error('document lacks the methodology version');
  const sha256 = canonicalSha256(doc);
  let at = list.entries.findIndex((e) => cmp(list.nameOf(e) ?? '', DIGEST_PROPERTY) > 0);
  if (at < 0) at = list.entries.length;
  list.entries.splice(at, 0, list.make(DIGEST_PROPERTY, sha256));
  return { json: `${JSON.stringify(doc, null, 2)}\n`, sha256 };
}
