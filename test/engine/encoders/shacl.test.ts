// Semantic (SHACL) validation of the SPDX encoding against the official SPDX 3.0.1 model, offline
// (the JSON-LD context is served from schemas/spdx/). About 2 s per document on the CI machine.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { encodeBom } from '../../../src/engine/encoders/index.js';
import { fixtures } from '../../fixtures/encoders/scans.js';
import { spdxShaclErrors } from './validate.js';

describe('SPDX encoding conforms to the SPDX 3.0.1 SHACL model', () => {
  for (const fx of fixtures) {
    it(fx.name, async () => {
      const doc = JSON.parse(encodeBom(fx.result, fx.source, 'spdx').json) as Record<string, unknown>;
      assert.deepEqual(await spdxShaclErrors(doc), []);
    });
  }

  it('and the check can fail: a line range starting at 0 is reported', async () => {
    const fx = fixtures[0]!;
    const doc = JSON.parse(encodeBom(fx.result, fx.source, 'spdx').json) as { '@graph': Record<string, unknown>[] };
    const snippet = doc['@graph'].find((n) => n.type === 'software_Snippet')!;
    snippet.software_lineRange = { type: 'PositiveIntegerRange', beginIntegerRange: 0, endIntegerRange: 1 };
    const errors = await spdxShaclErrors(doc);
    assert.equal(errors.length, 1);
    assert.match(errors[0]!, /beginIntegerRange/);
  });
});
