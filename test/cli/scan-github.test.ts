// `cbom scan <GitHub URL>`: fetched through the same fetcher as the service (pointed at the fake
// GitHub with CBOM_GITHUB_API_URL), scanned, encoded with the commit as the BOM's source.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { spawnCli } from '../helpers/cli-process.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

describe('cbom scan <GitHub URL>', () => {
  let gh: FakeGitHub;
  before(async () => {
    gh = await startFakeGitHub({ repos: [{ owner: 'acme', name: 'hasher', fixture: 'tiny-hasher', committedAt: '2024-02-29T08:00:00Z' }] });
  });
  after(() => gh.close());

  const run = async (...args: string[]) => {
    const p = spawnCli(['scan', ...args], { CBOM_GITHUB_API_URL: gh.url, TMPDIR: process.env.TMPDIR ?? '/tmp' });
    const code = await p.exited;
    return { code, out: p.output() };
  };

  it('scans the commit and names it in the BOM, leaving no temporary folder', async () => {
    const tmpBefore = readdirSync('/tmp').filter((n) => n.startsWith('cbom-src-')).length;
    const { code, out } = await run('https://github.com/acme/hasher', '--format', 'cyclonedx', '--threads', '0');
    assert.equal(code, 0, out);
    const bom = JSON.parse(out);
    const sha = gh.shaOf('acme', 'hasher');
    assert.match(JSON.stringify(bom.metadata.component), new RegExp(`pkg:github/acme/hasher@${sha}`));
    assert.equal(bom.metadata.timestamp, '2024-02-29T08:00:00Z');
    assert.ok(bom.components.some((c: { name: string }) => c.name === 'SHA-256'), JSON.stringify(bom.components.map((c: { name: string }) => c.name)));
    assert.equal(readdirSync('/tmp').filter((n) => n.startsWith('cbom-src-')).length, tmpBefore);
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
