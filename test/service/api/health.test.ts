import { it } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDialect } from '../../helpers/service.js';
import { METHODOLOGY_VERSION } from '../../../src/engine/methodology.js';

describeEachDialect('GET /health', (t) => {
  it('is public and reports versions, formats, storage and queue', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/cbom/health' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['x-trace-id']), /^[0-9a-f-]{36}$/);
    const body = res.json();
    assert.equal(body.status, 'ok');
    assert.equal(body.api_version, '0.1.0');
    assert.equal(body.methodology_version, METHODOLOGY_VERSION);
    assert.deepEqual(
      body.bom_formats.map((f: { name: string; spec_version: string }) => `${f.name} ${f.spec_version}`),
      ['CycloneDX 1.6', 'SPDX 3.0.1'],
    );
    assert.equal(body.storage, t.dialect);
    assert.equal(body.queue, 'in-process');
  });

  it('answers 503 "unavailable" when the database is gone', async () => {
    await t.store.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/cbom/health' });
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().status, 'unavailable');
  });
});
