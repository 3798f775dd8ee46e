// The scans and usage endpoints without running scans (no workers): validation, scopes, tenant
// isolation, listing and paging, the 409 before completion, the monthly cap, usage arithmetic.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeGitHub, type FakeGitHub } from '../../helpers/fake-github.js';
import { API, createScanTestApp, type ScanTestApp } from '../../helpers/scan-app.js';
import { createTenantWithKey, DIALECTS } from '../../helpers/service.js';
import { METHODOLOGY_VERSION } from '../../../src/engine/methodology.js';

for (const d of DIALECTS) {
  describe(`scans API without workers [${d.name}]`, { skip: d.skip }, () => {
    let gh: FakeGitHub;
    let t: ScanTestApp;
    let clock = new Date('2026-01-31T23:59:50.000Z');
    before(async () => {
      gh = await startFakeGitHub();
      t = await createScanTestApp(d.name, { github: gh, work: false, clock: () => clock });
    });
    after(async () => {
      await t?.cleanup();
      await gh?.close();
    });
    const post = (headers: Record<string, string>, payload: unknown) => t.app.inject({ method: 'POST', url: `${API}/scans`, headers, payload: payload as object });

    it('creates a queued scan (201) with the five fields, normalising the URL and defaulting the version', async () => {
      const { headers, tenant } = await createTenantWithKey(t.store);
      const res = await post(headers, { repo_url: 'https://github.com/acme/payments.git/', project_name: 'Payments' });
      assert.equal(res.statusCode, 201, res.body);
      const body = res.json();
      assert.deepEqual(Object.keys(body).sort(), ['id', 'methodology_version', 'status', 'tenant_id', 'tenant_kind']);
      assert.match(body.id, /^cbom_[A-Za-z0-9]{16}$/);
      assert.equal(body.status, 'queued');
      assert.equal(body.tenant_id, tenant.id);
      assert.equal(body.tenant_kind, 'partner');
      assert.equal(body.methodology_version, METHODOLOGY_VERSION);
      const detail = (await t.app.inject({ method: 'GET', url: `${API}/scans/${body.id}`, headers })).json();
      assert.equal(detail.repo_url, 'https://github.com/acme/payments');
      assert.equal(detail.project_name, 'Payments');
      assert.equal(detail.project_version, '1.0.0');
      assert.deepEqual(detail.progress, { phase: 'queued', percent: 0, files_done: 0, files_total: 0 });
      assert.equal(detail.error, null);
      assert.deepEqual(detail.findings, []);
      assert.deepEqual(detail.metadata, { repository: null, bom_sha256: null, stats: null });
    });

    it('refuses repository URLs outside the allowed forms with a 422 on body.repo_url, and stores nothing', async () => {
      const { headers, tenant } = await createTenantWithKey(t.store);
      for (const repo_url of ['https://gitlab.com/acme/payments', 'https://github.com/acme', 'http://github.com/acme/payments', 'https://github.com/acme/payments/blob/main/x']) {
        const res = await post(headers, { repo_url });
        assert.equal(res.statusCode, 422, repo_url);
        const [err] = res.json().detail;
        assert.deepEqual(err.loc, ['body', 'repo_url']);
        assert.match(err.msg, /github\.com/);
      }
      assert.equal((await post(headers, { repo_url: 'short' })).statusCode, 422);
      assert.deepEqual((await post(headers, { repo_url: 'https://github.com/a/b', project_version: 'x'.repeat(61) })).json().detail[0].loc, ['body', 'project_version']);
      assert.equal((await post(headers, { repo_url: 'https://github.com/a/b', extra: 1 })).statusCode, 422);
      assert.equal((await post(headers, [1, 2])).statusCode, 400);
      const list = (await t.app.inject({ method: 'GET', url: `${API}/scans`, headers })).json();
      assert.equal(list.count, 0);
      assert.equal((await t.store.usage.totals(tenant.id)).scans, 0);
    });

    it('needs a key, scans:write to create and scans:read to read', async () => {
      assert.equal((await t.app.inject({ method: 'POST', url: `${API}/scans`, payload: { repo_url: 'https://github.com/a/b' } })).statusCode, 401);
      const reader = await createTenantWithKey(t.store, { scopes: ['scans:read'] });
      const res = await post(reader.headers, { repo_url: 'https://github.com/a/b' });
      assert.equal(res.statusCode, 403);
      assert.match(res.json().detail, /scans:write/);
      const writer = await createTenantWithKey(t.store, { scopes: ['scans:write'] });
      const created = await post(writer.headers, { repo_url: 'https://github.com/a/b' });
      assert.equal(created.statusCode, 201);
      for (const url of [`${API}/scans`, `${API}/scans/${created.json().id}`, `${API}/scans/${created.json().id}/bom.json`]) {
        assert.equal((await t.app.inject({ method: 'GET', url, headers: writer.headers })).statusCode, 403, url);
      }
      // Usage needs no scope beyond an active key.
      assert.equal((await t.app.inject({ method: 'GET', url: `${API}/usage`, headers: writer.headers })).statusCode, 200);
    });

    it("keeps tenants apart: another tenant's scan is a 404 on every endpoint and absent from lists and usage", async () => {
      const a = await createTenantWithKey(t.store);
      const b = await createTenantWithKey(t.store);
      const id = (await post(a.headers, { repo_url: 'https://github.com/acme/payments' })).json().id;
      for (const url of [`${API}/scans/${id}`, `${API}/scans/${id}/bom.json`, `${API}/scans/${id}/bom.json?format=spdx`, `${API}/scans/${id}?include_bom=true`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: b.headers });
        assert.equal(res.statusCode, 404, url);
        assert.deepEqual(res.json(), { detail: 'Scan not found' });
      }
      assert.equal((await t.app.inject({ method: 'GET', url: `${API}/scans`, headers: b.headers })).json().count, 0);
      const usage = (await t.app.inject({ method: 'GET', url: `${API}/usage`, headers: b.headers })).json();
      assert.equal(usage.all_time.scans, 0);
      assert.deepEqual(usage.recent_scans, []);
      assert.equal((await t.app.inject({ method: 'GET', url: `${API}/scans/cbom_doesnotexist0000`, headers: a.headers })).statusCode, 404);
    });

    it('answers 409 for the BOM of a scan that has not completed, and validates format', async () => {
      const { headers } = await createTenantWithKey(t.store);
      const id = (await post(headers, { repo_url: 'https://github.com/acme/payments' })).json().id;
      const res = await t.app.inject({ method: 'GET', url: `${API}/scans/${id}/bom.json`, headers });
      assert.equal(res.statusCode, 409);
      assert.match(res.json().detail, /queued/);
      const bad = await t.app.inject({ method: 'GET', url: `${API}/scans/${id}/bom.json?format=xml`, headers });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(bad.json().detail[0].loc, ['query', 'format']);
    });

    it('lists most recent first within limit bounds and pages with next_cursor', async () => {
      const { headers } = await createTenantWithKey(t.store);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        clock = new Date(Date.parse('2026-01-10T00:00:00.000Z') + i * 1000);
        ids.push((await post(headers, { repo_url: `https://github.com/acme/repo-${i}` })).json().id);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `${API}/scans?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (await t.app.inject({ method: 'GET', url, headers })).json();
        assert.equal(page.count, page.scans.length);
        assert.ok(page.count <= 2);
        for (const s of page.scans) {
          assert.deepEqual(Object.keys(s).sort(), ['completed_at', 'created_at', 'id', 'methodology_version', 'project_name', 'project_version', 'repo_url', 'score', 'status']);
          assert.equal(s.score, null);
          seen.push(s.id);
        }
        cursor = page.next_cursor;
      } while (cursor);
      assert.deepEqual(seen, [...ids].reverse());
      const all = (await t.app.inject({ method: 'GET', url: `${API}/scans`, headers })).json();
      assert.equal(all.count, 5);
      assert.equal(all.next_cursor, null);
      for (const q of ['limit=0', 'limit=201', 'limit=abc', 'cursor=garbage']) {
        const res = await t.app.inject({ method: 'GET', url: `${API}/scans?${q}`, headers });
        assert.equal(res.statusCode, 422, q);
        assert.equal(res.json().detail[0].loc[0], 'query');
      }
      assert.equal((await t.app.inject({ method: 'GET', url: `${API}/scans?limit=200`, headers })).statusCode, 200);
    });

    it('enforces the monthly cap with 429 and Retry-After to the cycle end; failed scans do not count; a new month resets it', async () => {
      clock = new Date('2026-01-31T23:59:50.000Z');
      const { headers, tenant } = await createTenantWithKey(t.store, { monthlyCap: 2, priceCents: 250, env: 'live' });
      const first = (await post(headers, { repo_url: 'https://github.com/acme/a' })).json().id;
      assert.equal((await post(headers, { repo_url: 'https://github.com/acme/b' })).statusCode, 201);
      const refused = await post(headers, { repo_url: 'https://github.com/acme/c' });
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.headers['retry-after'], '10');
      assert.match(refused.json().detail, /[Mm]onthly scan cap/);
      assert.match(refused.json().detail, /2026-02-01T00:00:00.000Z/);
      // A failed scan gives its place back.
      await t.store.scans.fail(first, null, { code: 'repo_not_found', message: 'gone' });
      assert.equal((await post(headers, { repo_url: 'https://github.com/acme/c' })).statusCode, 201);
      assert.equal((await post(headers, { repo_url: 'https://github.com/acme/d' })).statusCode, 429);

      let usage = (await t.app.inject({ method: 'GET', url: `${API}/usage?recent_limit=1`, headers })).json();
      assert.deepEqual(usage.billing_cycle, { start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z' });
      assert.deepEqual(usage.current_cycle, { scans: 2, billable_scans: 2, spend_cents: 500, monthly_cap: 2, remaining: 0 });
      assert.equal(usage.recent_scans.length, 1);
      assert.equal(usage.tenant_id, tenant.id);
      assert.equal(usage.currency, 'USD');

      // Twenty seconds later it is February: a fresh cycle.
      clock = new Date('2026-02-01T00:00:10.000Z');
      assert.equal((await post(headers, { repo_url: 'https://github.com/acme/e' })).statusCode, 201);
      usage = (await t.app.inject({ method: 'GET', url: `${API}/usage?recent_limit=0`, headers })).json();
      assert.deepEqual(usage.billing_cycle, { start: '2026-02-01T00:00:00.000Z', end: '2026-03-01T00:00:00.000Z' });
      assert.deepEqual(usage.current_cycle, { scans: 1, billable_scans: 1, spend_cents: 250, monthly_cap: 2, remaining: 1 });
      assert.deepEqual(usage.all_time, { scans: 3, billable_scans: 3, spend_cents: 750 });
      assert.deepEqual(usage.recent_scans, []);
    });

    it('never lets concurrent submissions exceed the cap', async () => {
      clock = new Date('2026-04-10T00:00:00.000Z');
      const { headers } = await createTenantWithKey(t.store, { monthlyCap: 3 });
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => post(headers, { repo_url: `https://github.com/acme/race-${i}` })));
      assert.deepEqual(results.map((r) => r.statusCode).sort(), [201, 201, 201, 429, 429, 429, 429, 429]);
    });

    it('bills only live-key scans, at the price fixed when they were accepted', async () => {
      clock = new Date('2026-03-15T12:00:00.000Z');
      const live = await createTenantWithKey(t.store, { env: 'live', priceCents: 120 });
      const test = await createTenantWithKey(t.store, { env: 'test', tenantId: live.tenant.id });
      await post(live.headers, { repo_url: 'https://github.com/acme/a' });
      await post(test.headers, { repo_url: 'https://github.com/acme/b' });
      await post(test.headers, { repo_url: 'https://github.com/acme/c' });
      const usage = (await t.app.inject({ method: 'GET', url: `${API}/usage`, headers: test.headers })).json();
      assert.deepEqual(usage.current_cycle, { scans: 3, billable_scans: 1, spend_cents: 120, monthly_cap: null, remaining: null });
      assert.equal(usage.recent_scans.length, 3);
      for (const q of ['recent_limit=51', 'recent_limit=-1']) {
        assert.equal((await t.app.inject({ method: 'GET', url: `${API}/usage?${q}`, headers: test.headers })).statusCode, 422);
      }
    });

    it('keeps demo scans out of every tenant view', async () => {
      const { headers } = await createTenantWithKey(t.store);
      const demo = await t.service.submitScan({ kind: 'demo', repoUrl: 'https://github.com/acme/payments' });
      assert.ok(demo.ok);
      assert.equal(demo.scan.tenant_id, null);
      assert.equal((await t.app.inject({ method: 'GET', url: `${API}/scans/${demo.scan.id}`, headers })).statusCode, 404);
      assert.ok(!(await t.app.inject({ method: 'GET', url: `${API}/scans?limit=200`, headers })).json().scans.some((s: { id: string }) => s.id === demo.scan.id));
    });
  });
}
