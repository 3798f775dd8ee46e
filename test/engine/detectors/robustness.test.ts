// Every source-code detector against hostile repository content. A scanned repository is attacker-written
// text: a detector that throws loses the file's results (counted as `parse-error`), one that takes
// super-linear time holds a scan worker until the deadline. Two halves:
//  1. property-based: random token soups built from each language's own crypto names, keywords and
//     punctuation (valid and broken code) never make `detect` throw, and every detection it returns is
//     well-formed (plain JSON, positions inside the file, the given path, short snippets, spellings);
//  2. deterministic hostile shapes per language (deep nesting, a 1 MB line, long call chains, a 500 KB
//     string, thousands of crypto calls, long alias chains), each behind a generous hang guard: the point
//     is "not seconds, not a crash", never a tight timing (shared CI cores are slow and noisy).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { DETECTORS } from '../../../src/engine/detectors/index.js';
import type { Detector } from '../../../src/engine/detectors/types.js';
import type { Detection } from '../../../src/engine/inventory/model.js';
import { getKnowledgeBase } from '../../../src/engine/kb/index.js';
import { UnsafeToParse, parseSource, type SourceLanguage } from '../../../src/engine/detectors/source/common/languages.js';
import { LANGS, LAYOUT, LITERALS, PUNCTUATION, shapes, type Lang } from './robustness-shapes.js';

const kb = getKnowledgeBase();
/**
 * A hostile shape must finish well within this much CPU time (they take milliseconds to a few seconds),
 * plus HANG_GUARD_PARSES times what parsing the same text alone takes on this machine, measured in
 * the same test: tree-sitter's own time varies several-fold between machines of one kind (the Ruby
 * 1 MB keyword line parsed in 1.8 s on one and 2.9-4.2 s on another, where a flat 10 s guard failed the
 * unchanged code), while a hang is minutes on any of them.
 */
const HANG_GUARD_MS = 10_000;
const HANG_GUARD_PARSES = 4;
const SEED = 20261126;

function detectorFor(id: string): Detector {
  const d = DETECTORS.find((x) => x.id === id);
  assert.ok(d, `no detector ${id}`);
  return d;
}

/** Throws (with the reason) unless every detection is well-formed for the file. */
function checkDetections(lang: Lang, text: string, detections: Detection[]): void {
  assert.ok(Array.isArray(detections), 'detect returns an array');
  const lineCount = text.split(/\r\n|\r|\n/).length;
  for (const det of detections) {
    const json = JSON.stringify(det);
    assert.deepEqual(JSON.parse(json), det, `not plain JSON: ${json.slice(0, 300)}`);
    const o = det.occurrence;
    assert.equal(o.path, lang.path);
    assert.ok(Number.isInteger(o.line) && o.line >= 1 && o.line <= lineCount, `line ${o.line} of ${lineCount}: ${json.slice(0, 300)}`);
    assert.ok(Number.isInteger(o.column) && o.column >= 1, `column ${o.column}: ${json.slice(0, 300)}`);
    assert.ok(typeof o.snippet === 'string' && o.snippet.length <= 200, `snippet of ${o.snippet.length} characters`);
    assert.equal(typeof o.symbol, 'string');
    if (det.type === 'algorithm') assert.ok(typeof det.spelling === 'string' && det.spelling.length > 0, `empty spelling: ${json.slice(0, 300)}`);
  }
}

/**
 * CPU milliseconds of this process (the detectors run on this thread): unlike wall time it does not
 * grow when other work shares the machine, so the hang guard catches runaway work, not a busy CI host.
 */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** The grammar a shape's file is parsed with (the JS/TS and C/C++ detectors choose by extension). */
function grammarOf(lang: Lang): SourceLanguage {
  const ext = lang.path.slice(lang.path.lastIndexOf('.') + 1);
  if (lang.id === 'javascript') return ext === 'tsx' ? 'tsx' : ext === 'ts' ? 'typescript' : 'javascript';
  if (lang.id === 'c') return ext === 'c' || ext === 'h' ? 'c' : 'cpp';
  return lang.id as SourceLanguage;
}

/** CPU milliseconds tree-sitter alone takes for the text (0 when the text is refused before parsing). */
function parseMs(lang: Lang, text: string): number {
  const t0 = cpuMs();
  try {
    parseSource(grammarOf(lang), text).root();
  } catch (e) {
    if (!(e instanceof UnsafeToParse)) throw e;
  }
  return cpuMs() - t0;
}

function run(lang: Lang, text: string): { detections: Detection[]; ms: number } {
  const t0 = cpuMs();
  const detections = detectorFor(lang.id).detect({ path: lang.path, content: Buffer.from(text, 'utf8') }, { kb });
  return { detections, ms: cpuMs() - t0 };
}

describe('source detectors on random token soups (property-based)', () => {
  for (const lang of LANGS) {
    it(`${lang.id}: never throws, every detection well-formed`, () => {
      const d = detectorFor(lang.id);
      assert.ok(d.appliesTo(lang.path), `${lang.id} reads ${lang.path}`);
      const token = fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...d.keywords) },
        { weight: 3, arbitrary: fc.constantFrom(...lang.tokens) },
        { weight: 4, arbitrary: fc.constantFrom(...PUNCTUATION) },
        { weight: 2, arbitrary: fc.constantFrom(...LITERALS) },
        { weight: 2, arbitrary: fc.constantFrom(...LAYOUT) },
        { weight: 1, arbitrary: fc.constantFrom('x', 'y', 'key', 'iv', 'k0', '_', 'getInstance', 'new', 'create') },
      );
      // A soup of tokens, sometimes spliced into a well-formed crypto call so the handlers run on
      // partly valid code too.
      const file = fc.tuple(fc.array(token, { maxLength: 120 }), fc.array(fc.constantFrom(' ', '', '\n', '.', '::'), { minLength: 120, maxLength: 120 }), fc.boolean())
        .map(([tokens, glue, wrap]) => {
          const soup = tokens.map((t, i) => t + glue[i]).join('');
          return wrap ? lang.wrap(`${lang.assign('z', lang.call(lang.arg))}\n${soup}\n${lang.call(soup.slice(0, 40) || lang.arg)}`) : soup;
        });
      fc.assert(
        fc.property(file, (text) => {
          checkDetections(lang, text, run(lang, text).detections);
        }),
        { seed: SEED, numRuns: 150 },
      );
    });
  }
});

