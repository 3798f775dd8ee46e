// BullMQ scheduling without running scans: a job's priority is its position in its tenant's backlog,
// so a tenant's burst does not push another tenant's scan behind it; and the repair sweeper
// re-adds the job of a scan that is queued in the database but missing from Redis.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createBullQueue } from '../../../src/service/queue/bullmq.js';
import { createScanService } from '../../../src/service/scans/service.js';
import { scanSettingsFrom } from '../../../src/service/scans/settings.js';
import { createTenantWithKey, createTestStore, REDIS_SKIP, type TestStore } from '../../helpers/service.js';
import { METHODOLOGY_VERSION } from '../../../src/engine/methodology.js';

describe('BullMQ queue scheduling', { skip: REDIS_SKIP }, () => {
  let ts: TestStore;
  let queue: ReturnType<typeof createBullQueue>;
  before(async () => {
    ts = await createTestStore(process.env.DATABASE_URL ? 'postgres' : 'sqlite', {});
    queue = createBullQueue(ts.store, {
      redisUrl: process.env.REDIS_URL!, settings: scanSettingsFrom(ts.config, { leaseMs: 2000 }), work: false, sweep: false, concurrency: 1,
      prefix: `cbomtest-${randomUUID().slice(0, 8)}`,
    });
  });
  after(async () => {
    await queue?.queue.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await ts?.cleanup();
  });

  it("runs tenants round-robin: another tenant's scan is not queued behind a burst", async () => {
    let clock = Date.parse('2026-06-01T00:00:00.000Z');
    const service = createScanService(ts.store, queue, () => new Date(clock++));
    const a = await createTenantWithKey(ts.store);
    const b = await createTenantWithKey(ts.store);
    const submit = async (tenantId: string, i: number) => {
      const r = await service.submitScan({ kind: 'tenant', tenantId, env: 'test', keyLookup: null, repoUrl: `https://github.com/acme/r${i}` });
      assert.ok(r.ok);
      return r.scan.id;
    };
    const burst = [];
    for (let i = 0; i < 5; i++) burst.push(await submit(a.tenant.id, i));
    const single = await submit(b.tenant.id, 99);
    // BullMQ hands out prioritized jobs lowest priority first, equal priorities in arrival order.
    const jobs = await queue.queue.getJobs(['prioritized', 'wait']);
    const order = jobs
      .map((j) => ({ id: j.data.scanId, priority: j.opts.priority ?? 0, ts: j.timestamp }))
      .sort((x, y) => x.priority - y.priority || x.ts - y.ts)
      .map((j) => j.id);
    assert.deepEqual(order, [burst[0], single, burst[1], burst[2], burst[3], burst[4]]);
  });

  it('re-adds the job of a scan queued in the database whose job is gone from Redis', async () => {
    const { tenant } = await createTenantWithKey(ts.store);
    // Created long enough ago that the sweeper treats it as stranded.
    const row = await ts.store.scans.create(
      {
        tenantId: tenant.id, tenantKind: 'partner', env: 'test', keyLookup: null, repoUrl: 'https://github.com/acme/lost', repoOwner: 'acme',
        repoName: 'lost', repoRef: null, projectName: null, projectVersion: '1.0.0', methodologyVersion: METHODOLOGY_VERSION, billable: false, priceCents: 0,
      },
      new Date(Date.now() - 10 * 60_000),
    );
    assert.equal(await queue.queue.getJobState(row.id), 'unknown');
    await queue.sweep();
    assert.notEqual(await queue.queue.getJobState(row.id), 'unknown');
    const job = await queue.queue.getJob(row.id);
    assert.equal(job?.data.scanId, row.id);
  });
});
