// Scans that cannot succeed end as `failed` with `error: {code, message}`, never hang, never count
// toward usage, and never leave files behind: unknown and private repositories, archives over the
// caps, corrupt gzip, hostile entries (dropped, the scan goes on), a download that stalls past the
// scan timeout, a redirect to a foreign host.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startFakeGitHub, type FakeGitHub } from '../../helpers/fake-github.js';
import { API, createScanTestApp, type ScanTestApp } from '../../helpers/scan-app.js';
import { createTenantWithKey, type TenantWithKey } from '../../helpers/service.js';

const manyFiles = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`data/f${i}.txt`, `line ${i}\n`]));

describe('scan failures [sqlite + in-process queue]', () => {
  let gh: FakeGitHub;
  let t: ScanTestApp;
  let who: TenantWithKey;
  let tmpRoot: string;
  before(async () => {
    tmpRoot = mkdtempSync(join(tmpdir(), 'cbom-fail-test-'));
    gh = await startFakeGitHub({
      repos: [
        { owner: 'acme', name: 'secret', fixture: 'tiny-hasher', private: true },
        { owner: 'acme', name: 'many', fixture: 'tiny-hasher', files: manyFiles },
        { owner: 'acme', name: 'corrupt', fixture: 'tiny-hasher', tarball: 'corrupt-gzip' },
        { owner: 'acme', name: 'stall', fixture: 'tiny-hasher', tarball: 'stall' },
        { owner: 'acme', name: 'foreign', fixture: 'tiny-hasher', tarball: 'redirect-foreign' },
        {
          owner: 'acme', name: 'hostile', fixture: 'payments-service',
          extraEntries: [
            { path: '../../outside.pem', type: 'File', body: '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----\n', verbatim: true },
            { path: 'etc-passwd', type: 'SymbolicLink', linkpath: '/etc/passwd' },
            { path: 'keys/hard.key', type: 'Link', linkpath: 'config/tls/dev-server.key' },
          ],
        },
      ],
    });
    t = await createScanTestApp('sqlite', {
      github: gh,
      env: { CBOM_MAX_FILES: '20' },
      settings: { scanTimeoutMs: 120_000, tmpRoot },
    });
    who = await createTenantWithKey(t.store);
  });
  after(async () => {
    await t?.cleanup();
    await gh?.close();
    rmSync(tmpRoot, { recursive: true, force: true });
  });

  const scan = async (repo_url: string) => {
    const res = await t.app.inject({ method: 'POST', url: `${API}/scans`, headers: who.headers, payload: { repo_url } });
    assert.equal(res.statusCode, 201, res.body);
    return t.waitForScan(res.json().id, who.headers);
  };
  const expectFailure = async (repo: string, code: string, message: RegExp) => {
    const d = await scan(`https://github.com/acme/${repo}`);
    assert.equal(d.status, 'failed', repo);
    assert.equal(d.error.code, code, `${repo}: ${d.error.message}`);
    assert.match(d.error.message, message);
    assert.equal(d.progress.phase, 'failed');
    assert.ok(d.completed_at);
    const bom = await t.app.inject({ method: 'GET', url: `${API}/scans/${d.id}/bom.json`, headers: who.headers });
    assert.equal(bom.statusCode, 409);
    assert.deepEqual(readdirSync(tmpRoot), [], 'no temporary files left');
    return d;
  };

  it('unknown repository: repo_not_found', async () => {
    await expectFailure('does-not-exist', 'repo_not_found', /not found or is not public/);
  });
  it('private repository: repo_not_found', async () => {
    await expectFailure('secret', 'repo_not_found', /not found|private/);
  });
  it('unknown ref: repo_not_found', async () => {
    const d = await scan('https://github.com/acme/many/tree/no-such-branch');
    assert.equal(d.error.code, 'repo_not_found');
  });
  it('more files than CBOM_MAX_FILES: repo_too_large', async () => {
    await expectFailure('many', 'repo_too_large', /more than 20 files/);
  });
  it('corrupt gzip: archive_invalid', async () => {
    await expectFailure('corrupt', 'archive_invalid', /not a valid gzip tar/);
  });
  it('redirect to a foreign host: download_failed', async () => {
    await expectFailure('foreign', 'download_failed', /not allowed/);
  });
  it('a download that stalls past the scan timeout: scan_timeout', async () => {
    // Its own app, so that a short timeout does not race the other scans on a busy machine.
    const short = await createScanTestApp('sqlite', { github: gh, settings: { scanTimeoutMs: 2000, tmpRoot } });
    try {
      const { headers } = await createTenantWithKey(short.store);
      const t0 = Date.now();
      const id = (await short.app.inject({ method: 'POST', url: `${API}/scans`, headers, payload: { repo_url: 'https://github.com/acme/stall' } })).json().id;
      const d = await short.waitForScan(id, headers);
      assert.equal(d.status, 'failed');
      assert.deepEqual(d.error, { code: 'scan_timeout', message: 'The scan did not finish within 2 seconds' });
      assert.ok(Date.now() - t0 < 20_000);
      assert.deepEqual(readdirSync(tmpRoot), [], 'no temporary files left');
    } finally {
      await short.cleanup();
    }
  });

  it('drops traversal, symlink and hard-link entries and scans the rest', async () => {
    const d = await scan('https://github.com/acme/hostile');
    assert.equal(d.status, 'completed', JSON.stringify(d.error));
    const paths = new Set<string>(d.components.flatMap((c: { occurrences: { path: string }[] }) => c.occurrences.map((o) => o.path)));
    assert.ok(paths.has('config/tls/dev-server.key'), [...paths].join(', '));
    for (const p of paths) assert.ok(!p.includes('..') && !p.startsWith('/') && p !== 'etc-passwd' && p !== 'keys/hard.key', p);
    assert.deepEqual(readdirSync(tmpRoot), []);
  });

  it('failed scans are not counted in usage', async () => {
    const usage = (await t.app.inject({ method: 'GET', url: `${API}/usage`, headers: who.headers })).json();
    assert.equal(usage.all_time.scans, 1, 'only the completed hostile scan counts');
    const list = (await t.app.inject({ method: 'GET', url: `${API}/scans?limit=200`, headers: who.headers })).json();
    assert.equal(list.scans.filter((s: { status: string }) => s.status === 'failed').length, list.count - 1);
  });
});
