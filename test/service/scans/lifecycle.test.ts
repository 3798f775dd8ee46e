// The whole job a partner does, against the fake GitHub: submit, poll through the states, read the
// detail, download both BOMs (byte-identical, exact content types, ETag/304), see usage. Runs on
// SQLite with the in-process queue, and on PostgreSQL + Redis with BullMQ when both are available.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { verifyBom } from '../../../src/engine/encoders/index.js';
import { SHARED_SCHEMAS } from '../../../src/service/api/schemas/index.js';
import { startFakeGitHub, type FakeGitHub } from '../../helpers/fake-github.js';
import { API, createScanTestApp, type ScanTestApp } from '../../helpers/scan-app.js';
import { createTenantWithKey, REDIS_SKIP } from '../../helpers/service.js';

const PROFILES = [
  { name: 'sqlite + in-process queue', dialect: 'sqlite' as const, queue: 'in-process' as const, skip: false as const },
  {
    name: 'postgres + BullMQ',
    dialect: 'postgres' as const,
    queue: 'bullmq' as const,
    skip: !process.env.DATABASE_URL ? 'PostgreSQL + Redis profile skipped: DATABASE_URL is not set' : REDIS_SKIP,
  },
];

for (const p of PROFILES) {
  describe(`scan lifecycle [${p.name}]`, { skip: p.skip }, () => {
    let gh: FakeGitHub;
    let t: ScanTestApp;
    before(async () => {
      gh = await startFakeGitHub({
        repos: [
          { owner: 'acme', name: 'payments', fixture: 'payments-service', committedAt: '2025-06-01T12:34:56Z', tarballDelayMs: 300 },
          { owner: 'acme', name: 'gateway', fixture: 'legacy-gateway' },
          // GitHub's rate limit is exhausted for an hour on the first two calls: a transient failure.
          { owner: 'acme', name: 'limited', fixture: 'tiny-hasher', rateLimitedCalls: 2, rateLimitResetSeconds: 3600 },
        ],
      });
      t = await createScanTestApp(p.dialect, { github: gh, queue: p.queue });
    });
    after(async () => {
      await t?.cleanup();
      await gh?.close();
    });

    it('goes queued -> downloading -> scanning -> completed and serves findings, components, metadata and both BOMs', async () => {
      const { headers, tenant } = await createTenantWithKey(t.store, { env: 'live', priceCents: 99 });
      const created = await t.app.inject({
        method: 'POST', url: `${API}/scans`, headers,
        payload: { repo_url: 'https://github.com/acme/payments', project_name: 'Payments', project_version: '2.4.1' },
      });
      assert.equal(created.statusCode, 201);
      const id: string = created.json().id;

      // Poll like a client and record every status seen.
      const seen = new Set<string>();
      let detail: Record<string, any> = {};
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        detail = (await t.app.inject({ method: 'GET', url: `${API}/scans/${id}`, headers })).json();
        seen.add(detail.status);
        if (detail.status === 'completed' || detail.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      assert.equal(detail.status, 'completed', JSON.stringify(detail.error));
      assert.ok(seen.has('downloading'), `saw ${[...seen]}`);
      assert.deepEqual(detail.progress, { phase: 'completed', percent: 100, files_done: detail.progress.files_total, files_total: detail.progress.files_total });
      assert.ok(detail.progress.files_total > 0);
      assert.equal(detail.error, null);
      assert.equal(detail.tenant_id, tenant.id);
      assert.ok(detail.completed_at >= detail.created_at);

      // The fixture holds crypto code, a certificate and a committed EC private key. (Which algorithms
      // each detector reports is the engine's tests' business; here: they reach the API.)
      const kinds = new Set(detail.components.map((c: { kind: string }) => c.kind));
      for (const kind of ['algorithm', 'certificate', 'related-crypto-material']) assert.ok(kinds.has(kind), `${kind} in ${[...kinds]}`);
      assert.ok(detail.components.every((c: { occurrences: unknown[] }) => c.occurrences.length > 0));
      assert.ok(detail.findings.some((f: { rule_id: string; severity: string }) => f.rule_id === 'private-key-committed' && f.severity === 'critical'));
      assert.equal(detail.findings_summary.total, detail.findings.length);
      assert.ok(Number.isInteger(detail.score) && detail.score >= 0 && detail.score <= 100);
      assert.deepEqual(detail.metadata.repository, {
        owner: 'acme', name: 'payments', ref: 'main', commit: gh.shaOf('acme', 'payments'), committed_at: '2025-06-01T12:34:56Z',
      });
      assert.equal(detail.metadata.stats.reused, false);
      assert.ok(detail.metadata.stats.files_scanned > 0);
      assert.ok(!('bom' in detail));

      // Both BOMs: exact content type, ETag = digest = metadata.bom_sha256, identical bytes on every download.
      for (const [format, type] of [['cyclonedx', 'application/vnd.cyclonedx+json; version=1.6'], ['spdx', 'application/spdx+json']] as const) {
        const url = `${API}/scans/${id}/bom.json${format === 'spdx' ? '?format=spdx' : ''}`;
        const one = await t.app.inject({ method: 'GET', url, headers });
        const two = await t.app.inject({ method: 'GET', url, headers });
        assert.equal(one.statusCode, 200);
        assert.equal(one.headers['content-type'], type);
        assert.equal(one.headers.etag, `"${detail.metadata.bom_sha256[format]}"`);
        assert.equal(createHash('sha256').update(one.rawPayload).digest('hex'), createHash('sha256').update(two.rawPayload).digest('hex'));
        const verdict = verifyBom(one.body);
        assert.equal(verdict.ok, true, JSON.stringify(verdict));
        const notModified = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': one.headers.etag as string } });
        assert.equal(notModified.statusCode, 304);
        assert.equal(notModified.body, '');
      }
      const cdx = (await t.app.inject({ method: 'GET', url: `${API}/scans/${id}/bom.json?format=cyclonedx`, headers })).json();
      assert.equal(cdx.metadata.component.name, 'Payments');
      assert.equal(cdx.metadata.component.version, '2.4.1');
      const withBomRes = await t.app.inject({ method: 'GET', url: `${API}/scans/${id}?include_bom=true`, headers });
      const withBom = withBomRes.json();
      assert.deepEqual(withBom.bom, cdx);
      // Streamed from the stored chunks, not built as one string: no Content-Length, the stored bytes verbatim.
      assert.equal(withBomRes.headers['content-length'], undefined);
      assert.match(String(withBomRes.headers['content-type']), /^application\/json/);
      const storedCdx = (await t.app.inject({ method: 'GET', url: `${API}/scans/${id}/bom.json?format=cyclonedx`, headers })).body;
      assert.ok(withBomRes.body.endsWith(`,"bom":${storedCdx}}`));
      // The detail is sent as text spliced from pre-serialized parts, not through the response
      // schema's serializer: both forms must still be exactly what the OpenAPI schema documents.
      const ajv = new Ajv({ allErrors: true, strict: false });
      (addFormats as unknown as (a: Ajv) => void)(ajv);
      for (const schema of SHARED_SCHEMAS) ajv.addSchema(schema as object);
      const validDetail = ajv.getSchema('ScanDetail')!;
      for (const body of [detail, withBom]) assert.ok(validDetail(body), JSON.stringify(validDetail.errors));

      const list = (await t.app.inject({ method: 'GET', url: `${API}/scans`, headers })).json();
      assert.equal(list.scans[0].id, id);
      assert.equal(list.scans[0].score, detail.score);
      const usage = (await t.app.inject({ method: 'GET', url: `${API}/usage`, headers })).json();
      assert.deepEqual(usage.all_time, { scans: 1, billable_scans: 1, spend_cents: 99 });
      assert.equal(usage.recent_scans[0].status, 'completed');
    });

    it('gives a scan back after a transient GitHub failure and retries it with backoff until it completes', async () => {
      const { headers } = await createTenantWithKey(t.store);
      const id = (await t.app.inject({ method: 'POST', url: `${API}/scans`, headers, payload: { repo_url: 'https://github.com/acme/limited' } })).json().id;
      // GitHub's reset is an hour away. BullMQ retries with its own (test: 200 ms) backoff; the
      // in-process queue defers the scan (not_before) until the reset, capped at 15 minutes: this
      // test moves that time forward instead of waiting.
      let deferrals = 0;
      const deadline = Date.now() + 60_000;
      let row = await t.store.scans.get(id);
      while (row && row.status !== 'completed' && row.status !== 'failed' && Date.now() < deadline) {
        if (row.status === 'queued' && row.not_before !== null && row.not_before > new Date().toISOString()) {
          const waitMs = Date.parse(row.not_before) - Date.now();
          assert.ok(waitMs > 14 * 60_000 && waitMs <= 15 * 60_000, `deferred by ${waitMs} ms`);
          deferrals += 1;
          await t.store.db.updateTable('scans').set({ not_before: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
        }
        await new Promise((r) => setTimeout(r, 50));
        row = await t.store.scans.get(id);
      }
      assert.equal(row?.status, 'completed', `${row?.error_code}: ${row?.error_message}`);
      assert.equal(row?.attempts, 3, 'two transient failures, then success');
      assert.equal(deferrals, p.queue === 'bullmq' ? 0 : 2);
    });

    it('reuses the stored result for a commit already scanned, but records and counts the scan', async () => {
      const a = await createTenantWithKey(t.store, { env: 'live', priceCents: 10 });
      const b = await createTenantWithKey(t.store, { env: 'live', priceCents: 10 });
      const submit = async (h: Record<string, string>) =>
        (await t.app.inject({ method: 'POST', url: `${API}/scans`, headers: h, payload: { repo_url: 'https://github.com/acme/gateway' } })).json().id as string;
      const first = await t.waitForScan(await submit(a.headers), a.headers);
      assert.equal(first.status, 'completed');
      const tarballsBefore = gh.requests.filter((r) => r.path.startsWith('/repos/acme/gateway/tarball/')).length;
      const second = await t.waitForScan(await submit(b.headers), b.headers);
      assert.equal(second.status, 'completed');
      assert.equal(second.metadata.stats.reused, true);
      assert.equal(gh.requests.filter((r) => r.path.startsWith('/repos/acme/gateway/tarball/')).length, tarballsBefore, 'no second download');
      assert.deepEqual(second.metadata.bom_sha256, first.metadata.bom_sha256);
      assert.deepEqual(second.components, first.components);
      const bomA = await t.app.inject({ method: 'GET', url: `${API}/scans/${first.id}/bom.json`, headers: a.headers });
      const bomB = await t.app.inject({ method: 'GET', url: `${API}/scans/${second.id}/bom.json`, headers: b.headers });
      assert.equal(bomA.body, bomB.body);
      const usageB = (await t.app.inject({ method: 'GET', url: `${API}/usage`, headers: b.headers })).json();
      assert.deepEqual(usageB.current_cycle.scans, 1);
      assert.deepEqual(usageB.all_time, { scans: 1, billable_scans: 1, spend_cents: 10 });
    });
  });
}
