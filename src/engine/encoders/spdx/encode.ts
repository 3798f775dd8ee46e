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
import type { Asset, AssetId, Finding, Occurrence, ScanResult, SourceDescriptor } from '../../inventory/model.js';
import { InventoryError, assetView } from '../cryptoview.js';
import { normalizeResult } from '../normalize.js';
import { TOOL_NAME, documentProperties, findingProperty, findingText, findingsByAsset, rootIdentity } from '../common.js';
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

// Why the text below is assembled the way it is: V8 concatenates strings lazily, as a tree whose
// leaves are the pieces; the tree is copied into one flat string when the piece of ~64 Ki characters
// is hashed, and that copy costs per leaf far more than per character. So every fragment that recurs
// (an entry with its name and value, a line range, a file's snippet-id prefix, member names with
// their punctuation) is made flat once with `flat` and then added as one leaf.
const flat = (...parts: (string | number)[]): string => parts.join('');

const ENTRY_TAIL = `,"type":"${ENTRY}"}`;
/** A property name's entry texts: the head up to the value, and whole entries by value (most recur). */
interface EntryName { name: string; head: string; byValue: Map<string, string>; children?: Map<string | number, EntryName> }
// Bounds on what one document's caches keep: names recur on every package, and so do most values
// (modes, sizes, primitives), while an oid or a serial number is seen once: a name keeps its first
// 64 values only, so that unique values do not fill memory. Past a bound, texts are made, not kept.
const MAX_NAMES = 10_000;
const MAX_VALUES_PER_NAME = 64;

/** Entry texts for one document (the caches live as long as the document's encoding). */
function entryTexts() {
  let names = 0;
  const byName = new Map<string, EntryName>();
  const newName = (name: string): EntryName => ({ name, head: flat('{"extension_cdxPropName":', JSON.stringify(name), ',"extension_cdxPropValue":'), byValue: new Map() });

  /** An `extension_CdxPropertyEntry` as canonical JSON text (members: name, value, type). */
  const entry = (n: EntryName, value: string): string => {
    let e = n.byValue.get(value);
    if (e === undefined) {
      e = flat(n.head, JSON.stringify(value), ENTRY_TAIL);
      if (n.byValue.size < MAX_VALUES_PER_NAME) n.byValue.set(value, e);
    }
    return e;
  };

  const named = (name: string, value: string): string => {
    let n = byName.get(name);
    if (n === undefined) {
      n = newName(name);
      if (names < MAX_NAMES) {
        byName.set(name, n);
        names += 1;
      }
    }
    return entry(n, value);
  };

  /** The name `<parent>.<key>` or `<parent>[<index>]`, found through the parent so that it is built once. */
  const child = (parent: EntryName, key: string | number): EntryName => {
    let n = parent.children?.get(key);
    if (n === undefined) {
      n = newName(typeof key === 'number' ? `${parent.name}[${key}]` : `${parent.name}.${key}`);
      if (names < MAX_NAMES) {
        (parent.children ??= new Map()).set(key, n);
        names += 1;
      }
    }
    return n;
  };

  /** `{a: {b: [x, y]}}` -> `prefix.a.b[0] = x`, `prefix.a.b[1] = y`, as entry texts in canonical member order. */
  const flatten = (node: EntryName, v: unknown, out: string[]): void => {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) flatten(child(node, i), v[i], out);
    } else if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v).sort()) flatten(child(node, k), (v as Json)[k], out);
    } else if (v !== undefined) out.push(entry(node, String(v)));
  };

  const cryptoProperties = newName('cbom:cryptoProperties');
  return {
    named,
    /** `cbom:elementType = security_CryptographicAsset`, then every leaf of the cryptoProperties. */
    crypto: (cp: unknown, out: string[]): void => {
      out.push(named('cbom:elementType', 'security_CryptographicAsset'));
      flatten(cryptoProperties, cp, out);
    },
  };
}

