// PyPI manifests: requirements*.txt / *.in (PEP 508 lines), pyproject.toml (PEP 621 dependency arrays
// and Poetry tables) and Pipfile. Read line by line: only names in the known-library list are kept, and
// only `==` pins give a version. Lock files give resolved versions: poetry.lock and uv.lock
// (`[[package]]` tables with name and version) and Pipfile.lock (JSON `default`/`develop`).
import type { Detection } from '../../../inventory/model.js';
import type { Detector } from '../../types.js';
import { LineIndex, baseName, occurrenceAt } from '../text.js';
import { exactVersion, findLibrary, libraryDetection } from './libraries.js';

const ID = 'manifest-pypi';
/** `name[extras] ==1.2` at the start of a requirements line. */
const REQUIREMENT = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(===?|~=|>=|<=|!=|>|<)?\s*([^\s;,#]*)/;
/** A quoted PEP 508 string inside a TOML array: "cryptography>=41", 'pyjwt[crypto]==2.8.0'. */
const QUOTED = /["']([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(===?|~=|>=|<=|!=|>|<)?\s*([^"';,\s]*)[^"']*["']/g;
/** A TOML table entry: cryptography = "==41.0.3" | cryptography = {version = "^41.0"}. */
const TABLE_ENTRY = /^\s*"?([A-Za-z0-9][A-Za-z0-9._-]*)"?\s*=\s*(?:"([^"]*)"|'([^']*)'|\{[^}]*?version\s*=\s*["']([^"']*)["'])/;

function isRequirementsFile(name: string): boolean {
  return /^(requirements|constraints)[^/]*\.(txt|in)$/i.test(name);
}

const LOCK_FILES = new Set(['poetry.lock', 'uv.lock', 'Pipfile.lock']);

/** poetry.lock / uv.lock: each `[[package]]` table names one resolved distribution. */
function tomlLock(path: string, text: string, index: LineIndex): Detection[] {
  const out: Detection[] = [];
  let pkg: { name: string; offset: number } | null = null;
  let inPackage = false;
  let offset = 0;
  for (const line of text.split('\n')) {
    const lineOffset = offset;
    offset += line.length + 1;
    if (/^\s*\[/.test(line)) {
      inPackage = /^\s*\[\[package\]\]\s*$/.test(line);
      pkg = null;
      continue;
    }
    if (!inPackage) continue;
    const m = /^\s*(name|version)\s*=\s*"([^"]*)"/.exec(line);
    if (!m) continue;
    if (m[1] === 'name') pkg = { name: m[2]!, offset: lineOffset + line.indexOf('"') + 1 };
    else if (pkg) {
      const lib = findLibrary('pypi', pkg.name);
      if (lib) out.push(libraryDetection('pypi', lib, pkg.name, exactVersion(m[2]), occurrenceAt(index, path, pkg.offset, ID, pkg.name)));
      pkg = null;
    }
  }
  return out;
}

/** Pipfile.lock: {"default": {"cryptography": {"version": "==42.0.5"}}, "develop": {...}}. */
function pipfileLock(path: string, text: string, index: LineIndex): Detection[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return [];
  }
  const out: Detection[] = [];
  for (const section of ['default', 'develop']) {
    const deps = (doc as Record<string, unknown> | null)?.[section];
    if (typeof deps !== 'object' || deps === null) continue;
    for (const [pkg, entry] of Object.entries(deps)) {
      const lib = findLibrary('pypi', pkg);
      if (!lib) continue;
      const spec = (entry as { version?: unknown } | null)?.version;
      const version = typeof spec === 'string' && spec.startsWith('==') ? exactVersion(spec) : undefined;
      out.push(libraryDetection('pypi', lib, pkg, version, occurrenceAt(index, path, Math.max(0, text.indexOf(`"${pkg}"`)) + 1, ID, pkg)));
    }
  }
  return out;
}

export const pypiManifestDetector: Detector = {
  id: ID,
  // PyPI names are case- and separator-insensitive (PyJWT, argon2_cffi): a byte prefilter on the
  // normalised names would drop real manifests, and few files match by name, so all are read.
  keywords: [],
  appliesTo(path) {
    const name = baseName(path);
    return isRequirementsFile(name) || name === 'pyproject.toml' || name === 'Pipfile' || LOCK_FILES.has(name);
  },
  detect(file): Detection[] {
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    const name = baseName(file.path);
    if (name === 'Pipfile.lock') return pipfileLock(file.path, text, index);
    if (LOCK_FILES.has(name)) return tomlLock(file.path, text, index);
    const out: Detection[] = [];
    const seen = new Set<string>();
    const emit = (pkg: string, op: string | undefined, spec: string | undefined, offset: number): void => {
      const lib = findLibrary('pypi', pkg);
      if (!lib) return;
      const version = op === '==' || op === '===' ? exactVersion(spec) : undefined;
      const key = `${lib.name}@${version ?? ''}@${offset}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push(libraryDetection('pypi', lib, pkg, version, occurrenceAt(index, file.path, offset, ID, pkg)));
    };
    let offset = 0;
    let section = '';
    for (const rawLine of text.split('\n')) {
      const lineOffset = offset;
      offset += rawLine.length + 1;
      const line = rawLine.replace(/\s#.*$/, '');
      if (/^\s*#/.test(line) || line.trim() === '') continue;
      if (isRequirementsFile(name)) {
        if (/^\s*-/.test(line)) continue; // -r, -e, --hash options
        const m = REQUIREMENT.exec(line);
        if (m) emit(m[1]!, m[2], m[3], lineOffset + line.indexOf(m[1]!));
        continue;
      }
      const header = /^\s*\[([^\]]+)\]\s*$/.exec(line);
      if (header) {
        section = header[1]!.trim();
        continue;
      }
      // Poetry (tool.poetry.dependencies, tool.poetry.group.*.dependencies) and Pipfile ([packages], [dev-packages]).
      const tableSection = /^tool\.poetry\.(?:group\.[^.]+\.)?(?:dev-)?dependencies$/.test(section) || section === 'packages' || section === 'dev-packages';
      if (tableSection) {
        const m = TABLE_ENTRY.exec(line);
        if (m) {
          const spec = (m[2] ?? m[3] ?? m[4] ?? '').trim();
          const pinned = /^==/.test(spec) || (name === 'pyproject.toml' && /^\d/.test(spec));
          emit(m[1]!, pinned ? '==' : undefined, spec.replace(/^==/, ''), lineOffset + line.indexOf(m[1]!));
        }
        continue;
      }
      // PEP 621 `dependencies = [...]` and `[project.optional-dependencies]` arrays, also multi-line.
      if (name === 'pyproject.toml' && (section === 'project' || section === 'project.optional-dependencies' || section === 'build-system' || section === 'dependency-groups')) {
        QUOTED.lastIndex = 0;
        for (let m = QUOTED.exec(line); m; m = QUOTED.exec(line)) emit(m[1]!, m[2], m[3], lineOffset + m.index + 1);
      }
    }
    return out;
  },
};
