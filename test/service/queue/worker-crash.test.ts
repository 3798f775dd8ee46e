// Two `cbom worker` processes on the BullMQ queue; the one running a scan is killed with SIGKILL in
// the middle of its download. BullMQ's stalled-job check hands the job to the other worker, which
// takes the scan over and completes it: exactly once (one completion logged, one pair of BOMs).
// Needs REDIS_URL; uses PostgreSQL when DATABASE_URL is set, otherwise a SQLite file both share.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createBullQueue } from '../../../src/service/queue/bullmq.js';
import { createScanService } from '../../../src/service/scans/service.js';
import { scanSettingsFrom } from '../../../src/service/scans/settings.js';
import { eventually, spawnCli, type CliProcess } from '../../helpers/cli-process.js';
import { startFakeGitHub, type FakeGitHub } from '../../helpers/fake-github.js';
import { createTenantWithKey, createTestStore, REDIS_SKIP, type TestStore } from '../../helpers/service.js';

describe('cbom worker processes with kill -9 mid-scan [BullMQ]', { skip: REDIS_SKIP }, () => {
  let gh: FakeGitHub;
  let ts: TestStore;
  let producer: ReturnType<typeof createBullQueue>;
  const workers: CliProcess[] = [];
  const prefix = `cbomtest-${randomUUID().slice(0, 8)}`;

  before(async () => {
    gh = await startFakeGitHub({ repos: [{ owner: 'acme', name: 'slow', fixture: 'payments-service', tarballDelayMs: 2500 }] });
    ts = await createTestStore(process.env.DATABASE_URL ? 'postgres' : 'sqlite', {});
    producer = createBullQueue(ts.store, {
      redisUrl: process.env.REDIS_URL!, settings: scanSettingsFrom(ts.config), work: false, sweep: false, concurrency: 1, prefix,
    });
    await producer.start();
  });
  after(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await producer?.queue.obliterate({ force: true }).catch(() => undefined);
    await producer?.close();
    await gh?.close();
    await ts?.cleanup();
  });

  it('completes the scan exactly once on the surviving worker', async () => {
    const env = {
      ...ts.env,
      REDIS_URL: process.env.REDIS_URL!,
      CBOM_QUEUE_PREFIX: prefix,
      CBOM_SCAN_LEASE_SECONDS: '2',
      CBOM_WORKER_CONCURRENCY: '1',
      CBOM_GITHUB_API_URL: gh.url,
      LOG_LEVEL: 'info',
    };
    for (let i = 0; i < 2; i++) workers.push(spawnCli(['worker'], env));
    for (const w of workers) await eventually(() => `worker start\n${w.output()}`, async () => (w.output().includes('"worker started"') ? true : undefined), 60_000, 200);

    const { tenant } = await createTenantWithKey(ts.store);
    const service = createScanService(ts.store, producer);
    const submitted = await service.submitScan({ kind: 'tenant', tenantId: tenant.id, env: 'test', keyLookup: null, repoUrl: 'https://github.com/acme/slow' });
    assert.ok(submitted.ok);
    const id = submitted.scan.id;

    // Find the worker holding the scan (its lease owner names its pid) while it downloads, and kill it.
    const owner = await eventually('a worker to take the scan', async () => {
      const r = await ts.store.scans.get(id);
      return r?.status === 'downloading' && r.lease_owner ? r.lease_owner : undefined;
    });
    const pid = Number(owner.split(':')[2]);
    const victim = workers.find((w) => w.pid === pid);
    assert.ok(victim, `lease owner ${owner} is one of the workers (${workers.map((w) => w.pid)})`);
    const survivor = workers.find((w) => w !== victim)!;
    victim.kill('SIGKILL');
    assert.equal(await victim.exited, 'SIGKILL');

    const done = await eventually(() => `the scan to finish\n${survivor.output()}`, async () => {
      const r = await ts.store.scans.get(id);
      return r && (r.status === 'completed' || r.status === 'failed') ? r : undefined;
    }, 90_000, 200);
    assert.equal(done.status, 'completed', `${done.error_code}: ${done.error_message}`);
    assert.ok(done.attempts >= 2, `attempts ${done.attempts}`);
    assert.equal(done.lease_owner, null);

    const completions = (out: string) => out.split('\n').filter((l) => l.includes(id) && l.includes('"outcome":"completed"')).length;
    // The worker logs the outcome after it has written it: the line may reach the pipe a moment after
    // the row shows `completed` (seen once in CI).
    await eventually(() => `the survivor's completion line\n${survivor.output()}`, async () => (completions(survivor.output()) > 0 ? true : undefined), 10_000, 100);
    assert.equal(completions(survivor.output()), 1, survivor.output());
    assert.equal(completions(victim.output()), 0);
    assert.ok(await ts.store.scans.getBom(id, 'cyclonedx'));
    assert.ok(await ts.store.scans.getBom(id, 'spdx'));

    // Graceful shutdown of the survivor: exits 0 on SIGTERM.
    survivor.kill('SIGTERM');
    assert.equal(await survivor.exited, 0, survivor.output());
  });
});
