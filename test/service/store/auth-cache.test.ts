// keys.findForAuth may keep rows between requests on SQLite (see store/keys.ts); these tests hold it
// to the guarantee that made the cache acceptable: any change to a key or its tenant, by this
// connection, another connection or another OS process, shows on the very next lookup.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createTenantWithKey, describeEachStore } from '../../helpers/service.js';
import { openStore } from '../../../src/service/store/index.js';
import { SQLITE_FILE_NAME } from '../../../src/service/store/db.js';

describeEachStore('findForAuth freshness', (t) => {
  it('a key revoked through the same store is revoked on the next lookup', async () => {
    const { key } = await createTenantWithKey(t.store);
    assert.equal((await t.store.keys.findForAuth(key.keyLookup))!.status, 'active');
    assert.equal((await t.store.keys.findForAuth(key.keyLookup))!.status, 'active');
    await t.store.keys.revoke(key.keyLookup, null);
    assert.equal((await t.store.keys.findForAuth(key.keyLookup))!.status, 'revoked');
  });

  it('a key revoked through another connection is revoked on the next lookup', async () => {
    const other = await openStore(t.config);
    try {
      const { key } = await createTenantWithKey(t.store);
      // Twice: the second lookup is the one a cache would answer.
      await t.store.keys.findForAuth(key.keyLookup);
      assert.equal((await t.store.keys.findForAuth(key.keyLookup))!.status, 'active');
      await other.keys.revoke(key.keyLookup, null);
      assert.equal((await t.store.keys.findForAuth(key.keyLookup))!.status, 'revoked');
    } finally {
      await other.close();
    }
  });

  it('a key row deleted through another connection is gone on the next lookup', async () => {
    const other = await openStore(t.config);
    try {
      const { key } = await createTenantWithKey(t.store);
      await t.store.keys.findForAuth(key.keyLookup);
      assert.ok(await t.store.keys.findForAuth(key.keyLookup));
      await other.db.deleteFrom('api_keys').where('key_lookup', '=', key.keyLookup).execute();
      assert.equal(await t.store.keys.findForAuth(key.keyLookup), null);
    } finally {
      await other.close();
    }
  });

  it('a key revoked by another OS process (sqlite3 file shared) is revoked on the next lookup', async (ctx) => {
    if (t.dialect !== 'sqlite') return ctx.skip('SQLite file shared between processes only');
    const { key } = await createTenantWithKey(t.store);
    await t.store.keys.findForAuth(key.keyLookup);
    assert.equal((await t.store.keys.findForAuth(key.keyLookup))!.status, 'active');
    const file = path.join(t.config.dataDir, SQLITE_FILE_NAME);
    const script = `const db = require('better-sqlite3')(process.argv[1]); db.pragma('busy_timeout = 5000');
      db.prepare("UPDATE api_keys SET status = 'revoked', revoked_at = ? WHERE key_lookup = ?").run(new Date().toISOString(), process.argv[2]);`;
    execFileSync(process.execPath, ['-e', script, file, key.keyLookup]);
    assert.equal((await t.store.keys.findForAuth(key.keyLookup))!.status, 'revoked');
  });

  it('concurrent lookups racing a revocation never return the key as active afterwards', async () => {
    const { key } = await createTenantWithKey(t.store);
    const before = Promise.all(Array.from({ length: 20 }, () => t.store.keys.findForAuth(key.keyLookup)));
    const revoked = t.store.keys.revoke(key.keyLookup, null);
    await Promise.all([before, revoked]);
    assert.equal((await t.store.keys.findForAuth(key.keyLookup))!.status, 'revoked');
  });
});

// The per-request reads run outside Kysely's query queue on SQLite (DatabaseHandle.selectRows); they
// must still never read what another caller's open transaction has written but not committed.
describeEachStore('per-request reads and open transactions', (t) => {
  it('a key read while a transaction inserts keys sees them only once committed, and never after a rollback', async () => {
    const { key } = await createTenantWithKey(t.store);
    const tenantId = key.tenantId;
    const newKey = (suffix: string) => ({
      key_lookup: `${key.keyLookup.slice(0, 12)}${suffix}`,
      tenant_id: tenantId,
      name: `tx-${suffix}`,
      env: 'test' as const,
      scopes: '["scans:read"]',
      secret_hash: 'x'.repeat(64),
      status: 'active' as const,
      created_by: null,
      created_at: new Date().toISOString(),
      last_used_at: null,
      revoked_at: null,
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((resolve) => (inserted = resolve));

    const committed = t.store.db.transaction().execute(async (trx) => {
      await trx.insertInto('api_keys').values(newKey('AAAA')).execute();
      inserted();
      await held;
    });
    await insertedSignal;
    // Asked while the insert is uncommitted: the answer may wait, but must not show the new key early.
    const during = t.store.keys.listForTenant(tenantId);
    const lookupDuring = t.store.keys.findForAuth(newKey('AAAA').key_lookup);
    release();
    await committed;
    const listed = await during;
    assert.ok(listed.length === 1 || listed.length === 2, `listing has ${listed.length} keys`);
    const found = await lookupDuring;
    if (found === null) assert.equal(listed.length, 1, 'the listing and the lookup saw the same state');
    assert.equal((await t.store.keys.listForTenant(tenantId)).length, 2, 'committed: listed');
    assert.ok(await t.store.keys.findForAuth(newKey('AAAA').key_lookup), 'committed: found');

    // A rolled-back insert is never seen, whenever the read is asked.
    let releaseRollback!: () => void;
    const heldRollback = new Promise<void>((resolve) => (releaseRollback = resolve));
    let insertedRollback!: () => void;
    const insertedRollbackSignal = new Promise<void>((resolve) => (insertedRollback = resolve));
    const rolledBack = t.store.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('api_keys').values(newKey('BBBB')).execute();
        insertedRollback();
        await heldRollback;
        throw new Error('roll back');
      })
      .catch((err: Error) => err.message);
    await insertedRollbackSignal;
    const lookupRolledBack = t.store.keys.findForAuth(newKey('BBBB').key_lookup);
    const listRolledBack = t.store.keys.listForTenant(tenantId);
    releaseRollback();
    assert.equal(await rolledBack, 'roll back');
    assert.equal(await lookupRolledBack, null, 'an uncommitted, rolled-back key was read');
    assert.equal((await listRolledBack).length, 2);
    assert.equal(await t.store.keys.findForAuth(newKey('BBBB').key_lookup), null);
  });
});
