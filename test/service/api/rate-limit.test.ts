// Per-tenant rate limit: RateLimit-* headers, 429 with Retry-After, tenants independent, health
// exempt; with Redis the counters are shared between processes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTenantWithKey, createTestApp, describeEachDialect, REDIS_SKIP } from '../../helpers/service.js';
import { buildApp } from '../../../src/service/api/app.js';
import { loadConfig } from '../../../src/service/config.js';
import { openStore } from '../../../src/service/store/index.js';

const KEYS = '/api/v1/cbom/keys';

describeEachDialect(
  'rate limit',
  (t) => {
    it('counts per tenant, sends RateLimit-* headers, and answers 429 with Retry-After', async () => {
      const a = await createTenantWithKey(t.store);
      const a2 = await createTenantWithKey(t.store, { tenantId: a.tenant.id });
      const b = await createTenantWithKey(t.store);
      const remaining: string[] = [];
      for (const headers of [a.headers, a2.headers, a.headers]) {
        const res = await t.app.inject({ method: 'GET', url: KEYS, headers });
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['ratelimit-limit'], '3');
        remaining.push(String(res.headers['ratelimit-remaining']));
        assert.ok(Number(res.headers['ratelimit-reset']) > 0);
      }
      assert.deepEqual(remaining, ['2', '1', '0'], 'two keys of one tenant share its budget');
      const limited = await t.app.inject({ method: 'GET', url: KEYS, headers: a2.headers });
      assert.equal(limited.statusCode, 429);
      const retryAfter = Number(limited.headers['retry-after']);
      assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60, String(limited.headers['retry-after']));
      assert.equal(limited.headers['ratelimit-remaining'], '0');
      assert.match(limited.json().detail, /Rate limit exceeded: 3 requests per minute for this tenant/);
      assert.ok(limited.headers['x-trace-id']);
      // Another tenant is not affected; health is never limited.
      assert.equal((await t.app.inject({ method: 'GET', url: KEYS, headers: b.headers })).statusCode, 200);
      for (let i = 0; i < 5; i++) assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/cbom/health' })).statusCode, 200);
    });

    it('limits public routes per client IP', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await t.app.inject({ method: 'GET', url: '/api/v1/cbom/openapi.json', remoteAddress: '203.0.113.7' })).statusCode);
      }
      assert.deepEqual(statuses, [200, 200, 200, 429]);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/cbom/openapi.json', remoteAddress: '203.0.113.8' })).statusCode, 200);
    });
  },
  { env: { CBOM_RATE_LIMIT_PER_MIN: '3' } },
);

describe('rate limit shared through Redis', { skip: REDIS_SKIP }, () => {
  it('two app processes on the same Redis share one budget per tenant', async () => {
    const env = { REDIS_URL: process.env.REDIS_URL ?? '', CBOM_RATE_LIMIT_PER_MIN: '4' };
    const t = await createTestApp('sqlite', { env });
    const otherStore = await openStore(t.config);
    const other = await buildApp({ config: loadConfig(t.env), store: otherStore });
    try {
      const { headers } = await createTenantWithKey(t.store); // a fresh tenant id: a fresh counter
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await t.app.inject({ method: 'GET', url: KEYS, headers })).statusCode);
        statuses.push((await other.inject({ method: 'GET', url: KEYS, headers })).statusCode);
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
    } finally {
      await other.close();
      await otherStore.close();
      await t.cleanup();
    }
  });
});
