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

const keywords = [...new Set(DETECTORS.flatMap((d) => d.keywords))].sort();
const rgArgs = ['--no-ignore', '--hidden', '--fixed-strings', '--files-with-matches', '--max-filesize', '1M', ...keywords.flatMap((k) => ['-e', k]), corpus.root];
const runRg = (): number => {
  const s = performance.now();
  const r = spawnSync('rg', rgArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0 && r.status !== 1) throw new Error(`rg failed with status ${r.status}`);
  return (performance.now() - s) / 1000;
};
runRg(); // warm the page cache so that both sides read from memory
const rgSeconds = Math.min(runRg(), runRg());

// Reset the peak-RSS counter (Linux: writing 5 to clear_refs resets VmHWM) so generation does not count.
try {
  writeFileSync('/proc/self/clear_refs', '5');
} catch {
  /* not permitted: the peak then includes corpus generation, an overestimate */
}
const rssBefore = statusKb('VmRSS');
const s = performance.now();
const result = await scanDirectory(corpus.root);
const scanSeconds = (performance.now() - s) / 1000;
const peakMb = statusKb('VmHWM') / 1024;

const mb = result.inventory.stats.bytesScanned / 1e6;
const totalMb = corpus.bytes / 1e6;
const ratio = scanSeconds / rgSeconds;
console.log(`scan:    ${scanSeconds.toFixed(2)} s  ${(totalMb / scanSeconds).toFixed(1)} MB/s of tree, ${(corpus.files / scanSeconds).toFixed(0)} files/s; ${result.inventory.stats.filesScanned} files (${mb.toFixed(1)} MB) reached detectors; ${result.inventory.assets.length} assets, ${result.findings.length} findings`);
console.log(`skipped: ${JSON.stringify(Object.fromEntries(Object.entries(result.inventory.stats.skipped).filter(([, n]) => n > 0)))}`);
console.log(`ripgrep: ${rgSeconds.toFixed(2)} s  (${rgVersion.stdout.split('\n')[0]}, ${keywords.length} fixed strings)`);
console.log(`ratio:   ${ratio.toFixed(2)}x ripgrep (target <= ${RATIO_TARGET}x)`);
console.log(`peak RSS: ${peakMb.toFixed(0)} MB (before scan ${(rssBefore / 1024).toFixed(0)} MB; target < ${RSS_TARGET_MB} MB)`);

// Prefilter choice, measured: one combined RegExp over latin1 vs Buffer#indexOf per keyword.
const sample = spawnSync('rg', ['--files', corpus.root], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout.split('\n').filter(Boolean).slice(0, 3000);
const contents = sample.map((p) => readFileSync(p));
const needles = keywords.map((k) => Buffer.from(k, 'latin1'));
const combined = compileKeywords(keywords)!;
let hitsA = 0;
let hitsB = 0;
const a0 = performance.now();
for (const c of contents) if (combined.test(c.toString('latin1'))) hitsA++;
const a1 = performance.now();
for (const c of contents) if (needles.some((n) => c.includes(n))) hitsB++;
const a2 = performance.now();
console.log(`prefilter (${contents.length} files): RegExp ${(a1 - a0).toFixed(0)} ms, indexOf-per-keyword ${(a2 - a1).toFixed(0)} ms (hits ${hitsA}/${hitsB})`);

const missed: string[] = [];
if (ratio > RATIO_TARGET) missed.push(`scan took ${ratio.toFixed(2)}x ripgrep`);
if (peakMb >= RSS_TARGET_MB) missed.push(`peak RSS ${peakMb.toFixed(0)} MB`);
if (missed.length > 0) {
  console.log(`MISSED: ${missed.join('; ')}`);
  process.exit(1);
}
console.log('targets met');