describe('source detectors on hostile shapes (hang guard, not timing)', () => {
  for (const lang of LANGS) {
    it(`${lang.id}: deep nesting, long lines, long chains, big strings, many calls, alias chains`, () => {
      for (const [name, text] of shapes(lang, detectorFor(lang.id).keywords)) {
        let result: { detections: Detection[]; ms: number };
        const t0 = cpuMs();
        try {
          result = run(lang, text);
        } catch (e) {
          // A refusal before parsing (nesting past the parser's limits) is the designed outcome: the
          // scan counts the file as parse-error and goes on. Anything else is a bug.
          if (e instanceof UnsafeToParse) {
            assert.ok(cpuMs() - t0 < HANG_GUARD_MS, `${lang.id}, ${name}: refusal took too long`);
            continue;
          }
          assert.fail(`${lang.id}, ${name}: threw ${(e as Error).stack?.split('\n').slice(0, 6).join(' | ')}`);
        }
        if (process.env.ROBUSTNESS_TIMES) console.log(`${lang.id}\t${name}\t${result.ms.toFixed(0)} ms\t${result.detections.length} detections`);
        // Measured only when the flat guard is passed: most shapes take milliseconds.
        if (result.ms >= HANG_GUARD_MS) {
          const parsing = parseMs(lang, text);
          assert.ok(result.ms < HANG_GUARD_MS + HANG_GUARD_PARSES * parsing, `${lang.id}, ${name}: ${result.ms.toFixed(0)} ms (parsing alone ${parsing.toFixed(0)} ms)`);
        }
        checkDetections(lang, text, result.detections);
      }
    });
  }
});

describe('regressions found by this file', () => {
  const kotlin = LANGS.find((l) => l.id === 'kotlin')!;
  const python = LANGS.find((l) => l.id === 'python')!;

  it('kotlin: getInstance nested 1,500 deep is linear (each call walked all its ancestors: 118 s at 2,000), mock stubs still skipped', () => {
    const n = 1_500;
    const text = kotlin.wrap(`val x = ${'Cipher.getInstance('.repeat(n)}"AES"${')'.repeat(n)}`);
    const { detections, ms } = run(kotlin, text);
    assert.ok(ms < HANG_GUARD_MS, `${ms.toFixed(0)} ms`);
    assert.equal(detections.length, n);
    // The memoised walk keeps its answers: a stub inside every/verify is no use, a function declared
    // inside one is.
    const mocked = 'import javax.crypto.Cipher\nimport io.mockk.every\nclass T {\n fun t() {\n  every { Cipher.getInstance(any()) } returns mockk()\n'
      + '  verify { Cipher.getInstance("DES") }\n  every { run { fun g() { Cipher.getInstance("RC4") } } }\n  val c = Cipher.getInstance("AES/GCM/NoPadding")\n }\n}\n';
    const found = run(kotlin, mocked).detections.map((d) => `${d.occurrence.line} ${d.type === 'algorithm' ? d.spelling : d.type}`);
    assert.deepEqual(found, ['7 RC4', '8 AES']);
  });

  // These used to abort the whole process (tree-sitter asserts its 1,024-byte scanner state), so a scan
  // worker and every file it held were lost; now the file alone is refused (counted as parse-error).
  it('python: 511 indentation levels with a string are refused, 400 still parse', () => {
    const deep = (levels: number): string => python.wrap(`${Array.from({ length: levels }, (_, k) => `${' '.repeat(k)}if x:`).join('\n')}\n${' '.repeat(levels)}h = hashlib.new("sha256")`);
    assert.throws(() => run(python, deep(600)), UnsafeToParse);
    // Tabs count 8 columns and a backslash-newline carries the width on, as in the parser's scanner.
    assert.throws(() => run(python, python.wrap(`${'\t'.repeat(60)}x = "a"`)), UnsafeToParse);
    assert.throws(() => run(python, python.wrap(`${'          \\\n'.repeat(50)}x = "a"`)), UnsafeToParse);
    const { detections } = run(python, deep(400));
    assert.equal(detections.length, 1);
  });

  it('kotlin: over 1,000 nested string templates are refused, 1,000 still parse', () => {
    const nested = (n: number): string => kotlin.wrap(`val s = ${'"${'.repeat(n)}1${'}"'.repeat(n)}\nval c = Cipher.getInstance("AES/GCM/NoPadding")`);
    assert.throws(() => run(kotlin, nested(1_100)), UnsafeToParse);
    assert.equal(run(kotlin, nested(1_000)).detections.length, 1);
  });
});

describe('bracket nesting past the readable depth', () => {
  it('is refused before parsing in every language (reading such a tree is quadratic in its depth); 1,900 levels still parse', () => {
    for (const lang of LANGS) {
      const arg = lang.call(lang.arg);
      const deep = (n: number) => lang.wrap(lang.assign('x', `${'('.repeat(n)}${arg}${')'.repeat(n)}`));
      assert.throws(() => run(lang, deep(2_100)), UnsafeToParse, lang.id);
      assert.doesNotThrow(() => run(lang, deep(1_900)), lang.id);
    }
  });
});
