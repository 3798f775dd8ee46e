// RubyGems: Bundler's Gemfile (and gems.rb, Appraisal's *.gemfile) `gem` lines, Gemfile.lock (and
// gems.locked) `specs:` entries under GEM, and *.gemspec `add_dependency`/`add_runtime_dependency`/
// `add_development_dependency`. A requirement pins a version only when it is the only one and is `= 1.2.3`
// or a bare `1.2.3` (RubyGems reads a bare version as `=`); `~> 1.2`, `>= 1`, `!= 1.0` and two
// requirements are ranges. The lock file's `    name (version[-platform])` lines give resolved versions.
// All three are read line by line with bounded, anchored steps, so any file is one pass.
import type { Detection } from '../../../inventory/model.js';
import type { Detector } from '../../types.js';
import { LineIndex, baseName, occurrenceAt } from '../text.js';
import { exactVersion, findLibrary, keywordsFor, libraryDetection } from './libraries.js';

const ID = 'manifest-gem';

/** Longest string literal read: gem names and requirements are short. */
const MAX_STRING_CHARS = 256;
const CLOSING: Record<string, string> = { '<': '>', '(': ')', '{': '}', '[': ']' };

interface RubyString {
  value: string;
  /** Offset of the value's first character in the line. */
  start: number;
  /** Offset just after the literal (and a `.freeze`). */
  end: number;
}

/** A Ruby string literal at `at`: '…', "…", or %q<…> (%q(…), %q{…}, %q[…]) as generated gemspecs write names. */
function stringAt(line: string, at: number): RubyString | undefined {
  let open = line[at];
  let start = at + 1;
  if (open === '%' && line[at + 1] === 'q' && line[at + 2]! in CLOSING) {
    open = line[at + 2];
    start = at + 3;
  } else if (open !== '"' && open !== "'") return undefined;
  const close = CLOSING[open!] ?? open!;
  const end = line.indexOf(close, start);
  if (end === -1 || end - start > MAX_STRING_CHARS) return undefined;
  let after = end + 1;
  if (line.startsWith('.freeze', after)) after += '.freeze'.length;
  return { value: line.slice(start, end), start, end: after };
}

const skipBlanks = (line: string, at: number): number => {
  while (line[at] === ' ' || line[at] === '\t') at++;
  return at;
};

/**
 * The name and requirement strings of a dependency whose name literal starts at `at`:
 * `'jwt', '~> 2.7', require: false`, `%q<jwt>.freeze, ["= 2.8.1"]`. Reading stops at the first
 * argument that is not a string (an option, a variable), so `ENV["V"]` is no requirement.
 */
function dependencyAt(line: string, at: number): { name: RubyString; requirements: string[] } | undefined {
  const name = stringAt(line, at);
  if (!name || !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name.value)) return undefined;
  const requirements: string[] = [];
  let pos = name.end;
  let inArray = false;
  for (;;) {
    pos = skipBlanks(line, pos);
    if (inArray && line[pos] === ']') break;
    if (line[pos] !== ',') break;
    pos = skipBlanks(line, pos + 1);
    if (!inArray && requirements.length === 0 && line[pos] === '[') {
      inArray = true;
      pos = skipBlanks(line, pos + 1);
    }
    const req = stringAt(line, pos);
    if (!req) break;
    requirements.push(req.value);
    pos = req.end;
    if (inArray) {
      // The array's first element follows the `[`; later ones a comma, read by the loop.
      pos = skipBlanks(line, pos);
      if (line[pos] === ']') break;
    }
  }
  return { name, requirements };
}

/** One requirement that is `= 1.2.3` or a bare `1.2.3` (at least major.minor) pins that version. */
export function gemExactVersion(requirements: readonly string[]): string | undefined {
  if (requirements.length !== 1) return undefined;
  const r = requirements[0]!.trim();
  const v = r.startsWith('=') ? r.slice(1).trim() : r;
  return /^\d+\.\w/.test(v) ? exactVersion(v) : undefined;
}

/** Each line with its offset, `\r` removed. */
function* linesOf(text: string): Generator<{ line: string; offset: number }> {
  let offset = 0;
  while (offset <= text.length) {
    const nl = text.indexOf('\n', offset);
    const end = nl === -1 ? text.length : nl;
    yield { line: text.slice(offset, text[end - 1] === '\r' ? end - 1 : end), offset };
    if (nl === -1) break;
    offset = nl + 1;
  }
}

const GEMSPEC_CALL = /\.add_(?:runtime_|development_)?dependency\b[ \t]*\(?[ \t]*/;

function declaredDependencies(path: string, text: string, index: LineIndex, gemspec: boolean): Detection[] {
  const out: Detection[] = [];
  for (const { line, offset } of linesOf(text)) {
    let at: number;
    if (gemspec) {
      const m = GEMSPEC_CALL.exec(line);
      if (!m || line.lastIndexOf('#', m.index) !== -1) continue;
      at = m.index + m[0].length;
    } else {
      const start = skipBlanks(line, 0);
      if (!line.startsWith('gem', start) || !/[ \t(]/.test(line[start + 3] ?? '')) continue;
      at = skipBlanks(line, start + 3);
      if (line[at] === '(') at = skipBlanks(line, at + 1);
    }
    const dep = dependencyAt(line, at);
    const lib = dep && findLibrary('gem', dep.name.value);
    if (!lib) continue;
    out.push(libraryDetection('gem', lib, lib.name, gemExactVersion(dep.requirements), occurrenceAt(index, path, offset + dep.name.start, ID, lib.name)));
  }
  return out;
}

/**
 * Gemfile.lock: under a `GEM` section's `specs:`, each gem is `    name (version)` at four spaces
 * (its own dependencies follow at six). A platform gem's version carries its platform after a dash
 * (`3.1.20-java`); RubyGems versions have no dash, so the version is what precedes it (as Bundler reads it).
 */
function lockedGems(path: string, text: string, index: LineIndex): Detection[] {
  const out: Detection[] = [];
  let inGem = false;
  for (const { line, offset } of linesOf(text)) {
    if (line !== '' && line[0] !== ' ') {
      inGem = line.trimEnd() === 'GEM';
      continue;
    }
    if (!inGem || !line.startsWith('    ') || line[4] === ' ') continue;
    const space = line.indexOf(' ', 4);
    const name = line.slice(4, space === -1 ? line.length : space);
    const lib = findLibrary('gem', name);
    if (!lib) continue;
    const m = space === -1 ? null : /^ \(([^)\s-]*)(?:-[^)]*)?\)/.exec(line.slice(space, space + MAX_STRING_CHARS));
    out.push(libraryDetection('gem', lib, lib.name, exactVersion(m?.[1]), occurrenceAt(index, path, offset + 4, ID, lib.name)));
  }
  return out;
}

const isLock = (name: string): boolean => name === 'Gemfile.lock' || name === 'gems.locked' || name.endsWith('.gemfile.lock');

export const gemManifestDetector: Detector = {
  id: ID,
  // Gem names are case-sensitive and none is a common substring of other text.
  keywords: keywordsFor('gem'),
  appliesTo: (path) => {
    const name = baseName(path);
    return name === 'Gemfile' || name === 'gems.rb' || name.endsWith('.gemfile') || name.endsWith('.gemspec') || isLock(name);
  },
  detect(file): Detection[] {
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    const name = baseName(file.path);
    if (isLock(name)) return lockedGems(file.path, text, index);
    return declaredDependencies(file.path, text, index, name.endsWith('.gemspec'));
  },
};
