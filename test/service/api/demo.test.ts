// The public demo API (DESIGN.md section 4, Public demo) on every available dialect, with real scans
// of fixture repositories served by the local fake GitHub: no key needed, one new scan per client IP
// per 24 hours (429 + Retry-After), the same repository within the cache time answered from cache
// without counting, X-Forwarded-For trusted only with CBOM_TRUST_PROXY, BOM downloads, and demo
// scans kept out of every tenant's lists and usage. The Redis profile shares limits and cache
// between two app instances ("nodes").
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeGitHub, type FakeGitHub } from '../../helpers/fake-github.js';
import { API, createScanTestApp, type ScanTestApp } from '../../helpers/scan-app.js';
import { createTenantWithKey, createTestStore, DIALECTS, REDIS_SKIP } from '../../helpers/service.js';
import { randomAlphanumeric } from '../../../src/service/store/ids.js';
import { DEMO_WINDOW_MS } from '../../../src/service/demo/gate.js';

const DEMO = `${API}/demo/scans`;
let ipCounter = 10;
/** A fresh documentation-range address per use, so tests never share a client. */
const freshIp = () => `198.51.100.${ipCounter++}`;

async function waitDemo(t: ScanTestApp, id: string, timeoutMs = 30_000): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `${DEMO}/${id}` });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    if (body.status === 'completed' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`demo scan ${id} still ${body.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

for (const d of DIALECTS) {
  describe(`public demo API [${d.name}]`, { skip: d.skip }, () => {
    let gh: FakeGitHub;
    let t: ScanTestApp;
    before(async () => {
      gh = await startFakeGitHub({
        repos: [
          { owner: 'octo-org', name: 'payments-service', fixture: 'payments-service', committedAt: '2026-10-01T12:00:00Z' },
          { owner: 'octo-org', name: 'legacy-gateway', fixture: 'legacy-gateway' },
          { owner: 'octo-org', name: 'tiny-hasher', fixture: 'tiny-hasher' },
          { owner: 'octo-org', name: 'slow-download', fixture: 'tiny-hasher', tarballDelayMs: 1500 },
          { owner: 'octo-org', name: 'secret-thing', fixture: 'tiny-hasher', private: true },
        ],
      });
      t = await createScanTestApp(d.name, { github: gh });
    });
    after(async () => {
      await t?.cleanup();
      await gh?.close();
    });

    const start = (repo_url: string, ip: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: DEMO, payload: { repo_url }, remoteAddress: ip, headers });

    let paymentsId = '';

    it('starts a scan without a key (202) and follows it to a completed result the page can show', async () => {
      const res = await start('https://github.com/octo-org/payments-service', freshIp());
      assert.equal(res.statusCode, 202, res.body);
      const created = res.json();
      assert.match(created.id, /^cbom_[A-Za-z0-9]{16}$/);
      assert.equal(created.status, 'queued');
      assert.equal(created.cached, false);
      paymentsId = created.id;

      const scan = await waitDemo(t, created.id);
      assert.equal(scan.status, 'completed', JSON.stringify(scan.error));
      assert.equal(scan.repo_url, 'https://github.com/octo-org/payments-service');
      assert.deepEqual(scan.progress.percent, 100);
      const sha = gh.shaOf('octo-org', 'payments-service');
      assert.equal(scan.repository.commit, sha);
      assert.equal(scan.repository.blob_base_url, `https://github.com/octo-org/payments-service/blob/${sha}/`);
      assert.ok(scan.components.length > 0, 'assets found');
      assert.ok(scan.components.some((c: any) => c.kind === 'algorithm' && typeof c.nist_quantum_level === 'number'));
      for (const c of scan.components) {
        assert.equal(c.occurrences.length <= 20, true);
        for (const o of c.occurrences) assert.ok(o.path && !o.path.startsWith('/') && o.line >= 1, JSON.stringify(o));
      }
      assert.equal(typeof scan.score, 'number');
      assert.equal(scan.findings_summary.total, scan.findings.length);
      assert.deepEqual(scan.downloads, {
        cyclonedx: `${DEMO}/${created.id}/bom.json?format=cyclonedx`,
        spdx: `${DEMO}/${created.id}/bom.json?format=spdx`,
      });
      assert.ok(!('tenant_id' in scan), 'no tenant fields');
    });

    it('serves both BOMs as byte-identical attachments with their media types and ETags', async () => {
      for (const [format, type] of [['cyclonedx', 'application/vnd.cyclonedx+json'], ['spdx', 'application/spdx+json']] as const) {
        const url = `${DEMO}/${paymentsId}/bom.json?format=${format}`;
        const one = await t.app.inject({ method: 'GET', url });
        assert.equal(one.statusCode, 200, one.body);
        assert.ok(String(one.headers['content-type']).startsWith(type), String(one.headers['content-type']));
        assert.match(String(one.headers['content-disposition']), /^attachment; filename="octo-org-payments-service-[0-9a-f]{12}\.(cdx|spdx)\.json"$/);
        const stored = await t.store.scans.getBom(paymentsId, format);
        assert.equal(one.body, stored!.document);
        assert.equal(one.headers.etag, `"${stored!.sha256}"`);
        const again = await t.app.inject({ method: 'GET', url });
        assert.equal(again.body, one.body);
        const notModified = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(one.headers.etag) } });
        assert.equal(notModified.statusCode, 304);
      }
      const parsed = JSON.parse((await t.app.inject({ method: 'GET', url: `${DEMO}/${paymentsId}/bom.json` })).body);
      assert.equal(parsed.bomFormat, 'CycloneDX', 'CycloneDX is the default');
      assert.equal((await t.app.inject({ method: 'GET', url: `${DEMO}/${paymentsId}/bom.json?format=xml` })).statusCode, 422);
    });

    it('answers the same repository from cache, from any address, without counting', async () => {
      const ip = freshIp();
      for (const url of ['https://github.com/octo-org/payments-service', 'https://github.com/Octo-Org/Payments-Service.git/']) {
        const res = await start(url, ip);
        assert.equal(res.statusCode, 202);
        assert.deepEqual(res.json(), { id: paymentsId, status: 'completed', cached: true });
      }
      // The cached answers did not use this address's one scan.
      assert.equal((await start('https://github.com/octo-org/tiny-hasher', ip)).statusCode, 202);
    });

    it('allows one new scan per address per 24 hours: 429 with Retry-After, other addresses unaffected', async () => {
      const ip = freshIp();
      assert.equal((await start('https://github.com/octo-org/legacy-gateway', ip)).statusCode, 202);
      const refused = await start('https://github.com/octo-org/payments-service/tree/main', ip);
      assert.equal(refused.statusCode, 429);
      const retry = Number(refused.headers['retry-after']);
      assert.ok(retry > DEMO_WINDOW_MS / 1000 - 60 && retry <= DEMO_WINDOW_MS / 1000, `Retry-After ${retry}`);
      assert.match(refused.json().detail, /24 hours/);
      assert.equal((await start('https://github.com/octo-org/payments-service/tree/main', freshIp())).statusCode, 202);
    });

    it('refuses bad URLs with a 422 on body.repo_url that does not count', async () => {
      const ip = freshIp();
      for (const repo_url of ['https://gitlab.com/a/b', 'https://github.com/only-owner', 'http://github.com/a/b', 'not a url']) {
        const res = await start(repo_url, ip);
        assert.equal(res.statusCode, 422, repo_url);
        assert.deepEqual(res.json().detail[0].loc, ['body', 'repo_url']);
      }
      assert.equal((await t.app.inject({ method: 'POST', url: DEMO, payload: { repo_url: 'https://github.com/a/b', extra: 1 }, remoteAddress: ip })).statusCode, 422);
      assert.equal((await t.app.inject({ method: 'POST', url: DEMO, payload: 'x', headers: { 'content-type': 'application/json' }, remoteAddress: ip })).statusCode, 400);
      assert.equal((await start('https://github.com/octo-org/legacy-gateway/tree/main', ip)).statusCode, 202, 'the address still has its scan');
    });

    it('ignores X-Forwarded-For unless CBOM_TRUST_PROXY is set', async () => {
      const ip = freshIp();
      assert.equal((await start('https://github.com/octo-org/legacy-gateway/tree/v1', ip, { 'x-forwarded-for': '203.0.113.1' })).statusCode, 202);
      const second = await start('https://github.com/octo-org/legacy-gateway/tree/v2', ip, { 'x-forwarded-for': '203.0.113.2' });
      assert.equal(second.statusCode, 429, 'a spoofed header does not buy another scan');
    });

    it('reports a repository that does not exist or is private as failed, and does not serve it from cache', async () => {
      const res = await start('https://github.com/octo-org/secret-thing', freshIp());
      assert.equal(res.statusCode, 202);
      const scan = await waitDemo(t, res.json().id);
      assert.equal(scan.status, 'failed');
      assert.equal(scan.error.code, 'repo_not_found');
      assert.equal(scan.downloads, null);
      const bom = await t.app.inject({ method: 'GET', url: `${DEMO}/${scan.id}/bom.json` });
      assert.equal(bom.statusCode, 409);
      const again = await start('https://github.com/octo-org/secret-thing', freshIp());
      assert.notEqual(again.json().id, scan.id, 'a failed scan is not a cached answer');
      assert.equal(again.json().cached, false);
    });

    it('shows progress while running and 409s the BOM until completed', async () => {
      const res = await start('https://github.com/octo-org/slow-download', freshIp());
      const id = res.json().id;
      let seen = '';
      for (let i = 0; i < 40 && !['downloading', 'scanning'].includes(seen); i++) {
        seen = (await t.app.inject({ method: 'GET', url: `${DEMO}/${id}` })).json().status;
        if (!['downloading', 'scanning'].includes(seen)) await new Promise((r) => setTimeout(r, 25));
      }
      assert.ok(['downloading', 'scanning'].includes(seen), seen);
      const early = await t.app.inject({ method: 'GET', url: `${DEMO}/${id}/bom.json` });
      assert.equal(early.statusCode, 409);
      assert.match(early.json().detail, /completed/);
      assert.equal((await waitDemo(t, id)).status, 'completed');
    });

    it("keeps demo scans out of every tenant's lists, usage and scan reads, and tenant scans out of the demo", async () => {
      const { headers } = await createTenantWithKey(t.store);
      const list = (await t.app.inject({ method: 'GET', url: `${API}/scans`, headers })).json();
      assert.equal(list.count, 0);
      const usage = (await t.app.inject({ method: 'GET', url: `${API}/usage`, headers })).json();
      assert.equal(usage.all_time.scans, 0);
      assert.equal((await t.app.inject({ method: 'GET', url: `${API}/scans/${paymentsId}`, headers })).statusCode, 404);
      assert.equal((await t.app.inject({ method: 'GET', url: `${API}/scans/${paymentsId}/bom.json`, headers })).statusCode, 404);
      const own = await t.app.inject({ method: 'POST', url: `${API}/scans`, headers, payload: { repo_url: 'https://github.com/octo-org/tiny-hasher' } });
      assert.equal(own.statusCode, 201);
      for (const url of [`${DEMO}/${own.json().id}`, `${DEMO}/${own.json().id}/bom.json`, `${DEMO}/cbom_${randomAlphanumeric(16)}`]) {
        assert.equal((await t.app.inject({ method: 'GET', url })).statusCode, 404, url);
      }
    });
  });

  describe(`public demo behind a trusted proxy [${d.name}]`, { skip: d.skip }, () => {
    let gh: FakeGitHub;
    let t: ScanTestApp;
    before(async () => {
      gh = await startFakeGitHub();
      t = await createScanTestApp(d.name, { github: gh, work: false, env: { CBOM_TRUST_PROXY: 'true', CBOM_DEMO_PER_IP_PER_DAY: '2' } });
    });
    after(async () => {
      await t?.cleanup();
      await gh?.close();
    });

    it('counts per X-Forwarded-For client and honours CBOM_DEMO_PER_IP_PER_DAY', async () => {
      const post = (repo: string, xff: string) =>
        t.app.inject({ method: 'POST', url: DEMO, payload: { repo_url: `https://github.com/acme/${repo}` }, remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': xff } });
      assert.equal((await post('one', '203.0.113.10')).statusCode, 202);
      assert.equal((await post('two', '203.0.113.10')).statusCode, 202, 'two per day here');
      assert.equal((await post('three', '203.0.113.10')).statusCode, 429);
      assert.equal((await post('three', '203.0.113.11')).statusCode, 202, 'another client behind the same proxy');
    });
  });

  describe(`demo limits in the database [${d.name}]`, { skip: d.skip }, () => {
    it('slides a 24-hour window per client and lets only one of many parallel requests through', async () => {
      const ts = await createTestStore(d.name);
      try {
        const demo = ts.store.demo;
        const t0 = new Date('2026-03-01T10:00:00.000Z');
        const first = await demo.reserve('client-a', 1, DEMO_WINDOW_MS, t0);
        assert.equal(first.ok, true);
        const later = await demo.reserve('client-a', 1, DEMO_WINDOW_MS, new Date(t0.getTime() + 3600_000));
        assert.deepEqual(later, { ok: false, retryAfterSeconds: 23 * 3600 });
        assert.equal((await demo.reserve('client-b', 1, DEMO_WINDOW_MS, t0)).ok, true);
        assert.equal((await demo.reserve('client-a', 1, DEMO_WINDOW_MS, new Date(t0.getTime() + DEMO_WINDOW_MS + 1000))).ok, true);

        const racers = await Promise.all(Array.from({ length: 6 }, () => demo.reserve('client-c', 1, DEMO_WINDOW_MS, t0)));
        assert.equal(racers.filter((r) => r.ok).length, 1);

        if (first.ok) await demo.release(first.reservationId);
        assert.equal(await demo.purgeBefore(new Date(t0.getTime() + 2 * DEMO_WINDOW_MS)), 3);
      } finally {
        await ts.cleanup();
      }
    });
  });
}

const randomHextet = () => Math.floor(Math.random() * 0x10000).toString(16);

describe('public demo in the Redis profile (two nodes)', { skip: REDIS_SKIP }, () => {
  let gh: FakeGitHub;
  let one: ScanTestApp;
  let two: ScanTestApp;
  before(async () => {
    gh = await startFakeGitHub();
    one = await createScanTestApp('sqlite', { github: gh, work: false, env: { REDIS_URL: process.env.REDIS_URL! } });
    two = await createScanTestApp('sqlite', { github: gh, work: false, testStore: one.testStore });
  });
  after(async () => {
    await two?.cleanup();
    await one?.cleanup();
    await gh?.close();
  });

  it('shares the per-address count and the repository cache between nodes', async () => {
    // Counters live in Redis for 24 hours and outlast the run, so each run needs addresses no earlier
    // run used: a random IPv6 /64 (clients are counted per /64) instead of one of 250 IPv4 addresses.
    const randomClient = () => `2001:db8:${randomHextet()}:${randomHextet()}::1`;
    const ip = randomClient();
    const repo = `https://github.com/acme/redis-${randomAlphanumeric(8).toLowerCase()}`;
    const post = (app: ScanTestApp, repo_url: string, remoteAddress: string) => app.app.inject({ method: 'POST', url: DEMO, payload: { repo_url }, remoteAddress });
    const first = await post(one, repo, ip);
    assert.equal(first.statusCode, 202, first.body);
    const refused = await post(two, `${repo}-other`, ip);
    assert.equal(refused.statusCode, 429, 'the other node knows this address used its scan');
    assert.ok(Number(refused.headers['retry-after']) > 86_000);
    const cached = await post(two, repo, randomClient());
    assert.deepEqual(cached.json(), { id: first.json().id, status: 'queued', cached: true });
  });
});
