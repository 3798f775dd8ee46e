// `cbom scan <GitHub URL>`: fetched through the same fetcher as the service (pointed at the fake
// GitHub with CBOM_GITHUB_API_URL), scanned, encoded with the commit as the BOM's source.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { spawnCli } from '../helpers/cli-process.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

describe('cbom scan <GitHub URL>', () => {
  let gh: FakeGitHub;
  // A temp root of our own: other test files running in parallel create and remove their own
  // cbom-src-* folders under the shared /tmp, which would make a count there meaningless.
  const tmpRoot = mkdtempSync(join(tmpdir(), 'cbom-scan-gh-test-'));
  before(async () => {
    gh = await startFakeGitHub({
      repos: [
        { owner: 'acme', name: 'hasher', fixture: 'tiny-hasher', committedAt: '2024-02-29T08:00:00Z' },
        // The same files committed at two dates on either side of the certificate's notAfter.
        { owner: 'acme', name: 'payments-2025', fixture: 'payments-service', committedAt: '2025-06-01T00:00:00Z' },
        { owner: 'acme', name: 'payments-2040', fixture: 'payments-service', committedAt: '2040-06-01T00:00:00Z' },
      ],
    });
  });
  after(() => {
    gh.close();
    rmSync(tmpRoot, { recursive: true, force: true });
  });

  const run = async (...args: string[]) => {
    const p = spawnCli(['scan', ...args], { CBOM_GITHUB_API_URL: gh.url, TMPDIR: tmpRoot });
    const code = await p.exited;
    return { code, out: p.output() };
  };

  it('scans the commit and names it in the BOM, leaving no temporary folder', async () => {
    const { code, out } = await run('https://github.com/acme/hasher', '--format', 'cyclonedx', '--threads', '0');
    assert.equal(code, 0, out);
    const bom = JSON.parse(out);
    const sha = gh.shaOf('acme', 'hasher');
    assert.match(JSON.stringify(bom.metadata.component), new RegExp(`pkg:github/acme/hasher@${sha}`));
    assert.equal(bom.metadata.timestamp, '2024-02-29T08:00:00Z');
    assert.ok(bom.components.some((c: { name: string }) => c.name === 'SHA-256'), JSON.stringify(bom.components.map((c: { name: string }) => c.name)));
    // (tsx keeps its compile cache under TMPDIR too: only our own folders count.)
    assert.deepEqual(readdirSync(tmpRoot).filter((n) => n.startsWith('cbom-')), [], 'the fetched source folder is removed after the scan');
  });

  it('judges certificate expiry at the commit date, not at the wall clock', async () => {
    const expired = async (repo: string) => {
      const { code, out } = await run(`https://github.com/acme/${repo}`, '--format', 'json', '--threads', '0');
      assert.equal(code, 0, out);
      return (JSON.parse(out) as { findings: { ruleId: string }[] }).findings.some((f) => f.ruleId === 'expired-certificate');
    };
    assert.equal(await expired('payments-2025'), false, 'valid at a 2025 commit');
    assert.equal(await expired('payments-2040'), true, 'expired at a 2040 commit');
  });

  it('refuses a URL that is not a GitHub repository URL, and reports fetch failures with their code (exit 2)', async () => {
    const bad = await run('https://gitlab.com/acme/hasher');
    assert.equal(bad.code, 2);
    assert.match(bad.out, /https:\/\/github\.com\/\{owner\}\/\{repo\}/);
    const missing = await run('https://github.com/acme/nothing-here');
    assert.equal(missing.code, 2);
    assert.match(missing.out, /not found or is not public \(repo_not_found\)/);
  });
});
