// A server restart in the middle of a scan: the scan completes (or fails), it never hangs.
// Real `cbom serve` processes on one SQLite database: the first is killed with SIGKILL while it
// downloads, the second takes the scan over once the dead one's lease expires; then a graceful
// SIGTERM gives a running scan back to the queue at once and the next server completes it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeGitHub, type FakeGitHub } from '../../helpers/fake-github.js';
import { eventually, freePort, spawnCli, type CliProcess } from '../../helpers/cli-process.js';
import { createTenantWithKey, createTestStore, type TestStore, type TenantWithKey } from '../../helpers/service.js';

describe('server restart mid-scan [sqlite + in-process queue]', () => {
  let gh: FakeGitHub;
  let ts: TestStore;
  let who: TenantWithKey;
  const servers: CliProcess[] = [];
  let env: Record<string, string>;

  before(async () => {
    gh = await startFakeGitHub({
      repos: [
        { owner: 'acme', name: 'slow', fixture: 'tiny-hasher', tarballDelayMs: 2500 },
        { owner: 'acme', name: 'slow-too', fixture: 'legacy-gateway', tarballDelayMs: 2500 },
      ],
    });
    ts = await createTestStore('sqlite', {});
    who = await createTenantWithKey(ts.store);
    env = {
      ...ts.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      CBOM_GITHUB_API_URL: gh.url,
      CBOM_SCAN_LEASE_SECONDS: '2',
      CBOM_WORKER_CONCURRENCY: '1',
    };
  });
  after(async () => {
    for (const s of servers) s.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await gh?.close();
    await ts?.cleanup();
  });

  async function startServer(): Promise<{ proc: CliProcess; base: string }> {
    const port = await freePort();
    const proc = spawnCli(['serve'], { ...env, PORT: String(port) });
    servers.push(proc);
    const base = `http://127.0.0.1:${port}/api/v1/cbom`;
    await eventually(() => `server on ${port}\n${proc.output()}`, async () => ((await fetch(`${base}/health`)).ok ? true : undefined), 60_000, 200);
    return { proc, base };
  }
  const row = (id: string) => ts.store.scans.get(id);
  const tarballRequests = () => gh.requests.filter((r) => r.path.startsWith('/_codeload/')).length;

  it('completes a scan whose server was killed (SIGKILL) while downloading', async () => {
    const first = await startServer();
    const res = await fetch(`${first.base}/scans`, {
      method: 'POST', headers: { ...who.headers, 'content-type': 'application/json' }, body: JSON.stringify({ repo_url: 'https://github.com/acme/slow' }),
    });
    assert.equal(res.status, 201);
    const { id } = (await res.json()) as { id: string };
    const before = tarballRequests();
    await eventually('the download to start', async () => (tarballRequests() > before ? true : undefined));
    assert.equal((await row(id))?.status, 'downloading');
    first.proc.kill('SIGKILL');
    await first.proc.exited;
    assert.equal((await row(id))?.status, 'downloading', 'the dead server still holds the scan');

    const second = await startServer();
    const done = await eventually('the scan to finish after the restart', async () => {
      const r = await row(id);
      return r && (r.status === 'completed' || r.status === 'failed') ? r : undefined;
    }, 60_000, 200);
    assert.equal(done.status, 'completed', `${done.error_code}: ${done.error_message}\n${second.proc.output()}`);
    assert.equal(done.attempts, 2);
    const detail = await (await fetch(`${second.base}/scans/${id}`, { headers: who.headers })).json() as { status: string; metadata: { bom_sha256: unknown } };
    assert.equal(detail.status, 'completed');
    assert.ok(detail.metadata.bom_sha256);

    // Graceful stop (SIGTERM) mid-download: the scan goes straight back to the queue...
    const res2 = await fetch(`${second.base}/scans`, {
      method: 'POST', headers: { ...who.headers, 'content-type': 'application/json' }, body: JSON.stringify({ repo_url: 'https://github.com/acme/slow-too' }),
    });
    const { id: id2 } = (await res2.json()) as { id: string };
    const before2 = tarballRequests();
    await eventually('the second download to start', async () => (tarballRequests() > before2 ? true : undefined));
    second.proc.kill('SIGTERM');
    assert.equal(await second.proc.exited, 0, second.proc.output());
    const released = await row(id2);
    assert.equal(released?.status, 'queued');
    assert.equal(released?.lease_owner, null);
    // ...and the next server completes it without waiting for a lease to expire.
    await startServer();
    const done2 = await eventually('the released scan to finish', async () => {
      const r = await row(id2);
      return r && (r.status === 'completed' || r.status === 'failed') ? r : undefined;
    }, 60_000, 200);
    assert.equal(done2.status, 'completed', `${done2.error_code}: ${done2.error_message}`);
  });
});
