// The database-backed queue's scheduling and recovery, at the store level (no engine): fair claims
// across tenants, compare-and-set claims, leases that expire and come back, the sweeper that leaves
// no scan in progress forever, and a stale worker that can no longer write.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createInProcessQueue } from '../../../src/service/queue/in-process.js';
import { scanSettingsFrom } from '../../../src/service/scans/settings.js';
import type { Store } from '../../../src/service/store/index.js';
import { describeEachStore } from '../../helpers/service.js';
import { METHODOLOGY_VERSION } from '../../../src/engine/methodology.js';

async function addScan(store: Store, tenantId: string, at: Date): Promise<string> {
  const row = await store.scans.create(
    {
      tenantId, tenantKind: 'partner', env: 'test', keyLookup: null, repoUrl: 'https://github.com/acme/x', repoOwner: 'acme', repoName: 'x',
      repoRef: null, projectName: null, projectVersion: '1.0.0', methodologyVersion: METHODOLOGY_VERSION, billable: false, priceCents: 0,
    },
    at,
  );
  return row.id;
}

describeEachStore('in-process queue state', (t) => {
  it("serves tenants fairly: one tenant's burst does not hold back another tenant's scan", async () => {
    const a = await t.store.tenants.create({ name: 'burst' });
    const b = await t.store.tenants.create({ name: 'single' });
    const base = Date.parse('2026-05-01T00:00:00.000Z');
    const burst: string[] = [];
    for (let i = 0; i < 20; i++) burst.push(await addScan(t.store, a.id, new Date(base + i)));
    const single = await addScan(t.store, b.id, new Date(base + 100));
    // Two workers take a scan each: A's oldest first (A and B have none running; A's is older),
    // then B's, although 19 of A's scans were queued before it.
    const first = await t.store.scans.claimNext('w1', 60_000);
    const second = await t.store.scans.claimNext('w2', 60_000);
    assert.equal(first?.id, burst[0]);
    assert.equal(second?.id, single);
    const third = await t.store.scans.claimNext('w3', 60_000);
    assert.equal(third?.id, burst[1]);
    assert.equal(third?.status, 'downloading');
    assert.equal(third?.attempts, 1);
  });

  it('claims are compare-and-set: a scan is handed to one worker only', async () => {
    const tenant = await t.store.tenants.create({ name: 'cas' });
    const id = await addScan(t.store, tenant.id, new Date('2026-05-02T00:00:00.000Z'));
    const now = new Date();
    const [x, y] = await Promise.all([t.store.scans.claim(id, 'wx', 60_000, now), t.store.scans.claim(id, 'wy', 60_000, now)]);
    assert.equal([x, y].filter(Boolean).length, 1);
  });

  it('a worker that lost its lease cannot write, complete or fail the scan', async () => {
    const tenant = await t.store.tenants.create({ name: 'stale' });
    const id = await addScan(t.store, tenant.id, new Date('2026-05-03T00:00:00.000Z'));
    const past = new Date(Date.now() - 120_000);
    assert.ok(await t.store.scans.claim(id, 'old', 1_000, past));
    assert.ok((await t.store.scans.expiredLeases()).some((s) => s.id === id));
    assert.ok(await t.store.scans.requeueExpired(id, 'old'));
    assert.ok(await t.store.scans.claim(id, 'new', 60_000, new Date()));
    assert.equal(await t.store.scans.update(id, 'old', { status: 'scanning' }), false);
    assert.equal(await t.store.scans.heartbeat(id, 'old', 60_000), false);
    assert.equal(await t.store.scans.fail(id, 'old', { code: 'internal', message: 'x' }), false);
    assert.equal(await t.store.scans.complete(id, 'old', { score: 1, resultKey: 'k', filesTotal: 0, boms: [] }), false);
    const row = await t.store.scans.get(id);
    assert.equal(row?.status, 'downloading');
    assert.equal(row?.lease_owner, 'new');
    assert.equal(row?.attempts, 2);
  });

  it('after a crash the sweeper resumes scans with expired leases, and fails those interrupted too often or past the deadline', async () => {
    const tenant = await t.store.tenants.create({ name: 'crash' });
    const settings = scanSettingsFrom(t.config, { leaseMs: 1_000, maxAttempts: 2, scanTimeoutMs: 60_000 });
    const resumable = await addScan(t.store, tenant.id, new Date('2026-05-04T00:00:00.000Z'));
    const exhausted = await addScan(t.store, tenant.id, new Date('2026-05-04T00:00:01.000Z'));
    const overdue = await addScan(t.store, tenant.id, new Date('2026-05-04T00:00:02.000Z'));
    const longAgo = new Date(Date.now() - 10 * 60_000);
    // A dead process held these: leases long expired.
    await t.store.scans.claim(resumable, 'dead', 1_000, new Date(Date.now() - 5_000));
    await t.store.scans.claim(exhausted, 'dead', 1_000, new Date(Date.now() - 5_000));
    await t.store.scans.requeueExpired(exhausted, 'dead');
    await t.store.scans.claim(exhausted, 'dead', 1_000, new Date(Date.now() - 5_000));
    // This one's worker still renews its lease, but it started long before the deadline.
    await t.store.scans.claim(overdue, 'alive-but-stuck', 24 * 3600_000, longAgo);

    const queue = createInProcessQueue(t.store, { concurrency: 0, settings });
    await queue.sweep();
    const [r, e, o] = await Promise.all([resumable, exhausted, overdue].map((id) => t.store.scans.get(id)));
    assert.equal(r?.status, 'queued');
    assert.equal(r?.lease_owner, null);
    assert.equal(e?.status, 'failed');
    assert.equal(e?.error_code, 'internal');
    assert.match(e?.error_message ?? '', /interrupted 2 times/);
    assert.equal(o?.status, 'failed');
    assert.equal(o?.error_code, 'scan_timeout');
    await queue.close();
  });
});
