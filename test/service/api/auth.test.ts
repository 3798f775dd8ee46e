// Authentication and authorization over HTTP: 401 shapes, 403 scopes, revocation on the very next
// request (also through another process sharing the database), last_used_at, tenant isolation.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { bearer, createTenantWithKey, createTestStore, describeEachDialect } from '../../helpers/service.js';
import { buildApp } from '../../../src/service/api/app.js';
import { loadConfig } from '../../../src/service/config.js';
import { openStore } from '../../../src/service/store/index.js';
import { parseKey } from '../../../src/service/auth/api-key.js';

const KEYS = '/api/v1/cbom/keys';

function assert401(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, detail: RegExp) {
  assert.equal(res.statusCode, 401);
  assert.match(String(res.headers['www-authenticate']), /^Bearer\b/);
  const body = res.json() as { detail: unknown };
  assert.equal(typeof body.detail, 'string');
  assert.match(body.detail as string, detail);
  assert.ok(res.headers['x-trace-id']);
}

describeEachDialect('auth', (t) => {
  it('401 with WWW-Authenticate: Bearer when the key is missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: KEYS });
    assert401(res, /Not authenticated/);
    assert.equal(res.headers['www-authenticate'], 'Bearer realm="cbom"');
  });

  it('401 for malformed credentials', async () => {
    const { plaintext } = await createTenantWithKey(t.store);
    for (const header of [
      'Basic dXNlcjpwYXNz',
      'Bearer',
      'Bearer abc',
      `Bearer ${plaintext}x`,
      `Bearer ${plaintext.slice(0, -1)}`,
      `Bearer ${plaintext.replace('svc_test_', 'svc_prod_')}`,
      `Bearer ${plaintext.replace(/_([A-Za-z0-9]{32})$/, '_$1'.replace('$1', '!'.repeat(32)))}`,
      `Token ${plaintext}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: KEYS, headers: { authorization: header } });
      assert401(res, /Malformed API key/);
      assert.match(String(res.headers['www-authenticate']), /invalid_token/);
    }
  });

  it('401 for an unknown lookup, a wrong secret, or the right secret under the other env', async () => {
    const { plaintext } = await createTenantWithKey(t.store);
    const p = parseKey(plaintext)!;
    const unknown = `svc_test_${'Z'.repeat(16)}_${p.secret}`;
    const wrongSecret = `svc_test_${p.lookup}_${'a'.repeat(32)}`;
    const otherEnv = `svc_live_${p.lookup}_${p.secret}`;
    for (const key of [unknown, wrongSecret, otherEnv]) {
      assert401(await t.app.inject({ method: 'GET', url: KEYS, headers: bearer(key) }), /^Invalid API key$/);
    }
    // The scheme name is case-insensitive (RFC 7235).
    const ok = await t.app.inject({ method: 'GET', url: KEYS, headers: { authorization: `bearer ${plaintext}` } });
    assert.equal(ok.statusCode, 200);
  });

  it('403 naming the missing scope; usage-style routes need no scope', async () => {
    const { headers } = await createTenantWithKey(t.store, { scopes: ['scans:read'] });
    const res = await t.app.inject({ method: 'GET', url: KEYS, headers });
    assert.equal(res.statusCode, 403);
    assert.match(res.json().detail, /keys:manage/);
    assert.equal(res.headers['www-authenticate'], undefined);
  });

  it('a revoked key fails with 401 on its very next request', async () => {
    const { headers, key } = await createTenantWithKey(t.store, { scopes: ['keys:manage'] });
    assert.equal((await t.app.inject({ method: 'GET', url: KEYS, headers })).statusCode, 200);
    const rev = await t.app.inject({ method: 'POST', url: `${KEYS}/${key.keyLookup}/revoke`, headers });
    assert.equal(rev.statusCode, 200);
    assert401(await t.app.inject({ method: 'GET', url: KEYS, headers }), /revoked/);
  });

  it('revocation by another process sharing the database takes effect on the next request', async () => {
    // A second, independent store and app on the same database: what a second node would have.
    const other = await openStore(t.config);
    const otherApp = await buildApp({ config: t.config, store: other });
    try {
      const { headers, key } = await createTenantWithKey(t.store, { scopes: ['keys:manage'] });
      assert.equal((await t.app.inject({ method: 'GET', url: KEYS, headers })).statusCode, 200);
      assert.equal((await otherApp.inject({ method: 'GET', url: KEYS, headers })).statusCode, 200);
      await other.keys.revoke(key.keyLookup, null);
      assert401(await t.app.inject({ method: 'GET', url: KEYS, headers }), /revoked/);
    } finally {
      await otherApp.close();
      await other.close();
    }
  });

  it('records last_used_at, writing it at most once a minute', async () => {
    const { headers, key } = await createTenantWithKey(t.store);
    assert.equal((await t.store.keys.get(key.keyLookup))!.lastUsedAt, null);
    await t.app.inject({ method: 'GET', url: KEYS, headers });
    let first: string | null = null;
    for (let i = 0; i < 50 && first === null; i++) {
      first = (await t.store.keys.get(key.keyLookup))!.lastUsedAt; // the write is not awaited by the request
      if (first === null) await new Promise((r) => setTimeout(r, 10));
    }
    assert.ok(first, 'last_used_at was recorded');
    await new Promise((r) => setTimeout(r, 20));
    await t.app.inject({ method: 'GET', url: KEYS, headers });
    await new Promise((r) => setTimeout(r, 50));
    assert.equal((await t.store.keys.get(key.keyLookup))!.lastUsedAt, first, 'not rewritten within the minute');
    const listed = (await t.app.inject({ method: 'GET', url: KEYS, headers })).json();
    assert.equal(listed.keys.find((k: { key_lookup: string }) => k.key_lookup === key.keyLookup).last_used_at, first);
  });

  it("isolates tenants: no listing or revoking another tenant's keys", async () => {
    const a = await createTenantWithKey(t.store);
    const b = await createTenantWithKey(t.store);
    const listA = (await t.app.inject({ method: 'GET', url: KEYS, headers: a.headers })).json();
    assert.deepEqual(listA.keys.map((k: { key_lookup: string }) => k.key_lookup), [a.key.keyLookup]);
    const res = await t.app.inject({ method: 'POST', url: `${KEYS}/${b.key.keyLookup}/revoke`, headers: a.headers });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().detail, 'API key not found');
    assert.equal((await t.app.inject({ method: 'GET', url: KEYS, headers: b.headers })).statusCode, 200, "B's key still works");
  });
});

describeEachDialect(
  'auth with CBOM_KEY_PEPPER',
  (t) => {
    it('stores HMAC-SHA-256(pepper, secret); keys work only with the pepper they were made with', async () => {
      const withPepper = await createTenantWithKey(t.store, {}, t.config.keyPepper);
      const p = parseKey(withPepper.plaintext)!;
      const row = await t.store.db.selectFrom('api_keys').select('secret_hash').where('key_lookup', '=', p.lookup).executeTakeFirstOrThrow();
      assert.equal(row.secret_hash, createHmac('sha256', t.config.keyPepper!).update(p.secret).digest('hex'));
      assert.equal((await t.app.inject({ method: 'GET', url: KEYS, headers: withPepper.headers })).statusCode, 200);
      const withoutPepper = await createTenantWithKey(t.store, {}, null);
      assert.equal((await t.app.inject({ method: 'GET', url: KEYS, headers: withoutPepper.headers })).statusCode, 401);
    });
  },
  { env: { CBOM_KEY_PEPPER: 'pepper-for-tests-0123456789' } },
);

it('loadConfig + openStore + buildApp also work from a plain environment (sanity for other suites)', async () => {
  const ts = await createTestStore('sqlite');
  try {
    const app = await buildApp({ config: loadConfig(ts.env), store: ts.store });
    assert.equal((await app.inject({ method: 'GET', url: '/api/v1/cbom/health' })).statusCode, 200);
    await app.close();
  } finally {
    await ts.cleanup();
  }
});
