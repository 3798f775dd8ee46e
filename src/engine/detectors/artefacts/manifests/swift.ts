// Swift Package Manager: Package.swift `.package(url: …)` dependencies and Package.resolved pins
// (v1 `object.pins[]` with `package`/`repositoryURL`, v2 and v3 `pins[]` with `identity`/`location`;
// also the copies Xcode keeps under `*.xcworkspace/xcshareddata/swiftpm/`). A Swift package is its
// repository: the purl spec's `swift` type names it by source host, owner and name
// (pkg:swift/github.com/apple/swift-crypto@3.0.0), so URLs are reduced to that path
// (`https://github.com/apple/swift-crypto.git`, `git@github.com:apple/swift-crypto.git`) and compared
// case-insensitively. In Package.swift only `exact: "1.2.3"` and `.exact("1.2.3")` pin a version;
// `from:`, `.upToNextMajor(from:)`, `.upToNextMinor(from:)`, ranges, `branch:` and `revision:` do not.
// A pin's `state.version` is the resolved version (a pin on a branch or revision has none).
import type { Detection } from '../../../inventory/model.js';
import type { Detector } from '../../types.js';
import { LineIndex, baseName, occurrenceAt } from '../text.js';
import { isJsonObject, memberValueOffsets, parseJsonObject, takeOffset, type JsonObject, type ValueOffsets } from './json-positions.js';
import { exactVersion, findLibrary, libraryDetection } from './libraries.js';

const ID = 'manifest-swift';

/** Longest URL considered. */
const MAX_URL_CHARS = 1024;

/**
 * The `host/owner/name` path of a package URL: scheme, user, port, a trailing `/` and `.git` dropped;
 * scp-like `git@host:owner/name.git` too. A local path or registry identity (`apple.swift-crypto`) has none.
 */
export function swiftPackagePath(url: string): string | undefined {
  const u = url.trim();
  if (u.length > MAX_URL_CHARS) return undefined;
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^@/]*@)?([^/:@]+)(?::\d*)?\/([^?#]*)/.exec(u) ?? /^(?:[^@/:]+@)?([^/:@]+\.[^/:@]+):(?!\/)([^?#]*)$/.exec(u);
  if (!m) return undefined;
  const path = m[2]!.replace(/\/+$/, '').replace(/\.git$/i, '');
  return path ? `${m[1]!.toLowerCase()}/${path}` : undefined;
}


/** A value's offset in the text: as written, or with `/` escaped as `\/` (JSON allows either). */
function offsetOf(offsets: ValueOffsets, value: string): number | undefined {
  return takeOffset(offsets, value) ?? takeOffset(offsets, value.replaceAll('/', '\\/'));
}

function packageResolved(path: string, content: Buffer, text: string, index: LineIndex): Detection[] {
  const doc = parseJsonObject(content.toString('utf8'));
  if (!doc) return [];
  // v2/v3 `pins` at the top; v1 under `object`, with `repositoryURL` for `location`.
  const v1 = !Array.isArray(doc.pins) && isJsonObject(doc.object) && Array.isArray(doc.object.pins);
  const pins = v1 ? (doc.object as JsonObject).pins : doc.pins;
  if (!Array.isArray(pins)) return [];
  const urlKey = v1 ? 'repositoryURL' : 'location';
  const offsets = memberValueOffsets(text, urlKey);
  const out: Detection[] = [];
  for (const pin of pins) {
    if (!isJsonObject(pin) || typeof pin[urlKey] !== 'string') continue;
    const url = pin[urlKey];
    const pkg = swiftPackagePath(url);
    const lib = pkg && findLibrary('swift', pkg);
    if (!lib) continue;
    const state = pin.state;
    const version = isJsonObject(state) && typeof state.version === 'string' ? exactVersion(state.version) : undefined;
    const at = offsetOf(offsets, url) ?? 0;
    out.push(libraryDetection('swift', lib, lib.name, version, occurrenceAt(index, path, at, ID, lib.name)));
  }
  return out;
}

const PACKAGE_CALL = '.package(';
/** How far after `.package(` its arguments are read. */
const MAX_ARGUMENTS_CHARS = 2048;
/** `url: "…"` first (after an optional `name: "…"`), as the PackageDescription API orders the labels. */
const URL_ARGUMENT = /^\s*(?:name:\s*"[^"\n]{0,256}"\s*,\s*)?url:\s*"([^"\n]{1,1024})"/;
/** The requirement right after the URL, when it pins one version. */
const EXACT_REQUIREMENT = /^\s*,\s*(?:exact:\s*|\.exact\(\s*)"([^"\n]{1,128})"/;

function packageSwift(path: string, text: string, index: LineIndex): Detection[] {
  const out: Detection[] = [];
  // The line each call is on and where its first non-blank is, kept as the scan moves forward,
  // so a commented-out dependency (`// .package(url: …)`) is skipped in one pass over the file.
  let lineStart = 0;
  let firstNonBlank = 0;
  while (text[firstNonBlank] === ' ' || text[firstNonBlank] === '\t') firstNonBlank++;
  let nextLine = text.indexOf('\n');
  for (let at = text.indexOf(PACKAGE_CALL); at !== -1;) {
    const next = text.indexOf(PACKAGE_CALL, at + PACKAGE_CALL.length);
    if (nextLine !== -1 && nextLine < at) {
      lineStart = text.lastIndexOf('\n', at) + 1;
      nextLine = text.indexOf('\n', at);
      firstNonBlank = lineStart;
      while (text[firstNonBlank] === ' ' || text[firstNonBlank] === '\t') firstNonBlank++;
    }
    const commented = text.startsWith('//', firstNonBlank) && firstNonBlank < at;
    const argsAt = at + PACKAGE_CALL.length;
    const args = text.slice(argsAt, Math.min(next === -1 ? text.length : next, argsAt + MAX_ARGUMENTS_CHARS));
    const url = commented ? null : URL_ARGUMENT.exec(args);
    const pkg = url && swiftPackagePath(url[1]!);
    const lib = pkg && findLibrary('swift', pkg);
    if (url && lib) {
      const urlAt = url.index + url[0].length - url[1]!.length - 1;
      const exact = EXACT_REQUIREMENT.exec(args.slice(url.index + url[0].length));
      out.push(libraryDetection('swift', lib, lib.name, exactVersion(exact?.[1]), occurrenceAt(index, path, argsAt + urlAt, ID, lib.name)));
    }
    at = next;
  }
  return out;
}

export const swiftManifestDetector: Detector = {
  id: ID,
  // Every Package.swift/Package.resolved is read, as PyPI and Cargo manifests are: packages are URLs
  // compared case-insensitively (`CryptoSwift`, `cryptoswift`), which a byte prefilter cannot do.
  keywords: [],
  appliesTo: (path) => {
    const name = baseName(path);
    return name === 'Package.swift' || name === 'Package.resolved' || /^Package@swift-[\d.]+\.swift$/.test(name);
  },
  detect(file): Detection[] {
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    return baseName(file.path) === 'Package.resolved' ? packageResolved(file.path, file.content, text, index) : packageSwift(file.path, text, index);
  },
};
