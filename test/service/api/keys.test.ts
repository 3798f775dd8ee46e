// GET/POST /keys and POST /keys/{key_id}/revoke with the shapes of DESIGN.md section 4.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, createTenantWithKey, describeEachDialect } from '../../helpers/service.js';
import { parseKey } from '../../../src/service/auth/api-key.js';

const KEYS = '/api/v1/cbom/keys';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const json = { 'content-type': 'application/json' };

describeEachDialect(
  'keys API',
  (t) => {
    it('POST /keys creates a test key, returns the plaintext once, and the key works', async () => {
      const minter = await createTenantWithKey(t.store);
      const res = await t.app.inject({ method: 'POST', url: KEYS, headers: { ...minter.headers, ...json }, payload: { name: 'ci pipeline', env: 'test' } });
      assert.equal(res.statusCode, 201);
      const body = res.json();
      assert.deepEqual(Object.keys(body).sort(), ['created_at', 'env', 'key', 'key_lookup', 'key_prefix', 'name', 'scopes', 'status']);
      assert.match(body.key, /^svc_test_[A-Za-z0-9]{16}_[A-Za-z0-9]{32}$/);
      const parsed = parseKey(body.key)!;
      assert.equal(body.key_lookup, parsed.lookup);
      assert.equal(body.key_prefix, `svc_test_${parsed.lookup}`);
      assert.equal(body.name, 'ci pipeline');
      assert.equal(body.env, 'test');
      assert.equal(body.status, 'active');
      assert.deepEqual(body.scopes, ['scans:read', 'scans:write', 'keys:manage', 'branding:write'], "default: the minter's scopes");
      assert.match(body.created_at, ISO);

      const listed = await t.app.inject({ method: 'GET', url: KEYS, headers: bearer(body.key) });
      assert.equal(listed.statusCode, 200);
      const list = listed.json();
      assert.equal(list.count, 2);
      assert.equal(list.keys.length, 2);
      assert.ok(!listed.body.includes(parsed.secret), 'listings never contain a secret');
      assert.ok(!listed.body.includes('secret_hash'));
      const rec = list.keys.find((k: { key_lookup: string }) => k.key_lookup === parsed.lookup);
      assert.deepEqual(Object.keys(rec).sort(), ['created_at', 'env', 'key_lookup', 'key_prefix', 'last_used_at', 'name', 'revoked_at', 'scopes', 'status']);
      assert.equal(rec.revoked_at, null);
      assert.deepEqual(list.keys.map((k: { created_at: string }) => k.created_at), [...list.keys.map((k: { created_at: string }) => k.created_at)].sort().reverse(), 'newest first');
    });

    it('env other than test is a 422 on ["body","env"] that points to the administrator', async () => {
      const { headers } = await createTenantWithKey(t.store);
      for (const env of ['live', 'prod', '']) {
        const res = await t.app.inject({ method: 'POST', url: KEYS, headers: { ...headers, ...json }, payload: { name: 'x', env } });
        assert.equal(res.statusCode, 422, env);
        const [d] = res.json().detail;
        assert.deepEqual(d.loc, ['body', 'env']);
        assert.match(d.msg, /administrator/);
        assert.match(d.msg, /cbom admin key create --env live/);
        assert.equal(typeof d.type, 'string');
      }
    });

    it('validates the body FastAPI-style: missing, wrong types, extra fields, unknown scopes', async () => {
      const { headers } = await createTenantWithKey(t.store);
      const res = await t.app.inject({ method: 'POST', url: KEYS, headers: { ...headers, ...json }, payload: { name: 5, scopes: ['scans:read', 'root'], extra: true } });
      assert.equal(res.statusCode, 422);
      const detail = res.json().detail as { loc: (string | number)[]; msg: string; type: string }[];
      const byLoc = new Map(detail.map((d) => [JSON.stringify(d.loc), d]));
      assert.equal(byLoc.get('["body","name"]')?.type, 'string_type');
      assert.equal(byLoc.get('["body","env"]')?.type, 'missing');
      assert.equal(byLoc.get('["body","extra"]')?.type, 'extra_forbidden');
      assert.ok(byLoc.get('["body","scopes",1]'), JSON.stringify(detail));
      const empty = await t.app.inject({ method: 'POST', url: KEYS, headers: { ...headers, ...json }, payload: { name: '', env: 'test' } });
      assert.deepEqual(empty.json().detail, [{ loc: ['body', 'name'], msg: 'String should have at least 1 character', type: 'string_too_short' }]);
    });

    it('never mints a scope the minting key lacks (403), and mints subsets', async () => {
      const { headers } = await createTenantWithKey(t.store, { scopes: ['keys:manage', 'scans:read'] });
      const over = await t.app.inject({ method: 'POST', url: KEYS, headers: { ...headers, ...json }, payload: { name: 'x', env: 'test', scopes: ['scans:read', 'scans:write'] } });
      assert.equal(over.statusCode, 403);
      assert.match(over.json().detail, /scans:write/);
      const dflt = await t.app.inject({ method: 'POST', url: KEYS, headers: { ...headers, ...json }, payload: { name: 'x', env: 'test' } });
      assert.deepEqual(dflt.json().scopes, ['scans:read', 'keys:manage']);
      const sub = await t.app.inject({ method: 'POST', url: KEYS, headers: { ...headers, ...json }, payload: { name: 'x', env: 'test', scopes: ['scans:read'] } });
      assert.equal(sub.statusCode, 201);
      assert.deepEqual(sub.json().scopes, ['scans:read']);
      // The read-only key cannot manage keys at all.
      const ro = await t.app.inject({ method: 'GET', url: KEYS, headers: bearer(sub.json().key) });
      assert.equal(ro.statusCode, 403);
    });

    it('caps active test keys per tenant (409) and a revoked key frees its slot', async () => {
      const owner = await createTenantWithKey(t.store); // 1 active test key of CBOM_MAX_TEST_KEYS_PER_TENANT=3
      const created: string[] = [];
      for (let i = 0; i < 2; i++) {
        const r = await t.app.inject({ method: 'POST', url: KEYS, headers: { ...owner.headers, ...json }, payload: { name: `k${i}`, env: 'test' } });
        assert.equal(r.statusCode, 201);
        created.push(r.json().key_lookup);
      }
      const full = await t.app.inject({ method: 'POST', url: KEYS, headers: { ...owner.headers, ...json }, payload: { name: 'one too many', env: 'test' } });
      assert.equal(full.statusCode, 409);
      assert.match(full.json().detail, /3 active test keys/);
      // A live key (admin-issued) does not count against the test-key cap.
      await createTenantWithKey(t.store, { tenantId: owner.tenant.id, env: 'live' });
      assert.equal((await t.app.inject({ method: 'POST', url: KEYS, headers: { ...owner.headers, ...json }, payload: { name: 'x', env: 'test' } })).statusCode, 409);
      assert.equal((await t.app.inject({ method: 'POST', url: `${KEYS}/${created[0]}/revoke`, headers: owner.headers })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'POST', url: KEYS, headers: { ...owner.headers, ...json }, payload: { name: 'x', env: 'test' } })).statusCode, 201);
    });

    it('revoke returns {key_lookup, status, revoked_at}, is idempotent, and works on the calling key', async () => {
      const a = await createTenantWithKey(t.store);
      const second = (await t.app.inject({ method: 'POST', url: KEYS, headers: { ...a.headers, ...json }, payload: { name: 'b', env: 'test' } })).json();
      const r1 = await t.app.inject({ method: 'POST', url: `${KEYS}/${second.key_lookup}/revoke`, headers: a.headers });
      assert.equal(r1.statusCode, 200);
      assert.deepEqual(Object.keys(r1.json()).sort(), ['key_lookup', 'revoked_at', 'status']);
      assert.equal(r1.json().key_lookup, second.key_lookup);
      assert.equal(r1.json().status, 'revoked');
      assert.match(r1.json().revoked_at, ISO);
      const r2 = await t.app.inject({ method: 'POST', url: `${KEYS}/${second.key_lookup}/revoke`, headers: a.headers });
      assert.deepEqual(r2.json(), r1.json(), 'revoking again changes nothing');
      const listed = (await t.app.inject({ method: 'GET', url: KEYS, headers: a.headers })).json();
      assert.equal(listed.keys.find((k: { key_lookup: string }) => k.key_lookup === second.key_lookup).status, 'revoked');
      // Rule 5: revoking the key in use; the caller loses access from its next request.
      const self = await t.app.inject({ method: 'POST', url: `${KEYS}/${a.key.keyLookup}/revoke`, headers: a.headers });
      assert.equal(self.statusCode, 200);
      assert.equal((await t.app.inject({ method: 'GET', url: KEYS, headers: a.headers })).statusCode, 401);
    });

    it('revoke: malformed key_id is a 422 on ["path","key_id"], an unknown one 404', async () => {
      const { headers } = await createTenantWithKey(t.store);
      const bad = await t.app.inject({ method: 'POST', url: `${KEYS}/short/revoke`, headers });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(bad.json().detail[0].loc, ['path', 'key_id']);
      assert.equal(bad.json().detail[0].type, 'string_pattern_mismatch');
      const unknown = await t.app.inject({ method: 'POST', url: `${KEYS}/${'Q'.repeat(16)}/revoke`, headers });
      assert.equal(unknown.statusCode, 404);
      assert.deepEqual(unknown.json(), { detail: 'API key not found' });
    });
  },
  { env: { CBOM_MAX_TEST_KEYS_PER_TENANT: '3' } },
);