// Scratch keys for sortByLocation, grown as needed (one document at a time per thread).
let locationKeys = new Float64Array(1024);
const KEY_INDEX = 4096; // occurrences per file sorted by key; more fall back to the comparator
/**
 * A file's occurrences in `byLocation` order. Most files have a few dozen occurrences in no order (they
 * come asset by asset), and a comparator call per comparison was 5-7 % of the encoding time: when
 * line < 2^20, column < 2^11, end line - line < 2^10 and there are at most 4096 occurrences, each is
 * sorted as one number (location, then position in the list) by the typed-array sort, and only runs
 * at one location are then ordered by the comparator (symbol, source line). Otherwise, the comparator.
 */
function sortByLocation(occ: Occurrence[], byLocation: (x: Occurrence, y: Occurrence) => number): Occurrence[] {
  const n = occ.length;
  if (n < 2 || n > KEY_INDEX) return occ.sort(byLocation);
  if (locationKeys.length < n) locationKeys = new Float64Array(KEY_INDEX);
  const keys = locationKeys;
  for (let i = 0; i < n; i++) {
    const o = occ[i]!;
    const span = (o.endLine ?? o.line) - o.line;
    if (!(o.line >= 0 && o.line < 1 << 20 && o.column >= 0 && o.column < 1 << 11 && span >= 0 && span < 1 << 10 && Number.isInteger(o.line) && Number.isInteger(o.column) && Number.isInteger(span))) return occ.sort(byLocation);
    // < 2^53: exact in a double.
    keys[i] = ((o.line * (1 << 11) + o.column) * (1 << 10) + span) * KEY_INDEX + i;
  }
  const sortedKeys = keys.subarray(0, n).sort();
  const out = new Array<Occurrence>(n);
  for (let i = 0; i < n; i++) out[i] = occ[sortedKeys[i]! % KEY_INDEX]!;
  for (let i = 0; i < n; ) {
    const at = Math.floor(sortedKeys[i]! / KEY_INDEX);
    let j = i + 1;
    while (j < n && Math.floor(sortedKeys[j]! / KEY_INDEX) === at) j++;
    if (j - i > 1) {
      const run = out.slice(i, j).sort(byLocation);
      for (let k = i; k < j; k++) out[k] = run[k - i]!;
    }
    i = j;
  }
  return out;
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
  // Assets are in id order after normalizing: duplicates are neighbours, and the one map kept (asset
  // id -> spdxId, below) also answers which ids exist (no second map of every asset).
  const sorted = result.inventory.assets;
  for (let i = 1; i < sorted.length; i++) if (sorted[i]!.id === sorted[i - 1]!.id) throw new InventoryError(`duplicate asset id ${sorted[i]!.id}`);
  const base = spdxNamespace(source, result.methodologyVersion);
  const id = (path: string): string => flat(base, '/', path);
  const ids = { agent: id('agent'), tool: id('tool'), sbom: id('sbom'), repository: id('repository') };
  const documentIdPrefix = `${base}/document/`;

  // Crypto assets under crypto/, libraries under library/: the groups of ids never overlap.
  const assetIds = new Map<AssetId, string>();
  // selfIds[i]: the spdxId of sorted[i] (no lookup for an asset's own id).
  const selfIds = sorted.map((a) => {
    const key = a.kind === 'library' ? (a.id.startsWith('library/') ? a.id : `library/${a.id}`) : `crypto/${a.id}`;
    const spdxId = id(iriSegment(key));
    assetIds.set(a.id, spdxId);
    return spdxId;
  });
  if (new Set(assetIds.values()).size !== assetIds.size) throw new InventoryError('two assets map to the same spdxId');
  const refOf = (assetId: AssetId): string => {
    const r = assetIds.get(assetId);
    if (r === undefined) throw new InventoryError(`reference to unknown asset ${assetId}`);
    return r;
  };
  const findings = findingsByAsset(result.findings, assetIds);
  // findingsAt[i]: the findings about sorted[i], found by binary search over the (few) assets that
  // have any, rather than a map lookup for every asset.
  const findingsAt = new Array<Finding[] | undefined>(sorted.length);
  for (const [assetId, list] of findings) {
    if (assetId === null) continue;
    let lo = 0;
    let hi = sorted.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(sorted[mid]!.id, assetId) < 0) lo = mid + 1;
      else hi = mid;
    }
    findingsAt[lo] = list;
  }
  const texts = entryTexts();

  // Code locations. One `software_File` per distinct path, one `software_Snippet` per
  // (path, line, column, end line); assets seen at the same place share the snippet. Files are
  // numbered in path order up front, so a snippet's id is a function of its location alone, compact
  // yet readable: `s/<file number>/L<line>C<column>[-L<end>]` (the path is in the File element).
  // Each file keeps the occurrences seen in it (references, not copies) to write its snippets.
  //
  // What lives for the whole encoding is kept in typed arrays (outside the JS heap) or not kept: an
  // encoding that holds tens of MB of small objects next to a large inventory pushes V8 into a full
  // mark-compact of the inventory itself, which cost more than all the snippets together.
  // Occurrences are numbered g = 0, 1, ... over the assets in `sorted` order; files are numbered k in
  // order of first sight, and get their place in path order (their number in snippet ids) below.
  const assetStart = new Int32Array(sorted.length + 1);
  sorted.forEach((a, i) => {
    assetStart[i + 1] = assetStart[i]! + a.occurrences.length;
  });
  const total = assetStart[sorted.length]!;
  const occFile = new Int32Array(total); // g -> k
  const fileIndex = new Map<string, number>();
  const filePaths: string[] = [];
  for (let i = 0, g = 0; i < sorted.length; i++) {
    let path: string | undefined;
    let k = -1;
    for (const o of sorted[i]!.occurrences) {
      // Occurrences are in path order: one lookup per run of the same path.
      if (o.path !== path) {
        path = o.path;
        const known = fileIndex.get(path);
        if (known === undefined) {
          k = filePaths.length;
          fileIndex.set(path, k);
          filePaths.push(path);
        } else k = known;
      }
      occFile[g] = k;
      g += 1;
    }
  }
  fileIndex.clear();
  const fileCount = filePaths.length;
  // The occurrences of each file, by a stable counting sort: byFile[fileStart[k] .. fileStart[k + 1]).
  // One array of references (not indices): the snippets of a file then read their occurrences from
  // one place instead of chasing asset -> list -> occurrence through memory for each.
  const fileStart = new Int32Array(fileCount + 1);
  for (let g = 0; g < total; g++) fileStart[occFile[g]! + 1]! += 1;
  for (let k = 0; k < fileCount; k++) fileStart[k + 1]! += fileStart[k]!;
  const byFile = new Array<Occurrence>(total);
  const fill = fileStart.slice(0, fileCount);
  for (let i = 0, g = 0; i < sorted.length; i++) for (const o of sorted[i]!.occurrences) byFile[fill[occFile[g++]!]!++] = o;
  const pathOrder = Array.from(filePaths.keys()).sort((x, y) => cmp(filePaths[x]!, filePaths[y]!));
  const snippetPrefix = id('s/');
  // fileSid[k]: the snippet id prefix of file k, `<base>/s/<file number>/L`, flat.
  const fileSid: string[] = new Array<string>(fileCount);
  pathOrder.forEach((k, rank) => {
    fileSid[k] = flat(snippetPrefix, rank + 1, '/L');
  });
  /** The snippet id of an occurrence after its file's prefix, and the closing quote: `<line>C<column>[-L<end>]"`. */
  const snippetSuffixQ = (o: Occurrence): string => {
    const end = o.endLine ?? o.line;
    // Short enough that V8 makes each sum a flat string (no join needed).
    return end !== o.line ? o.line + 'C' + o.column + '-L' + end + '"' : o.line + 'C' + o.column + '"';
  };

  // Every id is an absolute IRI made of characters JSON never escapes (iriSegment percent-encodes the
  // rest), so ids are written between quotes as they are; other strings go through JSON.stringify.
  // Hot elements (relationships, files, snippets) are written as text with members in canonical order:
  // building an object per element and serializing it costs several times more.
  const CI = '"creationInfo":"_:creationinfo"';
  const idList = (xs: readonly string[]): string => (xs.length === 0 ? '[]' : `["${xs.join('","')}"]`);
  /** A Relationship whose `to` is already JSON text (`["id",...]`). */
  const relationshipTo = (fromKey: string, from: string, type: string, toJson: string, comment?: string): string =>
    flat(comment !== undefined ? flat('{"comment":', JSON.stringify(comment), ',') : '{', CI, ',"from":"', from, '","relationshipType":"', type, '","spdxId":"', base, '/relationship/', fromKey, '/', comment ?? type, '","to":', toJson, ',"type":"Relationship"}');
  const relationship = (fromKey: string, from: string, type: string, to: readonly string[], comment?: string): string =>
    relationshipTo(fromKey, from, type, idList(to), comment);

  const assetElements = (a: Asset, self: string, i: number): string => {
    const view = assetView(a, refOf);
    const key = self.slice(base.length + 1);
    const entries: string[] = [];
    if (a.kind !== 'library') texts.crypto(view.cryptoProperties, entries);
    const assetFindings = findingsAt[i];
    const props: NameValue[] = assetFindings === undefined ? view.properties : sortProperties([...view.properties, ...assetFindings.map(findingProperty)]);
    for (const p of props) entries.push(texts.named(p.name, p.value));
    // A software_Package, members in canonical order, as one array joined once (one flat string).
    const out: string[] = ['{"creationInfo":"_:creationinfo"'];
    if (entries.length > 0) {
      // Entries go into `out` as they are (no list text of their own, copied once more).
      out.push(',"extension":[{"extension_cdxProperty":[', entries[0]!);
      for (let e = 1; e < entries.length; e++) out.push(',', entries[e]!);
      out.push('],"type":"extension_CdxPropertiesExtension"}]');
    }
    out.push(',"name":', JSON.stringify(a.name));
    if (a.kind === 'library') {
      out.push(',"software_packageUrl":', JSON.stringify(a.purl));
      if (a.version !== null) out.push(',"software_packageVersion":', JSON.stringify(a.version));
      out.push(',"software_primaryPurpose":"library","spdxId":"', self, '","type":"software_Package"');
    } else {
      out.push(',"software_primaryPurpose":"other","spdxId":"', self, '","summary":"security_CryptographicAsset (', a.kind, ')","type":"software_Package"');
    }
    if (view.sha256 !== undefined) out.push(',"verifiedUsing":[{"algorithm":"sha256","hashValue":', JSON.stringify(view.sha256), ',"type":"Hash"}]');
    out.push('}');
    // One hasEvidence relationship per asset, its `to` listing every snippet (occurrences are in
    // (path, line, column, end line, ...) order, so occurrences sharing a snippet are adjacent: their
    // snippets keep that order, each once). Written as text straight away: two occurrences share a
    // snippet exactly when file, line, column and end line are equal, so no id is compared.
    const occ = a.occurrences;
    if (occ.length > 0) {
      // Its pieces go straight into `out` (joined once with the package), not into a list text first.
      out.push(',{"creationInfo":"_:creationinfo","from":"', self, '","relationshipType":"hasEvidence","spdxId":"', base, '/relationship/', key, '/hasEvidence","to":');
      const to = out;
      let prev: Occurrence | undefined;
      let prevFile = -1;
      for (let j = 0, g = assetStart[i]!; j < occ.length; j++, g++) {
        const o = occ[j]!;
        const k = occFile[g]!;
        if (prev !== undefined && k === prevFile && o.line === prev.line && o.column === prev.column && (o.endLine ?? o.line) === (prev.endLine ?? prev.line)) continue;
        to.push(prev === undefined ? '["' : ',"', fileSid[k]!, snippetSuffixQ(o));
        prev = o;
        prevFile = k;
      }
      to.push('],"type":"Relationship"}');
    }
    const uses = view.uses.map(refOf).sort(cmp);
    if (uses.length > 0) {
      // SPDX has no "provides"; a library's provided algorithms are an `other` relationship that says so.
      out.push(',', a.kind === 'library' ? relationship(key, self, 'other', uses, 'provides') : relationship(key, self, 'dependsOn', uses));
    }
    out.push(',');
    return out.join('');
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
  const cryptoIds = selfIds.filter((_, i) => sorted[i]!.kind !== 'library');
  const libraryIds = selfIds.filter((_, i) => sorted[i]!.kind === 'library');
  // The collections list the software elements (the repository, libraries and crypto assets). Files,
  // snippets, relationships and annotations are in the same @graph and reached through relationships;
  // listing each of them twice more would make a large inventory's document half again as big.
  const packageIds = [ids.repository, ...selfIds];

  // Graph order (a total order fixed by content): header; the repository and its relationships;
  // each asset in asset-id order with its relationships; files in path order, each followed by its
  // snippets in (line, column, end line) order; annotations in findings order; the SpdxDocument.
  //
  // Elements are appended to one string, each followed by its comma, which is handed on once it
  // reaches about 64 Ki characters: hashing flattens it in one copy, and no per-element array, join
  // or generator step is paid for the ~10^6 elements of a large inventory.
  const PIECE = 1 << 16;
  // The lists of every package (Sbom and SpdxDocument elements, the repository's contains and
  // dependsOn) are written in pieces like the rest: as one string each they were several MB
  // allocated straight into V8's old generation (large objects), twice over once flattened.
  function* idListPieces(xs: readonly string[]): Generator<string> {
    for (let from = 0; from < xs.length; ) {
      let to = from;
      for (let size = 0; to < xs.length && size < PIECE; to++) size += xs[to]!.length + 3;
      yield flat(from === 0 ? '"' : ',"', xs.slice(from, to).join('","'), '"');
      from = to;
    }
  }
  function* chunks(): Generator<string> {
    let acc = `{"@context":${JSON.stringify(SPDX_CONTEXT)},"@graph":[`;
    acc += `${JSON.stringify({ '@id': CREATION_INFO, created: root.timestamp, createdBy: [ids.agent], createdUsing: [ids.tool], specVersion: '3.0.1', type: 'CreationInfo' })},`;
    acc += `${JSON.stringify({ creationInfo: CREATION_INFO, name: TOOL_NAME, spdxId: ids.agent, type: 'SoftwareAgent' })},`;
    acc += `${JSON.stringify({ creationInfo: CREATION_INFO, name: `${TOOL_NAME} ${result.methodologyVersion}`, spdxId: ids.tool, type: 'Tool' })},`;
    // Ids are written as they are (see above), so these match JSON.stringify of the same objects.
    acc += '{"creationInfo":"_:creationinfo","element":[';
    for (const piece of idListPieces(packageIds)) {
      acc += piece;
      if (acc.length >= PIECE) {
        yield acc;
        acc = '';
      }
    }
    acc += flat('],"rootElement":["', ids.repository, '"],"software_sbomType":["source"],"spdxId":"', ids.sbom, '","type":"software_Sbom"},');
    acc += `${JSON.stringify(repository)},`;
    for (const [type, list] of [['contains', cryptoIds], ['dependsOn', libraryIds]] as const) {
      if (list.length === 0) continue;
      acc += flat('{"creationInfo":"_:creationinfo","from":"', ids.repository, '","relationshipType":"', type, '","spdxId":"', id(`relationship/repository/${type}`), '","to":[');
      for (const piece of idListPieces(list)) {
        acc += piece;
        if (acc.length >= PIECE) {
          yield acc;
          acc = '';
        }
      }
      acc += '],"type":"Relationship"},';
    }
    for (let i = 0; i < sorted.length; i++) {
      acc += assetElements(sorted[i]!, selfIds[i]!, i);
      if (acc.length >= PIECE) {
        yield acc;
        acc = '';
      }
    }
    // A snippet's text from after its comment to its line range's end line, made flat once per name
    // (symbols recur) and line for one-line snippets (a bounded number are kept).
    const MAX_HEADS = 100_000;
    let heads = 0;
    const headsByName = new Map<string, string[]>();
    const headOf = (name: string, line: number, end: number): string => {
      const pre = ',"creationInfo":"_:creationinfo","name":';
      const range = ',"software_lineRange":{"beginIntegerRange":';
      if (end !== line) return flat(pre, JSON.stringify(name), range, line, ',"endIntegerRange":', end);
      let byLine = headsByName.get(name);
      if (byLine === undefined) {
        byLine = [];
        if (headsByName.size < MAX_NAMES) headsByName.set(name, byLine);
      }
      let h = byLine[line];
      if (h === undefined) {
        h = flat(pre, JSON.stringify(name), range, line, ',"endIntegerRange":', line);
        if (line >= 0 && line < 1 << 16 && heads < MAX_HEADS) {
          byLine[line] = h;
          heads += 1;
        }
      }
      return h;
    };
    // Every file has at least one snippet: the opening of the next snippet's text is written with
    // the end of what precedes it (the File, or the previous snippet of the file), one piece less each.
    const SNIPPET_END = ',"type":"software_Snippet"},';
    const SNIPPET_END_NEXT = ',"type":"software_Snippet"},{"comment":';
    const byLocation = (x: Occurrence, y: Occurrence): number =>
      x.line - y.line || x.column - y.column || (x.endLine ?? x.line) - (y.endLine ?? y.line) || cmp(x.symbol, y.symbol) || cmp(x.snippet, y.snippet);
    const sameLocation = (x: Occurrence, y: Occurrence): boolean => x.line === y.line && x.column === y.column && (x.endLine ?? x.line) === (y.endLine ?? y.line);
    for (const k of pathOrder) {
      const path = filePaths[k]!;
      const fileId = id(`file/${iriSegment(path)}`);
      acc += flat('{"creationInfo":"_:creationinfo","name":', JSON.stringify(path), ',"spdxId":"', fileId, '","type":"software_File"},{"comment":');
      // A snippet's text from its line range's type to the line number in its id, made once per file.
      const tail = flat(',"type":"PositiveIntegerRange"},"software_snippetFromFile":"', fileId, '","spdxId":"', fileSid[k]!);
      // In (line, column, end line) order; occurrences at one location make one snippet, named by
      // their distinct symbols (sorted), its comment the source line of the first in (symbol, source
      // line) order, should they differ.
      const from = fileStart[k]!;
      const occ = sortByLocation(byFile.slice(from, fileStart[k + 1]), byLocation);
      for (let i = 0; i < occ.length; ) {
        const first = occ[i]!;
        let name = first.symbol;
        let j = i + 1;
        for (; j < occ.length && sameLocation(first, occ[j]!); j++) {
          const sym = occ[j]!.symbol;
          if (sym !== occ[j - 1]!.symbol) name += `, ${sym}`;
        }
        acc += JSON.stringify(first.snippet) + headOf(name, first.line, first.endLine ?? first.line) + tail + snippetSuffixQ(first) + (j < occ.length ? SNIPPET_END_NEXT : SNIPPET_END);
        i = j;
      }
      if (acc.length >= PIECE) {
        yield acc;
        acc = '';
      }
    }
    const annotationIds = new Set<string>();
    for (const [assetId, list] of findings) {
      for (const f of list) {
        const aid = id(`finding/${iriSegment(f.id)}`);
        if (annotationIds.has(aid)) throw new InventoryError(`duplicate finding id ${f.id}`);
        annotationIds.add(aid);
        const annotation = {
          annotationType: 'review',
          creationInfo: CREATION_INFO,
          spdxId: aid,
          statement: findingText(f),
          subject: assetId === null ? ids.repository : refOf(assetId),
          type: 'Annotation',
        };
        acc += `${JSON.stringify(annotation)},`;
      }
      if (acc.length >= PIECE) {
        yield acc;
        acc = '';
      }
    }
    // The SpdxDocument up to its element list, which is final already; the tail holds the rest.
    acc += flat('{"creationInfo":"_:creationinfo","element":["', ids.agent, '","', ids.tool, '","', ids.sbom, '",');
    for (const piece of idListPieces(packageIds)) {
      acc += piece;
      if (acc.length >= PIECE) {
        yield acc;
        acc = '';
      }
    }
    if (acc.length > 0) yield acc;
  }

  // Last, so that its placeholders (digest entry, then the document id) close the serialization.
  const tail = (): string => {
    const docEntries = withDigestPlaceholder(documentProperties(result, root), (p) => p.name, (name, value) => ({ name, value })).map((p) => entry(p.name, p.value));
    // Its members after `element` (written with the chunks): `{"extension":...}` without the brace.
    const rest = {
      extension: cdxExtension(docEntries),
      name: `CBOM for ${root.name}${root.version !== undefined ? `@${root.version}` : ''}`,
      profileConformance: ['core', 'software'],
      rootElement: [ids.sbom],
      spdxId: `${documentIdPrefix}${PLACEHOLDER_UUID}`,
      type: 'SpdxDocument',
    };
    return `],${JSON.stringify(rest).slice(1)}]}`;
  };
  return { chunks: chunks(), tail, idMarker: `"spdxId":"${documentIdPrefix}` };
}
