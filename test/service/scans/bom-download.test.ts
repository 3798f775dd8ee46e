// GET /scans/{id}/bom.json streams a stored document larger than a storage chunk byte-identically,
// with its exact content type, ETag = digest and 304 on If-None-Match, on every dialect.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeGitHub, type FakeGitHub } from '../../helpers/fake-github.js';
import { API, createScanTestApp, type ScanTestApp } from '../../helpers/scan-app.js';
import { createTenantWithKey, DIALECTS } from '../../helpers/service.js';
import { BOM_CHUNK_CHARS } from '../../../src/service/store/scans.js';

for (const d of DIALECTS) {
  describe(`BOM download of a multi-chunk document [${d.name}]`, { skip: d.skip }, () => {
    let gh: FakeGitHub;
    let t: ScanTestApp;
    before(async () => {
      gh = await startFakeGitHub();
      // No workers: the test plays the worker that holds the scan's lease.
      t = await createScanTestApp(d.name, { github: gh, work: false });
    });
    after(async () => {
      await t?.cleanup();
      await gh?.close();
    });
    it('serves the stored bytes exactly, with the digest as ETag', async () => {
      const { headers, tenant } = await createTenantWithKey(t.store);
      const scan = await t.store.scans.create({
        tenantId: tenant.id, tenantKind: 'partner', env: 'test', keyLookup: null, repoUrl: 'https://github.com/acme/big', repoOwner: 'acme', repoName: 'big',
        repoRef: null, projectName: null, projectVersion: '1.0.0', methodologyVersion: 'test', billable: false, priceCents: 0,
      });
      assert.ok(await t.store.scans.claim(scan.id, 'w', 60_000, new Date()));
      const items = Array.from({ length: Math.ceil((2.5 * BOM_CHUNK_CHARS) / 20) }, (_, i) => `"comp-${i}-ünïcødé-𝄞"`);
      const document = `{"spdxVersion":"3.0.1","items":[${items.join(',')}]}`;
      assert.ok(document.length > 2 * BOM_CHUNK_CHARS);
      const sha256 = createHash('sha256').update(document, 'utf8').digest('hex');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbom-dl-test-'));
      try {
        const file = path.join(dir, 'spdx.json');
        fs.writeFileSync(file, document, 'utf8');
        const boms = [{ format: 'spdx' as const, contentType: 'application/spdx+json', sha256, file }];
        assert.equal(await t.store.scans.complete(scan.id, 'w', { score: 50, resultKey: 'k'.repeat(64), filesTotal: 1, boms }), true);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      const url = `${API}/scans/${scan.id}/bom.json?format=spdx`;
      const res = await t.app.inject({ method: 'GET', url, headers });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['content-type'], 'application/spdx+json');
      assert.equal(res.headers.etag, `"${sha256}"`);
      assert.ok(res.rawPayload.equals(Buffer.from(document, 'utf8')), 'byte-identical');
      const again = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': `"${sha256}"` } });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
    });
  });
}
