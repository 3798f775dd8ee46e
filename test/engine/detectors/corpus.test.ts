// Labelled-corpus quality gate for the source detectors. Every test/fixtures/corpus/<language>/
// holds realistic files and an expected.json manifest; the corpus is scanned through the real
// pipeline (scanDirectory: walker, prefilter, detectors, knowledge base, inventory builder) and the
// inventory is compared with the manifest by (file, line, name). Printed per language: precision,
// recall and parameter accuracy; each must reach 0.95.
//
// Manifest: { "language": "java",
//   "assets":  [ { "file": "src/A.java", "line": 12, "name": "AES-256-GCM", "params": { "keySize": 256 } } ],
//   "signals": [ { "file": "src/A.java", "line": 20, "signal": "static-iv" } ] }
// `name` is the inventory asset name (algorithms: the KB resolution, AES-256-GCM / RSA-2048; protocols:
// "TLS 1.2"; materials: "AES-128 secret key", "keystore"). `params` is the subset to check: algorithm
// params, or for protocols { version, cipherSuites }, for materials { format, size }. Library assets
// are not listed (they are checked by the detectors' unit tests).
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Asset, Inventory } from '../../../src/engine/inventory/model.js';
import { scanDirectory } from '../../../src/engine/scan.js';

const CORPUS = new URL('../../fixtures/corpus/', import.meta.url).pathname;
const THRESHOLD = 0.95;

interface ExpectedAsset {
  file: string;
  line: number;
  name: string;
  params?: Record<string, unknown>;
}
interface ExpectedSignal {
  file: string;
  line: number;
  signal: string;
}
interface Manifest {
  language: string;
  assets: ExpectedAsset[];
  signals: ExpectedSignal[];
}

/** Facts of an asset that a manifest's `params` may check. */
function factsOf(a: Asset): Record<string, unknown> {
  switch (a.kind) {
    case 'algorithm':
      return { ...a.params };
    case 'protocol':
      return { ...(a.version ? { version: a.version } : {}), ...(a.cipherSuites.length ? { cipherSuites: a.cipherSuites.map((s) => s.name) } : {}) };
    case 'related-crypto-material':
      return { ...(a.format ? { format: a.format } : {}), ...(a.size ? { size: a.size } : {}) };
    default:
      return {};
  }
}

const key = (file: string, line: number, name: string) => `${file}\u0000${line}\u0000${name}`;

export interface CorpusScore {
  language: string;
  truePositives: number;
  falsePositives: string[];
  falseNegatives: string[];
  precision: number;
  recall: number;
  paramsChecked: number;
  paramsCorrect: number;
  paramAccuracy: number;
  paramMismatches: string[];
}

/** Compares an inventory with a manifest. Exported for the engine benchmark. */
export function scoreCorpus(manifest: Manifest, inventory: Inventory): CorpusScore {
  const actual = new Map<string, Record<string, unknown>>();
  for (const a of inventory.assets) {
    if (a.kind === 'library') continue;
    for (const o of a.occurrences) actual.set(key(o.path, o.line, a.name), factsOf(a));
  }
  for (const s of inventory.signals) actual.set(key(s.occurrence.path, s.occurrence.line, `signal:${s.signal}`), {});
  const expected = new Map<string, Record<string, unknown>>();
  for (const e of manifest.assets) expected.set(key(e.file, e.line, e.name), e.params ?? {});
  for (const s of manifest.signals) expected.set(key(s.file, s.line, `signal:${s.signal}`), {});

  const show = (k: string) => k.split('\u0000').join(':');
  let tp = 0;
  let checked = 0;
  let correct = 0;
  const fn: string[] = [];
  const mismatches: string[] = [];
  for (const [k, params] of expected) {
    const got = actual.get(k);
    if (!got) {
      fn.push(show(k));
      continue;
    }
    tp++;
    for (const [p, v] of Object.entries(params)) {
      checked++;
      if (JSON.stringify(got[p]) === JSON.stringify(v)) correct++;
      else mismatches.push(`${show(k)} ${p}: expected ${JSON.stringify(v)}, got ${JSON.stringify(got[p])}`);
    }
  }
  const fp = [...actual.keys()].filter((k) => !expected.has(k)).map(show);
  const precision = tp + fp.length === 0 ? 1 : tp / (tp + fp.length);
  const recall = expected.size === 0 ? 1 : tp / expected.size;
  return {
    language: manifest.language,
    truePositives: tp,
    falsePositives: fp.sort(),
    falseNegatives: fn.sort(),
    precision,
    recall,
    paramsChecked: checked,
    paramsCorrect: correct,
    paramAccuracy: checked === 0 ? 1 : correct / checked,
    paramMismatches: mismatches.sort(),
  };
}

export function corpusLanguages(): string[] {
  return readdirSync(CORPUS)
    .filter((d) => existsSync(join(CORPUS, d, 'expected.json')))
    .sort();
}

export function loadManifest(language: string): Manifest {
  return JSON.parse(readFileSync(join(CORPUS, language, 'expected.json'), 'utf8')) as Manifest;
}

export const corpusDir = (language: string) => join(CORPUS, language);

for (const language of corpusLanguages()) {
  test(`labelled corpus: ${language}`, async () => {
    const manifest = loadManifest(language);
    assert.ok(manifest.assets.length + manifest.signals.length > 0, 'the manifest lists expectations');
    const result = await scanDirectory(corpusDir(language), { threads: 0 });
    const s = scoreCorpus(manifest, result.inventory);
    const pct = (x: number) => (x * 100).toFixed(1) + '%';
    console.log(
      `corpus ${language}: precision ${pct(s.precision)} recall ${pct(s.recall)} parameter accuracy ${pct(s.paramAccuracy)} ` +
        `(${s.truePositives} matched, ${s.falsePositives.length} unexpected, ${s.falseNegatives.length} missed, ${s.paramsCorrect}/${s.paramsChecked} params)`,
    );
    for (const f of s.falsePositives) console.log(`  unexpected ${f}`);
    for (const f of s.falseNegatives) console.log(`  missed     ${f}`);
    for (const m of s.paramMismatches) console.log(`  params     ${m}`);
    assert.ok(s.precision >= THRESHOLD, `${language} precision ${pct(s.precision)} < 95%`);
    assert.ok(s.recall >= THRESHOLD, `${language} recall ${pct(s.recall)} < 95%`);
    assert.ok(s.paramAccuracy >= THRESHOLD, `${language} parameter accuracy ${pct(s.paramAccuracy)} < 95%`);
  });
}
