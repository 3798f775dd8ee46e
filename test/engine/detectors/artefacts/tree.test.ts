// The labelled fixture tree: every artefact detector on files where crypto hides (PEM in markdown and
// YAML block scalars, one-line PEM in JSON, JWKS, keystores, server configs, manifests) next to things
// that must produce nothing (prose about AES, a `shaky` variable, a fingerprint in a log line, broken
// PEM, excluded folders, minified and generated files). tree.expected.json lists every expected
// detection; anything more is a false positive and fails the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { walk } from '../../../../src/engine/walk/walker.js';
import { BatchRunner } from '../../../../src/engine/scan-batch.js';
import { ARTEFACT_DETECTORS } from '../../../../src/engine/detectors/artefacts/index.js';
import { FIXTURES, kb } from './helpers.js';
import { summarise } from './summarise.js';

const root = `${FIXTURES}tree`;
const expected = JSON.parse(readFileSync(`${FIXTURES}tree.expected.json`, 'utf8')) as string[];

test('the artefact detectors find exactly the labelled assets of the fixture tree', async () => {
  const walked = await walk(root, { wanted: (p) => ARTEFACT_DETECTORS.some((d) => d.appliesTo(p)) });
  const result = await new BatchRunner(ARTEFACT_DETECTORS, { kb }).run({ root, paths: walked.files.map((f) => f.path), maxFileBytes: 1 << 20 });
  const found = result.detections.map(summarise);
  const missing = expected.filter((e) => !found.includes(e));
  const extra = found.filter((f) => !expected.includes(f));
  assert.deepEqual({ missing, extra }, { missing: [], extra: [] });

  // The negatives were read (or deliberately skipped) and produced nothing.
  const paths = new Set(result.detections.map((d) => d.occurrence.path));
  for (const negative of ['src/shaky.py', 'logs/app.log', 'docs/tls-setup.md', 'broken/truncated.pem', 'broken/garbage.pem', 'broken/unterminated.pem', 'broken/fake-ssh.pub', 'tools/package.json']) {
    assert.equal([...paths].filter((p) => p === negative).length, negative === 'docs/tls-setup.md' ? 1 : 0, negative);
  }
  assert.equal(result.detections.filter((d) => d.occurrence.path === 'docs/tls-setup.md').length, 1, 'prose about AES and BEGIN CERTIFICATE adds nothing');
  assert.equal(walked.skipped['excluded-dir'], 2); // node_modules, vendor
  assert.equal(walked.skipped.minified, 1); // app/bundle.min.js
  assert.equal(result.skipped.generated, 1); // gen/keys_gen.go
  assert.equal(result.skipped['parse-error'] ?? 0, 0);
});
