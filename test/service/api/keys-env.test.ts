// A leaked sandbox (test) key must not reach production: it can revoke test keys only, while a live
// key with keys:manage may revoke any key of its tenant.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createTenantWithKey, describeEachDialect } from '../../helpers/service.js';

const KEYS = '/api/v1/cbom/keys';

describeEachDialect('revoking across environments', (t) => {
  it('refuses a live key to a test key (403, still active) and lets a live key revoke anything of its tenant', async () => {
    const live = await createTenantWithKey(t.store, { env: 'live' });
    const test = await createTenantWithKey(t.store, { tenantId: live.tenant.id, env: 'test' });
    const test2 = await createTenantWithKey(t.store, { tenantId: live.tenant.id, env: 'test' });
    const revoke = (lookup: string, headers: { authorization: string }) => t.app.inject({ method: 'POST', url: `${KEYS}/${lookup}/revoke`, headers });

    const refused = await revoke(live.key.keyLookup, test.headers);
    assert.equal(refused.statusCode, 403, refused.body);
    assert.match(refused.json().detail, /test key cannot revoke a live key/);
    assert.equal((await t.app.inject({ method: 'GET', url: KEYS, headers: live.headers })).statusCode, 200, 'the live key still works');

    assert.equal((await revoke(test2.key.keyLookup, test.headers)).statusCode, 200, 'test keys manage test keys');
    assert.equal((await revoke(test.key.keyLookup, live.headers)).statusCode, 200, 'a live key may revoke a test key');
    assert.equal((await t.app.inject({ method: 'GET', url: KEYS, headers: test.headers })).statusCode, 401);

    // Another tenant's live key stays a 404 for a test key, as any foreign key is.
    const other = await createTenantWithKey(t.store, { env: 'live' });
    const sandbox = await createTenantWithKey(t.store, { env: 'test' });
    assert.equal((await revoke(other.key.keyLookup, sandbox.headers)).statusCode, 404);
  });
});
