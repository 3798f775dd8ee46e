// Golden files: the exact bytes of every fixture in both encodings, and a pin that ties those bytes
// to METHODOLOGY_VERSION. Any change to the encoded output fails here; once the pinned version is
// released (`"released": true` in methodology-pin.json), regenerating the goldens (UPDATE_GOLDEN=1) is
// refused while METHODOLOGY_VERSION still names it, so an output change cannot ship without a
// methodology bump. Before the first release the pin says `"released": false` and the goldens of
// that version may be regenerated in place (nobody holds a document of it yet); a bump resets the
// flag to false until the new version is released.
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
  /** Documents of this version have been published: its output is frozen. */
  released: boolean;
  sha256: Record<string, string>;
}

const encoded = fixtures.flatMap((fx) => FORMATS.map((format) => ({ key: `${fx.name}.${format}`, enc: encodeBom(fx.result, fx.source, format) })));
const current: Omit<Pin, 'released'> = { methodologyVersion: METHODOLOGY_VERSION, sha256: Object.fromEntries(encoded.map((e) => [e.key, e.enc.sha256])) };

describe('golden BOMs', () => {
  if (update) {
    it('regenerates goldens (UPDATE_GOLDEN=1)', () => {
      const old: Pin | null = existsSync(pinFile) ? (JSON.parse(readFileSync(pinFile, 'utf8')) as Pin) : null;
      const sameVersion = old !== null && old.methodologyVersion === METHODOLOGY_VERSION;
      if (sameVersion && old.released !== false && JSON.stringify(old.sha256) !== JSON.stringify(current.sha256)) {
        assert.fail(`encoded output changed but METHODOLOGY_VERSION is still ${METHODOLOGY_VERSION}, which is released: bump it in src/engine/methodology.ts, then regenerate`);
      }
      for (const e of encoded) writeFileSync(`${dir}${e.key}.json`, e.enc.json);
      // A new version starts unreleased; the same version keeps its flag.
      const pin: Pin = { methodologyVersion: current.methodologyVersion, released: sameVersion ? old.released : false, sha256: current.sha256 };
      writeFileSync(pinFile, `${JSON.stringify(pin, null, 2)}\n`);
    });
    return;
  }

  it('the goldens were recorded with the current METHODOLOGY_VERSION', () => {
    const pin = JSON.parse(readFileSync(pinFile, 'utf8')) as Pin;
    assert.equal(typeof pin.released, 'boolean', 'methodology-pin.json must say whether its version is released');
    assert.equal(pin.methodologyVersion, METHODOLOGY_VERSION, 'METHODOLOGY_VERSION changed: regenerate the goldens with UPDATE_GOLDEN=1');
    assert.deepEqual(current.sha256, pin.sha256, `encoded output changed: bump METHODOLOGY_VERSION (now ${METHODOLOGY_VERSION}) and regenerate with UPDATE_GOLDEN=1`);
  });

  for (const e of encoded) {
    it(`${e.key} is byte-identical to its golden file`, () => {
      assert.equal(e.enc.json, readFileSync(`${dir}${e.key}.json`, 'utf8'));
    });
  }
});
