// Writing a document and sealing it with its digest in one pass.
//
//   svc_bom_sha256 = SHA-256( canonical JSON of the final document without the digest entry )
//   content id     = uuidv5( SHA-256 of the same bytes with the id still a placeholder )
//
// Encoders produce the canonical serialization as a stream of chunks followed by a small "tail"
// that holds two placeholders: the digest entry (its value zeros) and then the content id (the
// CycloneDX serial number, the SpdxDocument id). In canonical member order both fall at the very end
// of each format (CycloneDX: metadata, serialNumber; SPDX: the SpdxDocument node, written last), so
// every chunk before the tail is final when it is written and hashed. The placeholders are found
// with their surrounding unescaped quotes, which a JSON string cannot imitate (a quote inside a
// string is always escaped).
import { createHash, type Hash } from 'node:crypto';
import { DIGEST_PROPERTY, METHODOLOGY_PROPERTY, cmp } from './properties.js';
import { uuidv5 } from './ids.js';

export type Format = 'cyclonedx' | 'spdx';

export const SPDX_CONTEXT = 'https://spdx.org/rdf/3.0.1/spdx-context.jsonld';
export const PLACEHOLDER_UUID = '00000000-0000-0000-0000-000000000000';
export const PLACEHOLDER_DIGEST = '0'.repeat(64);

const DIGEST_ENTRY: Record<Format, string> = {
  cyclonedx: `{"name":"${DIGEST_PROPERTY}","value":"${PLACEHOLDER_DIGEST}"}`,
  spdx: `{"extension_cdxPropName":"${DIGEST_PROPERTY}","extension_cdxPropValue":"${PLACEHOLDER_DIGEST}","type":"extension_CdxPropertyEntry"}`,
};

/** What an encoder hands to the writer: canonical chunks, then the tail with the placeholders. */
export interface CanonicalDocument {
  chunks: Iterable<string>;
  /** Produced after the chunks are consumed (it may depend on what they collected). */
  tail(): string;
  /** The text right before PLACEHOLDER_UUID in the tail, with its opening quote(s). */
  idMarker: string;
}

// Pieces of at least 64 Ki characters: large enough that per-call costs vanish, small enough that a
// batch being gathered is not copied around by the young-generation collector for long.
const BATCH = 1 << 16;

/**
 * Write `doc` through `write` in batches of about `batch` characters (0: as the encoder produces
 * them) and return its digest. Memory stays at one batch plus what the encoder holds, whatever the
 * size of the document.
 */
export function writeSealed(doc: CanonicalDocument, format: Format, write: (chunk: string) => void, batch = BATCH): { sha256: string; contentId: string } {
  const hash = createHash('sha256');
  if (batch === 0) {
    for (const chunk of doc.chunks) {
      hash.update(chunk, 'utf8');
      write(chunk);
    }
    const sealed = sealTail(hash, doc.tail(), format, doc.idMarker);
    write(sealed.tail);
    return { sha256: sealed.sha256, contentId: sealed.contentId };
  }
  let parts: string[] = [];
  let size = 0;
  const flush = (): void => {
    if (parts.length === 0) return;
    const s = parts.join('');
    parts = [];
    size = 0;
    hash.update(s, 'utf8');
    write(s);
  };
  for (const chunk of doc.chunks) {
    if (size === 0 && chunk.length >= batch) {
      // Already a full piece (SPDX gathers its own): written as is, not copied into a batch.
      hash.update(chunk, 'utf8');
      write(chunk);
      continue;
    }
    parts.push(chunk);
    size += chunk.length;
    if (size >= batch) flush();
  }
  flush();
  const { tail, sha256, contentId } = sealTail(hash, doc.tail(), format, doc.idMarker);
  write(tail);
  return { sha256, contentId };
}

function sealTail(hash: Hash, tail: string, format: Format, idMarker: string): { tail: string; sha256: string; contentId: string } {
  const entry = DIGEST_ENTRY[format];
  const entryAt = tail.lastIndexOf(entry);
  const idAt = tail.lastIndexOf(`${idMarker}${PLACEHOLDER_UUID}"`);
  if (entryAt < 0 || idAt < 0 || entryAt > idAt) throw new Error(`${format} encoder: seal placeholders missing or out of order`);
  // Leave the entry out together with one separating comma (it is never alone in its list: the
  // methodology version is always there too).
  let cutFrom = entryAt;
  let cutTo = entryAt + entry.length;
  if (tail[cutTo] === ',') cutTo += 1;
  else if (tail[cutFrom - 1] === ',') cutFrom -= 1;
  else throw new Error(`${format} encoder: the digest entry is alone in its list`);
  const uuidAt = idAt + idMarker.length;

  hash.update(tail.slice(0, cutFrom), 'utf8');
  hash.update(tail.slice(cutTo, uuidAt), 'utf8');
  const content = hash.copy();
  content.update(tail.slice(uuidAt), 'utf8');
  const contentId = uuidv5(`${format}:${content.digest('hex')}`);
  hash.update(contentId, 'utf8');
  hash.update(tail.slice(uuidAt + PLACEHOLDER_UUID.length), 'utf8');
  const sha256 = hash.digest('hex');

  const valueAt = entryAt + entry.indexOf(PLACEHOLDER_DIGEST);
  const sealed = tail.slice(0, valueAt) + sha256 + tail.slice(valueAt + PLACEHOLDER_DIGEST.length, uuidAt) + contentId + tail.slice(uuidAt + PLACEHOLDER_UUID.length);
  return { tail: sealed, sha256, contentId };
}

/** JSON array members as canonical chunks: `[`, items separated by `,`, `]`. */
export function* arrayChunks<T>(items: Iterable<T>, toJson: (item: T) => string = JSON.stringify): Generator<string> {
  yield '[';
  let first = true;
  for (const item of items) {
    yield first ? toJson(item) : `,${toJson(item)}`;
    first = false;
  }
  yield ']';
}

/** The document's service properties with the digest placeholder inserted in name order. */
export function withDigestPlaceholder<T>(props: T[], nameOf: (p: T) => string, make: (name: string, value: string) => T): T[] {
  if (!props.some((p) => nameOf(p) === METHODOLOGY_PROPERTY)) throw new Error('document lacks the methodology version');
  const out = [...props, make(DIGEST_PROPERTY, PLACEHOLDER_DIGEST)];
  return out.sort((a, b) => cmp(nameOf(a), nameOf(b)));
}

// ---------------------------------------------------------------- reading a parsed document (verify)

/** A list of name/value entries inside a parsed document, in the shape of its format. */
export interface PropertyList {
  entries: unknown[];
  nameOf(entry: unknown): string | undefined;
  valueOf(entry: unknown): string | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

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
    return { entries: md.properties, nameOf: (e) => (isObject(e) ? str(e.name) : undefined), valueOf: (e) => (isObject(e) ? str(e.value) : undefined) };
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
  };
}
