// Failed authentications are limited per client: after CBOM_AUTH_FAILURES_PER_MIN 401s, a client's
// requests with a key get 429 (Retry-After, RateLimit-*, `{detail}`) without a key lookup, while other
// clients, requests without credentials and successful requests are unaffected. With Redis the
// failure counters are shared between processes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Response } from 'light-my-request';
import { createTenantWithKey, createTestApp, describeEachDialect, REDIS_SKIP, type TestApp } from '../../helpers/service.js';
import { buildApp } from '../../../src/service/api/app.js';
import { loadConfig } from '../../../src/service/config.js';
import { openStore } from '../../../src/service/store/index.js';
import type { Store } from '../../../src/service/store/index.js';

const KEYS = '/api/v1/cbom/keys';
/** Well-formed, but no such key. */
const UNKNOWN_KEY = `Bearer svc_test_${'A'.repeat(16)}_${'b'.repeat(32)}`;

function assertFailureLimited(res: Response, limit: number): void {
  assert.equal(res.statusCode, 429, res.body);
  const retryAfter = Number(res.headers['retry-after']);
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, String(res.headers['retry-after']));
  assert.equal(res.headers['ratelimit-limit'], String(limit));
  assert.equal(res.headers['ratelimit-remaining'], '0');
  assert.equal(res.headers['ratelimit-reset'], String(retryAfter));
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const body = res.json() as Record<string, unknown>;
  assert.deepEqual(Object.keys(body), ['detail']);
  assert.match(String(body.detail), new RegExp(`^Too many failed authentications: ${limit} per minute from this client; retry in ${retryAfter} s$`));
  assert.equal(res.headers['www-authenticate'], undefined, 'a 429 is not an authentication challenge');
  assert.ok(res.headers['x-trace-id']);
}

/** Counts key lookups, to show a limited request never reaches the database. */
function countLookups(store: Store): { readonly count: number } {
  const original = store.keys.findForAuth.bind(store.keys);
  const counter = { count: 0 };
  store.keys.findForAuth = async (lookup) => {
    counter.count++;
    return original(lookup);
  };
  return counter;
}

describeEachDialect(
  'failed-authentication limit',
  (t: TestApp) => {
    it('answers 429 before any lookup once a client has 3 failures; others and valid keys are unaffected', async () => {
      const good = await createTenantWithKey(t.store);
      const revoked = await createTenantWithKey(t.store);
      await t.store.keys.revoke(revoked.key.keyLookup, null);
      const get = (remoteAddress: string, authorization?: string) =>
        t.app.inject({ method: 'GET', url: KEYS, remoteAddress, ...(authorization ? { headers: { authorization } } : {}) });

      // Successful requests never count: more of them than the failure budget, from the attacker's address.
      for (let i = 0; i < 5; i++) assert.equal((await get('198.51.100.10', good.headers.authorization)).statusCode, 200);

      // Three failures of every kind that carries credentials: unknown, revoked, malformed.
      for (const authorization of [UNKNOWN_KEY, revoked.headers.authorization, 'Bearer not-a-key']) {
        assert.equal((await get('198.51.100.10', authorization)).statusCode, 401, authorization);
      }
      const lookups = countLookups(t.store);
      assertFailureLimited(await get('198.51.100.10', UNKNOWN_KEY), 3);
      // The client is limited for any key it sends, and the limited requests cost no key lookup.
      assertFailureLimited(await get('198.51.100.10', good.headers.authorization), 3);
      assert.equal(lookups.count, 0, 'no key lookup for a limited client');
      // Without credentials there is nothing to look up: the plain challenge.
      const bare = await get('198.51.100.10');
      assert.equal(bare.statusCode, 401);
      assert.equal(bare.headers['www-authenticate'], 'Bearer realm="cbom"');

      // Another client: its own failures are still 401 and its valid key works.
      assert.equal((await get('198.51.100.11', UNKNOWN_KEY)).statusCode, 401);
      assert.equal((await get('198.51.100.11', good.headers.authorization)).statusCode, 200);
      assert.ok(lookups.count >= 2, 'the other client was authenticated normally');
    });

    it('counts an IPv6 client per /64', async () => {
      const get = (remoteAddress: string) => t.app.inject({ method: 'GET', url: KEYS, remoteAddress, headers: { authorization: UNKNOWN_KEY } });
      const statuses = [];
      for (const ip of ['2001:db8:7:8::1', '2001:db8:7:8::2', '2001:db8:7:8:ffff::3', '2001:db8:7:8::4']) statuses.push((await get(ip)).statusCode);
      assert.deepEqual(statuses, [401, 401, 401, 429]);
      assert.equal((await get('2001:db8:7:9::1')).statusCode, 401, 'another /64 has its own budget');
    });
  },
  { env: { CBOM_AUTH_FAILURES_PER_MIN: '3' } },
);

describe('failed-authentication limit behind a proxy (CBOM_TRUST_PROXY=true) [sqlite]', () => {
  it('counts the address the proxy saw, not the X-Forwarded-For entries the client wrote', async () => {
    const t = await createTestApp('sqlite', { env: { CBOM_AUTH_FAILURES_PER_MIN: '2', CBOM_TRUST_PROXY: 'true' } });
    try {
      const get = (spoofed: string, client: string) =>
        t.app.inject({
          method: 'GET',
          url: KEYS,
          remoteAddress: '10.0.0.1',
          headers: { authorization: UNKNOWN_KEY, 'x-forwarded-for': `${spoofed}, ${client}` },
        });
      const statuses = [];
      for (const spoofed of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) statuses.push((await get(spoofed, '203.0.113.70')).statusCode);
      assert.deepEqual(statuses, [401, 401, 429]);
      assert.equal((await get('192.0.2.4', '203.0.113.71')).statusCode, 401, 'another client behind the proxy has its own budget');
    } finally {
      await t.cleanup();
    }
  });
});

describe('failed-authentication limit shared through Redis', { skip: REDIS_SKIP }, () => {
  it('two app processes on the same Redis share one failure budget per client', async () => {
    const env = { REDIS_URL: process.env.REDIS_URL ?? '', CBOM_AUTH_FAILURES_PER_MIN: '3' };
    const t = await createTestApp('sqlite', { env });
    const otherStore = await openStore(t.config);
    const other = await buildApp({ config: loadConfig(t.env), store: otherStore });
    try {
      const good = await createTenantWithKey(t.store);
      // Counters outlive a run by up to a minute: a fresh random /64 per run is a fresh client.
      const net = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
      const attacker = `${net}::1`;
      const bystander = `${net.replace(/^2001:db8:/, '2001:db9:')}::1`;
      const get = (app: typeof other, remoteAddress: string, authorization: string) =>
        app.inject({ method: 'GET', url: KEYS, remoteAddress, headers: { authorization } });
      const statuses: number[] = [];
      for (const app of [t.app, other, t.app, other]) statuses.push((await get(app, attacker, UNKNOWN_KEY)).statusCode);
      assert.deepEqual(statuses, [401, 401, 401, 429]);
      assertFailureLimited(await get(t.app, attacker, good.headers.authorization), 3);
      assert.equal((await get(other, bystander, UNKNOWN_KEY)).statusCode, 401);
      assert.equal((await get(t.app, bystander, good.headers.authorization)).statusCode, 200);
    } finally {
      await other.close();
      await otherStore.close();
      await t.cleanup();
    }
  });
});
