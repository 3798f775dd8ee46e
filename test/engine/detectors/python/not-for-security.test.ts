// `usedforsecurity=False` (Python 3.9+): the code declares a digest is not used for security. The
// algorithm stays in the inventory; the weak-hash rule leaves those places out.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { buildInventory } from '../../../../src/engine/inventory/build.js';
import { evaluateFindings } from '../../../../src/engine/findings/index.js';
import { SKIP_REASONS, type ScanStats } from '../../../../src/engine/inventory/model.js';
import { algorithms, detect, kb } from './helpers.js';

const SOURCE = `
import hashlib

def cache_key(url: str) -> str:
    # Only names a cache entry: declared as such, so FIPS builds allow it.
    return hashlib.md5(url.encode(), usedforsecurity=False).hexdigest()

def etag(body: bytes) -> str:
    return hashlib.new("sha1", body, usedforsecurity=False).hexdigest()

def legacy_token(secret: bytes) -> str:
    return hashlib.md5(secret).hexdigest()

def strict(body: bytes) -> str:
    return hashlib.sha1(body, usedforsecurity=True).hexdigest()
`;

const stats: ScanStats = {
  filesSeen: 1, filesScanned: 1, bytesScanned: SOURCE.length, skipped: Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as ScanStats['skipped'],
  filesByDetector: {}, truncated: false,
};

test('the detector marks the places that declare usedforsecurity=False, and only those', () => {
  const found = algorithms(SOURCE);
  assert.deepEqual(found.map((a) => [a.name, a.line, a.occurrence.notForSecurity ?? false]), [
    ['MD5', 6, true], ['SHA-1', 9, true], ['MD5', 12, false], ['SHA-1', 15, false],
  ]);
});

test('weak-hash skips declared non-security places; an asset used only that way raises nothing', () => {
  const { findings } = evaluateFindings(buildInventory(detect(SOURCE), stats, kb));
  const weak = findings.filter((f) => f.ruleId === 'weak-hash');
  assert.deepEqual(weak.map((f) => [f.assetRef, f.locations.map((l) => l.line)]), [
    ['algorithm/md5', [12]],
    ['algorithm/sha-1', [15]],
  ]);
  const onlyDeclared = evaluateFindings(buildInventory(detect(SOURCE.split('def legacy_token')[0]!), stats, kb));
  assert.deepEqual(onlyDeclared.findings.filter((f) => f.ruleId === 'weak-hash'), []);
  // Still inventoried: the BOM lists what the code uses.
  assert.ok(buildInventory(detect(SOURCE.split('def legacy_token')[0]!), stats, kb).assets.some((a) => a.id === 'algorithm/md5'));
});
