// scanDirectory end to end on the labelled artefact tree: worker pool and in-thread runs agree, two
// runs are deep-equal, progress is reported, aborts and bad roots fail cleanly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanDirectory, ScanError, type ScanProgress } from '../../src/engine/scan.js';
import { METHODOLOGY_VERSION } from '../../src/engine/methodology.js';
import { BatchRunner } from '../../src/engine/scan-batch.js';
import { getKnowledgeBase } from '../../src/engine/kb/index.js';
import type { Detector } from '../../src/engine/detectors/types.js';

const tree = new URL('../fixtures/artefacts/tree', import.meta.url).pathname;

test('a scan is deterministic: two pooled runs and an in-thread run give deep-equal results', async () => {
  const progress: ScanProgress[] = [];
  const a = await scanDirectory(tree, { threads: 2, onProgress: (p) => progress.push(p) });
  const b = await scanDirectory(tree, { threads: 2 });
  const c = await scanDirectory(tree, { threads: 0 });
  assert.deepEqual(a, b);
  assert.deepEqual(a, c);
  assert.equal(a.methodologyVersion, METHODOLOGY_VERSION);

  const phases = [...new Set(progress.map((p) => p.phase))];
  assert.deepEqual(phases, ['walk', 'detect', 'inventory', 'findings', 'done']);
  const last = progress.at(-1)!;
  assert.equal(last.filesDone, last.filesTotal);
  assert.ok(last.filesTotal > 20);
});

test('the inventory holds the tree\'s artefacts, counted stats and findings', async () => {
  const r = await scanDirectory(tree, { threads: 0 });
  const { stats, assets } = r.inventory;
  assert.equal(stats.filesSeen, 50);
  assert.equal(stats.skipped['excluded-dir'], 2);
  assert.equal(stats.skipped.minified, 1);
  assert.equal(stats.skipped.generated, 1);
  assert.equal(stats.truncated, false);
  assert.equal(stats.filesByDetector.pem, 10);
  const names = new Set(assets.map((a) => a.kind === 'library' ? a.purl : a.name));
  for (const expected of ['pkg:npm/node-forge@1.3.1', 'pkg:maven/org.bouncycastle/bcprov-jdk18on@1.78.1', 'pkg:golang/golang.org/x/crypto@v0.22.0', 'pkg:cargo/ring@0.17.8',
    'pkg:composer/phpseclib/phpseclib@3.0.37', 'pkg:gem/jwt@2.8.1', 'pkg:swift/github.com/krzyzanowskim/CryptoSwift@1.8.3']) {
    assert.ok(names.has(expected), expected);
  }
  const certs = assets.filter((a) => a.kind === 'certificate');
  // The leaf certificate appears as DER and inside the Kubernetes secret: one asset, two occurrences.
  const leaf = certs.find((c) => c.kind === 'certificate' && c.subject === 'CN=api.example.test');
  assert.deepEqual(leaf?.occurrences.map((o) => o.path), ['certs/api.der', 'deploy/k8s/tls-secret.yaml']);
  assert.ok(r.findings.some((f) => f.ruleId === 'private-key-committed'));
  // A FIDO security key's file holds a key handle: the key itself never leaves the authenticator.
  const committed = new Set(r.findings.filter((f) => f.ruleId === 'private-key-committed').flatMap((f) => f.locations.map((l) => l.path)));
  assert.ok(committed.has('ssh/deploy_key') && !committed.has('ssh/id_ed25519_sk'));
  // With every detector registered (source-code ones included), the negatives still produce nothing.
  const seen = new Set(assets.flatMap((a) => a.occurrences.map((o) => o.path)));
  for (const negative of ['src/shaky.py', 'logs/app.log', 'README.md', 'broken/truncated.pem', 'broken/garbage.pem', 'tools/package.json']) {
    assert.ok(!seen.has(negative), negative);
  }
  assert.ok(r.findingsSummary.total === r.findings.length);
});

test('exclude globs and caps reach the walker; a truncated scan says so', async () => {
  const r = await scanDirectory(tree, { threads: 0, exclude: ['certs/**', 'ssh/**'], caps: { maxFiles: 5 } });
  assert.equal(r.inventory.stats.skipped['excluded-glob'], 2);
  assert.ok(r.inventory.stats.skipped['file-cap'] > 0);
  assert.equal(r.inventory.stats.truncated, true);
  assert.ok(r.inventory.assets.every((a) => a.occurrences.every((o) => !o.path.startsWith('certs/'))));
});

test('an aborted scan rejects; a missing or non-directory root is a ScanError', async () => {
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(scanDirectory(tree, { signal: controller.signal }), { name: 'AbortError' });
  const late = new AbortController();
  const p = scanDirectory(tree, { threads: 2, signal: late.signal, onProgress: (x) => x.phase === 'detect' && late.abort() });
  await assert.rejects(p, { name: 'AbortError' });
  await assert.rejects(scanDirectory('/nonexistent/cbom'), ScanError);
  await assert.rejects(scanDirectory(new URL(import.meta.url).pathname), ScanError);
});

test('a detector that throws on one file costs that file a parse-error, not the scan', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cbom-batch-'));
  try {
    mkdirSync(join(dir, 'a'));
    writeFileSync(join(dir, 'a/bad.txt'), 'KEYWORD boom');
    writeFileSync(join(dir, 'a/good.txt'), 'KEYWORD fine');
    const flaky: Detector = {
      id: 'flaky',
      keywords: ['KEYWORD'],
      appliesTo: () => true,
      detect: (f) => {
        if (f.path.endsWith('bad.txt')) throw new Error('parser bug');
        return [{ type: 'signal', signal: 'weak-random', detail: 'test', occurrence: { path: f.path, line: 1, column: 1, symbol: 'x', snippet: 'x', detector: 'flaky' } }];
      },
    };
    const r = await new BatchRunner([flaky], { kb: getKnowledgeBase() }).run({ root: dir, paths: ['a/bad.txt', 'a/good.txt', 'a/missing.txt'], maxFileBytes: 1024 });
    assert.deepEqual(r.detections.map((d) => d.occurrence.path), ['a/good.txt']);
    assert.deepEqual(r.skipped, { 'parse-error': 1, unreadable: 1 });
    assert.equal(r.filesScanned, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
