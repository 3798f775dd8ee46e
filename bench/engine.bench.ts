// `npm run bench:engine`: scan a generated >= 200 MB mixed-language tree with scanDirectory and compare
// with ripgrep searching the same tree for the prefilter's keywords, in the same run. Prints MB/s,
// files/s, peak RSS (VmHWM of this process: main thread and worker threads share it) and the ratio.
// Targets: scan within 5x ripgrep's time, peak RSS under 1 GB; exits 1 when a target is missed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ensureCorpus } from './engine-corpus.js';
import type { Detector } from '../src/engine/detectors/types.js';
import type { scanDirectory as ScanFn } from '../src/engine/scan.js';

const RATIO_TARGET = 5;
const RSS_TARGET_MB = 1024;

// The compiled engine (what `npm start` runs, with compiled workers) when `npm run build` produced it.
const distScan = new URL('../dist/engine/scan.js', import.meta.url);
const useDist = existsSync(distScan.pathname);
const base = useDist ? '../dist/engine/' : '../src/engine/';
const ext = useDist ? '.js' : '.ts';
const { scanDirectory } = (await import(`${base}scan${ext}`)) as { scanDirectory: typeof ScanFn };
const { DETECTORS } = (await import(`${base}detectors/index${ext}`)) as { DETECTORS: readonly Detector[] };
const { compileKeywords } = (await import(`${base}walk/prefilter${ext}`)) as { compileKeywords: (k: Iterable<string>) => RegExp | null };
const { KeywordAutomaton } = (await import(`${base}walk/aho-corasick${ext}`)) as typeof import('../src/engine/walk/aho-corasick.js');

function statusKb(field: 'VmHWM' | 'VmRSS'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) : NaN;
}

const rgVersion = spawnSync('rg', ['--version'], { encoding: 'utf8' });
if (rgVersion.status !== 0) {
  console.error('bench:engine needs ripgrep as its baseline: apt-get install -y ripgrep');
  process.exit(1);
}

const t0 = performance.now();
const corpus = ensureCorpus();
console.log(`corpus: ${corpus.root} (${corpus.files} files, ${(corpus.bytes / 1e6).toFixed(1)} MB, ${corpus.reused ? 'cached' : `generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`})`);
console.log(`engine: ${useDist ? 'dist (compiled workers)' : 'src under tsx'}, ${DETECTORS.length} detectors`);

const { ARTEFACT_DETECTORS } = (await import(`${base}detectors/artefacts/index${ext}`)) as { ARTEFACT_DETECTORS: readonly Detector[] };
const ARTEFACT_IDS = ARTEFACT_DETECTORS.map((d) => d.id);

function rgSecondsFor(keywords: string[]): number {
  const args = ['--no-ignore', '--hidden', '--fixed-strings', '--files-with-matches', '--max-filesize', '1M', ...keywords.flatMap((k) => ['-e', k]), corpus.root];
  const once = (): number => {
    const s = performance.now();
    const r = spawnSync('rg', args, { stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0 && r.status !== 1) throw new Error(`rg failed with status ${r.status}`);
    return (performance.now() - s) / 1000;
  };
  once(); // warm the page cache so that both sides read from memory
  return Math.min(once(), once());
}

interface Run { label: string; seconds: number; rgSeconds: number; peakMb: number; keywords: number; result: Awaited<ReturnType<typeof scanDirectory>> }

async function measure(label: string, detectorIds: string[] | undefined): Promise<Run> {
  const selected = detectorIds ? DETECTORS.filter((d) => detectorIds.includes(d.id)) : DETECTORS;
  const keywords = [...new Set(selected.flatMap((d) => d.keywords))].sort();
  const rgSeconds = rgSecondsFor(keywords);
  // Reset the peak-RSS counter (Linux: writing 5 to clear_refs resets VmHWM) so earlier phases do not count.
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    /* not permitted: the peak then includes earlier phases, an overestimate */
  }
  const s = performance.now();
  const result = await scanDirectory(corpus.root, detectorIds ? { detectorIds } : {});
  const seconds = (performance.now() - s) / 1000;
  return { label, seconds, rgSeconds, peakMb: statusKb('VmHWM') / 1024, keywords: keywords.length, result };
}

