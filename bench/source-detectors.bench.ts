// Throughput of single source detectors on their labelled corpus, replicated in memory: every corpus
// file of a language (crypto-dense by design, so a worst case for parse + resolve) is run through the
// detector N times on one core, after the prefilter a real scan applies. Prints MB/s per detector and
// the detections per file, next to the parse-only rate of the same bytes measured in the same run (the
// floor every syntax-tree detector pays; on a loaded machine compare the ratio, not the absolute MB/s).
// Usage: node --import tsx bench/source-detectors.bench.ts [language ...] [--mb N]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DETECTORS } from '../src/engine/detectors/index.js';
import { getKnowledgeBase } from '../src/engine/kb/index.js';
import { parseSource, type SourceLanguage } from '../src/engine/detectors/source/common/languages.js';

const CORPUS = new URL('../test/fixtures/corpus/', import.meta.url).pathname;
const args = process.argv.slice(2);
const mbIndex = args.indexOf('--mb');
const targetMb = mbIndex >= 0 ? Number(args[mbIndex + 1]) : 8;
const languages = args.filter((a, i) => !a.startsWith('--') && i !== mbIndex + 1);
const selected = languages.length ? languages : ['go', 'javascript'];
const kb = getKnowledgeBase();

function grammarOf(language: string, path: string): SourceLanguage {
  if (language !== 'javascript') return language as SourceLanguage;
  if (path.endsWith('.tsx')) return 'tsx';
  return /\.[cm]?ts$/.test(path) ? 'typescript' : 'javascript';
}

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (name !== 'expected.json') out.push(p);
  }
  return out;
}

for (const language of selected) {
  const detector = DETECTORS.find((d) => d.id === language);
  if (!detector) {
    console.error(`no detector with id ${language}`);
    process.exitCode = 2;
    continue;
  }
  const root = join(CORPUS, language);
  const needles = detector.keywords.map((k) => Buffer.from(k, 'latin1'));
  const inputs = files(root)
    .map((p) => ({ path: relative(root, p), content: readFileSync(p) }))
    .filter((f) => detector.appliesTo(f.path) && (needles.length === 0 || needles.some((n) => f.content.includes(n))));
  const corpusBytes = inputs.reduce((s, f) => s + f.content.length, 0);
  const rounds = Math.max(1, Math.ceil((targetMb * 1e6) / corpusBytes));
  // Warm-up: JIT, grammar registration, knowledge-base load.
  for (const f of inputs) detector.detect(f, { kb });
  // Parse-only and detector passes alternate round by round, so that both see the same machine load.
  let detections = 0;
  let seconds = 0;
  let parseSeconds = 0;
  for (let r = 0; r < rounds; r++) {
    const p0 = performance.now();
    for (const f of inputs) parseSource(grammarOf(language, f.path), f.content.toString('utf8')).root();
    const d0 = performance.now();
    for (const f of inputs) detections += detector.detect(f, { kb }).length;
    const d1 = performance.now();
    parseSeconds += (d0 - p0) / 1000;
    seconds += (d1 - d0) / 1000;
    // Let V8 collect the syntax-tree wrappers between rounds (see STACK.md on native memory).
    await new Promise((resolve) => setImmediate(resolve));
  }
  const mb = (corpusBytes * rounds) / 1e6;
  console.log(
    `${language.padEnd(11)} ${inputs.length} files x ${rounds} = ${mb.toFixed(1)} MB in ${seconds.toFixed(2)} s: ` +
      `${(mb / seconds).toFixed(2)} MB/s, ${((inputs.length * rounds) / seconds).toFixed(0)} files/s, ` +
      `${(detections / (inputs.length * rounds)).toFixed(1)} detections/file; parse only ${(mb / parseSeconds).toFixed(2)} MB/s ` +
      `(detector = ${(seconds / parseSeconds).toFixed(1)}x parse); rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
  );
}
