// The streaming writer gives the same bytes and digest as encodeBom, in several pieces when the
// document is larger than one batch, and the result still validates and verifies.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { encodeBom, verifyBom, writeBom, type BomFormat } from '../../../src/engine/encoders/index.js';
import { fixtures } from '../../fixtures/encoders/scans.js';
import type { Asset, ScanResult } from '../../../src/engine/inventory/model.js';
import { cycloneDxIntegrityErrors, cycloneDxSchemaErrors, spdxIntegrityErrors, spdxSchemaErrors } from './validate.js';

/** The github-service fixture plus 1,500 more algorithms seen 4 times each (a few MB of output). */
function larger(): ScanResult {
  const r = structuredClone(fixtures[0]!.result);
  const extra: Asset[] = Array.from({ length: 1500 }, (_, i) => ({
    kind: 'algorithm', id: `algorithm/hmac-sha256-${i}`, name: `HMAC-SHA256 #${i}`, family: 'HMAC', primitive: 'mac',
    params: { hash: 'SHA-256', keySize: 256 }, unknownParams: [], oid: '1.2.840.113549.2.9', classicalSecurityBits: 256,
    nistQuantumLevel: 5, broken: false, deprecated: null, cryptoFunctions: ['tag'], kbEntry: 'HMAC-SHA256',
    occurrences: Array.from({ length: 4 }, (_, j) => ({
      path: `services/s${i % 37}/handler_${i}.go`, line: 10 + j * 7, column: 9, symbol: 'hmac.New',
      snippet: `mac := hmac.New(sha256.New, secret${j}) // request signing for route ${i}`, detector: 'go',
    })),
  }));
  r.inventory.assets.push(...extra);
  return r;
}

describe('writeBom (streaming)', () => {
  const result = larger();
  const source = fixtures[0]!.source;
  for (const format of ['cyclonedx', 'spdx'] as BomFormat[]) {
    it(`${format}: same bytes and digest as encodeBom, written in more than one piece`, () => {
      const pieces: string[] = [];
      const streamed = writeBom(result, source, format, (chunk) => pieces.push(chunk));
      const whole = encodeBom(result, source, format);
      assert.ok(pieces.length > 2, `only ${pieces.length} pieces`);
      assert.equal(pieces.join(''), whole.json);
      assert.equal(streamed.sha256, whole.sha256);
      assert.equal(streamed.contentType, whole.contentType);
      assert.equal(verifyBom(whole.json).ok, true);
      const doc = JSON.parse(whole.json);
      if (format === 'cyclonedx') {
        assert.deepEqual(cycloneDxSchemaErrors(doc), []);
        assert.deepEqual(cycloneDxIntegrityErrors(doc), []);
      } else {
        assert.deepEqual(spdxSchemaErrors(doc), []);
        assert.deepEqual(spdxIntegrityErrors(doc), []);
      }
    });
  }
});