const runs = [await measure('all detectors', undefined), await measure('artefact detectors only', ARTEFACT_IDS)];
const totalMb = corpus.bytes / 1e6;
for (const r of runs) {
  const st = r.result.inventory.stats;
  console.log(`\n[${r.label}]`);
  console.log(`scan:     ${r.seconds.toFixed(2)} s  ${(totalMb / r.seconds).toFixed(1)} MB/s, ${(corpus.files / r.seconds).toFixed(0)} files/s; ${st.filesScanned} files (${(st.bytesScanned / 1e6).toFixed(1)} MB) reached detectors; ${r.result.inventory.assets.length} assets, ${r.result.findings.length} findings`);
  console.log(`skipped:  ${JSON.stringify(Object.fromEntries(Object.entries(st.skipped).filter(([, n]) => n > 0)))}; by detector ${JSON.stringify(st.filesByDetector)}`);
  console.log(`ripgrep:  ${r.rgSeconds.toFixed(2)} s  (${rgVersion.stdout.split('\n')[0]}, ${r.keywords} fixed strings)`);
  console.log(`ratio:    ${(r.seconds / r.rgSeconds).toFixed(2)}x ripgrep (target <= ${RATIO_TARGET}x)`);
  console.log(`peak RSS: ${r.peakMb.toFixed(0)} MB (target < ${RSS_TARGET_MB} MB)`);
}
const keywords = [...new Set(DETECTORS.flatMap((d) => d.keywords))].sort();
const full = runs[0]!;
const ratio = full.seconds / full.rgSeconds;
const peakMb = Math.max(...runs.map((r) => r.peakMb));

// Prefilter choice, measured: the Aho-Corasick DFA the engine uses, one combined RegExp over latin1,
// Buffer#indexOf per keyword.
const listed = spawnSync('rg', ['--files', corpus.root], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout.split('\n').filter(Boolean).sort();
const sample = listed.filter((_, i) => i % Math.max(1, Math.floor(listed.length / 3000)) === 0);
const contents = sample.map((p) => readFileSync(p));
const needles = keywords.map((k) => Buffer.from(k, 'latin1'));
const automaton = new KeywordAutomaton(keywords);
const combined = compileKeywords(keywords)!;
const timeIt = (f: (c: Buffer) => boolean): { ms: number; hits: number } => {
  const s0 = performance.now();
  let hits = 0;
  for (const c of contents) if (f(c)) hits++;
  return { ms: performance.now() - s0, hits };
};
const ac = timeIt((c) => automaton.test(c));
const re = timeIt((c) => combined.test(c.toString('latin1')));
const io = timeIt((c) => needles.some((n) => c.includes(n)));
console.log(`\nprefilter on ${contents.length} files (${(contents.reduce((n, c) => n + c.length, 0) / 1e6).toFixed(1)} MB), all ${keywords.length} keywords: Aho-Corasick ${ac.ms.toFixed(0)} ms, RegExp ${re.ms.toFixed(0)} ms, indexOf per keyword ${io.ms.toFixed(0)} ms (hits ${ac.hits}/${re.hits}/${io.hits})`);

const missed: string[] = [];
if (ratio > RATIO_TARGET) missed.push(`scan took ${ratio.toFixed(2)}x ripgrep`);
if (peakMb >= RSS_TARGET_MB) missed.push(`peak RSS ${peakMb.toFixed(0)} MB`);
if (missed.length > 0) {
  console.log(`MISSED: ${missed.join('; ')}`);
  process.exit(1);
}
console.log('targets met');
