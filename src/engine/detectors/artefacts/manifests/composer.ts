// Composer (PHP): composer.json `require`/`require-dev` and composer.lock `packages`/`packages-dev`.
// composer.json declares constraints: only an exact version (`1.2.3`, `v1.2.3`, `=1.2.3`) is a version;
// `^1.2`, `~1.2`, `1.*`, `>=1.0 <2.0`, `1.0 - 2.0`, `^1 || ^2`, `dev-main`, `1.0.x-dev` and stability
// flags (`1.2.3@beta`) are not. composer.lock gives the installed version of each package. Both are
// JSON, parsed with JSON.parse (the walker's file-size cap bounds them, as for the npm manifests).
// Package names are compared case-insensitively, as Composer does, and reported lowercased (purl spec).
import type { Detection } from '../../../inventory/model.js';
import type { Detector } from '../../types.js';
import { LineIndex, baseName, occurrenceAt } from '../text.js';
import { isJsonObject, memberValueOffsets, parseJsonObject, takeOffset, type JsonObject } from './json-positions.js';
import { exactVersion, findLibrary, libraryDetection } from './libraries.js';
import { escapeRegex } from '../../source/common/regex.js';

const ID = 'manifest-composer';
const REQUIRE_FIELDS = ['require', 'require-dev'] as const;
const LOCK_FIELDS = ['packages', 'packages-dev'] as const;


/**
 * A Composer constraint that names one full version (`1.2` is `1.2.0.0` to Composer, but the lock
 * file would say `1.2.0`, and one library would show two versions). Operators, wildcards (`*`, `x`), ranges (`-`, `,`,
 * blanks, `||`), branches (`dev-…`, `….x-dev`) and stability flags (`@dev`) do not. A leading `v`
 * (a tag name, as lock files write `v6.10.0`) is dropped so that both files report one version.
 */
export function composerExactVersion(constraint: unknown): string | undefined {
  if (typeof constraint !== 'string') return undefined;
  const c = constraint.trim().replace(/^==?/, '');
  if (!c || /dev|[*^~<>!|,@\s]|(?:^|[.-])[xX](?:[.-]|$)/i.test(c)) return undefined;
  const v = c.replace(/^[vV](?=\d)/, '');
  return /^\d+\.\d+\.\d+(?:[-+.]|$)/.test(v) ? exactVersion(v) : undefined;
}

/** Offset of `"key"` as a member name after `from`, or -1. */
function memberAt(text: string, key: string, from = 0): number {
  const re = new RegExp(`"${escapeRegex(key)}"\\s*:`, 'g');
  re.lastIndex = from;
  const m = re.exec(text);
  return m ? m.index : -1;
}

function composerJson(path: string, doc: JsonObject, text: string, index: LineIndex): Detection[] {
  const out: Detection[] = [];
  for (const field of REQUIRE_FIELDS) {
    const deps = doc[field];
    if (!isJsonObject(deps)) continue;
    const section = Math.max(0, memberAt(text, field));
    for (const [name, constraint] of Object.entries(deps)) {
      const lib = findLibrary('composer', name);
      if (!lib) continue;
      const key = memberAt(text, name, section);
      out.push(libraryDetection('composer', lib, lib.name, composerExactVersion(constraint), occurrenceAt(index, path, key === -1 ? section : key + 1, ID, lib.name)));
    }
  }
  return out;
}

function composerLock(path: string, doc: JsonObject, text: string, index: LineIndex): Detection[] {
  const names = memberValueOffsets(text, 'name');
  const out: Detection[] = [];
  for (const field of LOCK_FIELDS) {
    const packages = doc[field];
    if (!Array.isArray(packages)) continue;
    for (const pkg of packages) {
      if (!isJsonObject(pkg) || typeof pkg.name !== 'string') continue;
      const lib = findLibrary('composer', pkg.name);
      if (!lib) continue;
      const at = takeOffset(names, pkg.name) ?? Math.max(0, memberAt(text, field));
      const version = typeof pkg.version === 'string' ? exactVersion(pkg.version.replace(/^[vV](?=\d)/, '')) : undefined;
      out.push(libraryDetection('composer', lib, lib.name, version, occurrenceAt(index, path, at, ID, lib.name)));
    }
  }
  return out;
}

export const composerManifestDetector: Detector = {
  id: ID,
  // Every composer.json/composer.lock is read, as PyPI and Cargo manifests are: names are compared
  // case-insensitively, which a byte prefilter cannot do, and few files have these names.
  keywords: [],
  appliesTo: (path) => {
    const name = baseName(path);
    return name === 'composer.json' || name === 'composer.lock';
  },
  detect(file): Detection[] {
    const doc = parseJsonObject(file.content.toString('utf8'));
    if (!doc) return [];
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    return baseName(file.path) === 'composer.lock' ? composerLock(file.path, doc, text, index) : composerJson(file.path, doc, text, index);
  },
};
