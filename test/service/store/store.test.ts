// Tenants and keys repositories and migrations, on every available dialect.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describeEachStore } from '../../helpers/service.js';
import { migrateToLatest } from '../../../src/service/store/migrate.js';
import { migrations } from '../../../src/service/store/migrations/index.js';
import { KeyCapReachedError } from '../../../src/service/store/keys.js';
import { issueKey, createTenantWithSandboxKey } from '../../../src/service/auth/issue.js';
import { parseKey } from '../../../src/service/auth/api-key.js';
import { SCOPES } from '../../../src/service/auth/scopes.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describeEachStore('store: tenants and keys', (t) => {
  it('has applied every migration, and migrating again applies none', async () => {
    assert.deepEqual(await migrateToLatest(t.store.db), []);
    const names = Object.keys(migrations);
    assert.ok(names.includes('001_tenants_and_keys'));
    assert.deepEqual(names, [...names].sort(), 'migration names sort in the order they apply');
  });

  it('creates partner tenants with tnt_ ids and reads them back with numbers and ISO timestamps', async () => {
    const a = await t.store.tenants.create({ name: 'Acme Audit', monthlyCap: 100, priceCents: 250 });
    assert.match(a.id, /^tnt_[A-Za-z0-9]{16}$/);
    assert.equal(a.tenantKind, 'partner');
    const back = await t.store.tenants.get(a.id);
    assert.deepEqual(back, a);
    assert.equal(typeof back!.monthlyCap, 'number');
    assert.equal(typeof back!.priceCents, 'number');
    assert.match(back!.createdAt, ISO);
    assert.equal(await t.store.tenants.get('tnt_doesnotexist0000'), null);
    const n = await t.store.tenants.count();
    assert.equal(typeof n, 'number');
    assert.ok(n >= 1);
    const listed = await t.store.tenants.list();
    assert.ok(listed.some((x) => x.id === a.id));
  });

  it('stores only a SHA-256 digest of the key secret', async () => {
    const { tenant, sandbox } = await createTenantWithSandboxKey(t.store, null, { name: 'hash check' });
    const parsed = parseKey(sandbox.plaintext)!;
    assert.ok(parsed, 'plaintext has the spec format');
    assert.equal(parsed.env, 'test');
    const row = await t.store.db.selectFrom('api_keys').selectAll().where('key_lookup', '=', parsed.lookup).executeTakeFirstOrThrow();
    assert.equal(row.tenant_id, tenant.id);
    assert.equal(row.secret_hash, createHash('sha256').update(parsed.secret).digest('hex'));
    for (const value of Object.values(row)) {
      assert.ok(!String(value).includes(parsed.secret), 'no column holds the secret');
    }
    assert.deepEqual(sandbox.key.scopes, [...SCOPES]);
  });

  it('counts active keys per env and enforces the cap atomically under concurrency', async () => {
    const tenant = await t.store.tenants.create({ name: 'capped' });
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        issueKey(t.store, null, { tenantId: tenant.id, env: 'test', name: 'k', scopes: ['scans:read'], createdBy: null, cap: 3 }),
      ),
    );
    const ok = attempts.filter((a) => a.status === 'fulfilled');
    const refused = attempts.filter((a) => a.status === 'rejected');
    assert.equal(ok.length, 3);
    for (const r of refused) assert.ok((r as PromiseRejectedResult).reason instanceof KeyCapReachedError);
    assert.equal(await t.store.keys.countActive(tenant.id, 'test'), 3);
    assert.equal(await t.store.keys.countActive(tenant.id, 'live'), 0);
    // Live keys are counted separately, and revoked keys free a slot.
    await issueKey(t.store, null, { tenantId: tenant.id, env: 'live', name: 'l', scopes: SCOPES, createdBy: null, cap: null });
    assert.equal(await t.store.keys.countActive(tenant.id, 'live'), 1);
    const first = (ok[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof issueKey>>>).value;
    await t.store.keys.revoke(first.key.keyLookup, tenant.id);
    assert.equal(await t.store.keys.countActive(tenant.id, 'test'), 2);
  });

  it('revokes only within the given tenant and keeps the first revoked_at', async () => {
    const a = await createTenantWithSandboxKey(t.store, null, { name: 'A' });
    const b = await createTenantWithSandboxKey(t.store, null, { name: 'B' });
    assert.equal(await t.store.keys.revoke(a.sandbox.key.keyLookup, b.tenant.id), null, "B cannot revoke A's key");
    assert.equal((await t.store.keys.get(a.sandbox.key.keyLookup))!.status, 'active');
    const r1 = await t.store.keys.revoke(a.sandbox.key.keyLookup, a.tenant.id, new Date('2026-01-01T00:00:00Z'));
    assert.equal(r1!.status, 'revoked');
    assert.equal(r1!.revokedAt, '2026-01-01T00:00:00.000Z');
    const r2 = await t.store.keys.revoke(a.sandbox.key.keyLookup, null, new Date('2026-02-01T00:00:00Z'));
    assert.equal(r2!.revokedAt, '2026-01-01T00:00:00.000Z');
    assert.equal(await t.store.keys.revoke('AAAAAAAAAAAAAAAA', null), null);
  });

  it('lists a tenant\'s keys newest first and moves last_used_at only forward', async () => {
    const tenant = await t.store.tenants.create({ name: 'order' });
    const mk = (at: string) =>
      t.store.keys.insert(
        { keyLookup: `K${at.slice(0, 4)}${'x'.repeat(11)}`.slice(0, 16), tenantId: tenant.id, name: at, env: 'test', scopes: ['scans:read'], secretHash: '0'.repeat(64), createdBy: null },
        new Date(at),
      );
    await mk('2025-01-01T00:00:00Z');
    await mk('2027-01-01T00:00:00Z');
    await mk('2026-01-01T00:00:00Z');
    const listed = await t.store.keys.listForTenant(tenant.id);
    assert.deepEqual(listed.map((k) => k.createdAt.slice(0, 4)), ['2027', '2026', '2025']);
    const lookup = listed[0]!.keyLookup;
    await t.store.keys.touchLastUsed(lookup, new Date('2026-05-01T00:00:00Z'));
    await t.store.keys.touchLastUsed(lookup, new Date('2026-04-01T00:00:00Z'));
    assert.equal((await t.store.keys.get(lookup))!.lastUsedAt, '2026-05-01T00:00:00.000Z');
  });
});
