// Request logs: one structured line per request with its trace id, never an Authorization header or
// a key (not even one pasted into a URL).
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { createTenantWithKey, describeEachDialect } from '../../helpers/service.js';
import { parseKey } from '../../../src/service/auth/api-key.js';

describeEachDialect(
  'request logs',
  (t) => {
    it('log each request once with trace id, status and tenant, and never a key or Authorization header', async () => {
      const { headers, plaintext, tenant } = await createTenantWithKey(t.store);
      const list = await t.app.inject({ method: 'GET', url: '/api/v1/cbom/keys', headers });
      const created = await t.app.inject({ method: 'POST', url: '/api/v1/cbom/keys', headers: { ...headers, 'content-type': 'application/json' }, payload: { name: 'logged?', env: 'test' } });
      const newKey = created.json().key as string;
      await t.app.inject({ method: 'GET', url: `/api/v1/cbom/keys?api_key=${newKey}`, headers: { authorization: `Bearer ${newKey}` } });
      await t.app.inject({ method: 'GET', url: '/api/v1/cbom/keys', headers: { authorization: `Bearer ${plaintext.slice(0, -2)}zz` } });
      const text = t.logText();
      for (const key of [plaintext, newKey]) {
        const { secret } = parseKey(key)!;
        assert.ok(!text.includes(secret), 'no key secret in the logs');
      }
      assert.ok(!/authorization/i.test(text), 'no Authorization header in the logs');
      assert.ok(!/Bearer/.test(text));
      const line = t.logs.find((l) => l.trace_id === list.headers['x-trace-id']);
      assert.ok(line, 'a line per request, labelled with the trace id');
      assert.equal(line.status, 200);
      assert.equal(line.method, 'GET');
      assert.equal(line.url, '/api/v1/cbom/keys');
      assert.equal(line.tenant_id, tenant.id);
      assert.equal(t.logs.filter((l) => l.trace_id === list.headers['x-trace-id']).length, 1, 'exactly one line');
      const masked = t.logs.find((l) => typeof l.url === 'string' && l.url.includes('api_key='));
      assert.match(String(masked?.url), /api_key=svc_test_\[redacted\]/);
    });
  },
  { captureLogs: true },
);
