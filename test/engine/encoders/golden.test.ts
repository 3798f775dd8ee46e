// Golden files: the exact bytes of every fixture in both encodings, and a pin that ties those bytes
// to METHODOLOGY_VERSION. Any change to the encoded output fails here; regenerating the goldens
// (UPDATE_GOLDEN=1) is refused while METHODOLOGY_VERSION still names the pinned version, so an
// output change cannot ship without a methodology bump.
//
//   Regenerate after bumping METHODOLOGY_VERSION (src/engine/methodology.ts):
//   UPDATE_GOLDEN=1 node --import tsx --test test/engine/encoders/golden.test.ts
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { METHODOLOGY_VERSION } from '../../../src/engine/methodology.js';
import { encodeBom, type BomFormat } from '../../../src/engine/encoders/index.js';
import { fixtures } from '../../fixtures/encoders/scans.js';

const dir = fileURLToPath(new URL('../../fixtures/encoders/golden/', import.meta.url));
const pinFile = `${dir}methodology-pin.json`;
const update = process.env.UPDATE_GOLDEN === '1';
const FORMATS: BomFormat[] = ['cyclonedx', 'spdx'];

interface Pin {
  methodologyVersion: string;
  sha256: Record<string, string>;
}

const encoded = fixtures.flatMap((fx) => FORMATS.map((format) => ({ key: `${fx.name}.${format}`, enc: encodeBom(fx.result, fx.source, format) })));
const current: Pin = { methodologyVersion: METHODOLOGY_VERSION, sha256: Object.fromEntries(encoded.map((e) => [e.key, e.enc.sha256])) };

describe('golden BOMs', () => {
  if (update) {
    it('regenerates goldens (UPDATE_GOLDEN=1)', () => {
      const old: Pin | null = existsSync(pinFile) ? (JSON.parse(readFileSync(pinFile, 'utf8')) as Pin) : null;
      if (old && old.methodologyVersion === METHODOLOGY_VERSION && JSON.stringify(old.sha256) !== JSON.stringify(current.sha256)) {
        assert.fail(`encoded output changed but METHODOLOGY_VERSION is still ${METHODOLOGY_VERSION}: bump it in src/engine/methodology.ts, then regenerate`);
      }
      for (const e of encoded) writeFileSync(`${dir}${e.key}.json`, e.enc.json);
      writeFileSync(pinFile, `${JSON.stringify(current, null, 2)}\n`);
    });
    return;
  }

  it('the goldens were recorded with the current METHODOLOGY_VERSION', () => {
    const pin = JSON.parse(readFileSync(pinFile, 'utf8')) as Pin;
    assert.equal(pin.methodologyVersion, METHODOLOGY_VERSION, 'METHODOLOGY_VERSION changed: regenerate the goldens with UPDATE_GOLDEN=1');
    assert.deepEqual(current.sha256, pin.sha256, `encoded output changed: bump METHODOLOGY_VERSION (now ${METHODOLOGY_VERSION}) and regenerate with UPDATE_GOLDEN=1`);
  });

  for (const e of encoded) {
    it(`${e.key} is byte-identical to its golden file`, () => {
      assert.equal(e.enc.json, readFileSync(`${dir}${e.key}.json`, 'utf8'));
    });
  }
});
