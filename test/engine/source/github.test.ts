import assert from 'node:assert/strict';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SourceError } from '../../../src/engine/source/errors.js';
import { fetchRepository, type FetchOptions } from '../../../src/engine/source/github.js';
import { startFakeGitHub, type FakeGitHub } from '../../helpers/fake-github.js';

const ZERO = Buffer.alloc(4096);

describe('fetchRepository against the fake GitHub', () => {
  let gh: FakeGitHub;
  let tmpRoot: string;
  const opts = (extra: FetchOptions = {}): FetchOptions => ({ apiUrl: gh.url, tmpRoot, ...extra });
  const leftovers = (): string[] => readdirSync(tmpRoot);
  const expectCode = async (p: Promise<unknown>, code: string, message?: RegExp): Promise<void> => {
    await assert.rejects(p, (err: unknown) => {
      assert.ok(err instanceof SourceError, `expected SourceError, got ${String(err)}`);
      assert.equal(err.code, code, err.message);
      if (message) assert.match(err.message, message);
      return true;
    });
    assert.deepEqual(leftovers(), [], 'temporary folder removed after a failure');
  };

  before(async () => {
    tmpRoot = await mkdtemp(join(tmpdir(), 'cbom-fetch-test-'));
    gh = await startFakeGitHub({
      repos: [
        { owner: 'acme', name: 'payments', fixture: 'payments-service', committedAt: '2025-06-01T12:34:56.789Z', refs: ['release/2.4'] },
        { owner: 'acme', name: 'secret-sauce', fixture: 'tiny-hasher', private: true },
        { owner: 'acme', name: 'corrupt', fixture: 'tiny-hasher', tarball: 'corrupt-gzip' },
        { owner: 'acme', name: 'truncated', fixture: 'payments-service', tarball: 'truncated' },
        { owner: 'acme', name: 'not-tar', fixture: 'tiny-hasher', tarball: 'not-tar' },
        { owner: 'acme', name: 'stall', fixture: 'payments-service', tarball: 'stall' },
        { owner: 'acme', name: 'foreign', fixture: 'tiny-hasher', tarball: 'redirect-foreign' },
        { owner: 'acme', name: 'silent', fixture: 'tiny-hasher', tarball: 'no-answer' },
        { owner: 'acme', name: 'limited', fixture: 'tiny-hasher', rateLimitedCalls: 1 },
        { owner: 'acme', name: 'limited-long', fixture: 'tiny-hasher', rateLimitedCalls: 5, rateLimitResetSeconds: 3600 },
        {
          owner: 'acme', name: 'hostile', fixture: 'tiny-hasher',
          extraEntries: [
            { path: '../escaped.txt', type: 'File', body: 'outside', verbatim: true },
            { path: 'acme-hostile/../../escaped2.txt', type: 'File', body: 'outside', verbatim: true },
            { path: '/tmp/cbom-absolute-escape.txt', type: 'File', body: 'absolute', verbatim: true },
            { path: 'link-to-passwd', type: 'SymbolicLink', linkpath: '/etc/passwd' },
            { path: 'hardlink', type: 'Link', linkpath: 'main.go' },
            { path: 'tty', type: 'CharacterDevice' },
            { path: 'pipe', type: 'FIFO' },
          ],
        },
        { owner: 'acme', name: 'bomb', fixture: 'tiny-hasher', files: Object.fromEntries(Array.from({ length: 64 }, (_, i) => [`blob/${i}.bin`, ZERO])) },
        { owner: 'acme', name: 'bigfile', fixture: 'tiny-hasher', files: { 'assets/huge.bin': Buffer.alloc(64 * 1024) } },
        // 4 MiB of zeros gzip to ~4 KiB: one entry the file-size cap skips, so no kept-file cap sees it.
        { owner: 'acme', name: 'skipped-bomb', fixture: 'tiny-hasher', files: { 'assets/zeros.bin': Buffer.alloc(4 * 1024 * 1024) } },
        { owner: 'acme', name: 'double', fixture: 'tiny-hasher', tarball: 'double-gzip' },
      ],
    });
  });
  after(async () => {
    await gh.close();
    await rm(tmpRoot, { recursive: true, force: true });
  });

  it('fetches the default branch with exactly the three GitHub calls and describes the commit', async () => {
    const start = gh.requests.length;
    const progress: number[] = [];
    const repo = await fetchRepository({ owner: 'acme', repo: 'payments' }, opts({ onProgress: (p) => progress.push(p.files) }));
    try {
      const sha = gh.shaOf('acme', 'payments');
      assert.deepEqual(gh.requests.slice(start).map((r) => r.path), [
        '/repos/acme/payments',
        '/repos/acme/payments/commits/main',
        `/repos/acme/payments/tarball/${sha}`,
        `/_codeload/acme/payments/tar.gz/${sha}`,
      ]);
      assert.deepEqual(repo.descriptor, {
        repository: { owner: 'acme', name: 'payments', ref: 'main', commit: sha, committedAt: '2025-06-01T12:34:56Z' },
        name: 'acme/payments',
        timestamp: '2025-06-01T12:34:56Z',
      });
      // The top-level folder is stripped: files land at their repository paths.
      assert.equal(readFileSync(join(repo.dir, 'src/tokens.js'), 'utf8'), readFileSync(new URL('../../fixtures/repos/payments-service/src/tokens.js', import.meta.url), 'utf8'));
      assert.ok(existsSync(join(repo.dir, 'config/tls/dev-server.crt')));
      assert.equal(repo.stats.files, 8);
      assert.ok(progress.length >= 1 && progress.at(-1) === 8);
    } finally {
      await repo.cleanup();
      await repo.cleanup();
    }
    assert.deepEqual(leftovers(), []);
  });

  it('fetches a named ref with slashes and sends the token only to the API origin', async () => {
    const start = gh.requests.length;
    const repo = await fetchRepository({ owner: 'acme', repo: 'payments', ref: 'release/2.4' }, opts({ token: 'ghp_test' }));
    await repo.cleanup();
    const calls = gh.requests.slice(start);
    assert.equal(calls[1]?.path, '/repos/acme/payments/commits/release/2.4');
    assert.equal(repo.descriptor.repository?.ref, 'release/2.4');
    assert.ok(calls.every((c) => c.authorization === 'Bearer ghp_test'));
  });

  it('reports a missing repository, a missing ref and a private repository as repo_not_found', async () => {
    await expectCode(fetchRepository({ owner: 'acme', repo: 'nope' }, opts()), 'repo_not_found', /not found or is not public/);
    await expectCode(fetchRepository({ owner: 'acme', repo: 'payments', ref: 'no-such-branch' }, opts()), 'repo_not_found', /Ref no-such-branch/);
    await expectCode(fetchRepository({ owner: 'acme', repo: 'secret-sauce' }, opts()), 'repo_not_found');
    await expectCode(fetchRepository({ owner: 'acme', repo: 'secret-sauce' }, opts({ token: 'ghp_sees_private' })), 'repo_not_found', /is private/);
  });

  it('rejects archives that are not gzip tar files', async () => {
    await expectCode(fetchRepository({ owner: 'acme', repo: 'corrupt' }, opts()), 'archive_invalid');
    await expectCode(fetchRepository({ owner: 'acme', repo: 'truncated' }, opts()), 'archive_invalid');
    await expectCode(fetchRepository({ owner: 'acme', repo: 'not-tar' }, opts()), 'archive_invalid');
  });

  it('drops traversal, absolute, link and device entries and keeps regular files', async () => {
    const repo = await fetchRepository({ owner: 'acme', repo: 'hostile' }, opts());
    try {
      assert.deepEqual(readdirSync(repo.dir).sort(), ['go.mod', 'main.go']);
      assert.equal(repo.stats.skippedEntries, 7);
      assert.ok(!existsSync(join(tmpRoot, 'escaped.txt')));
      assert.ok(!existsSync(join(tmpRoot, '..', 'escaped2.txt')));
      assert.ok(!existsSync('/tmp/cbom-absolute-escape.txt'));
      for (const name of readdirSync(repo.dir)) assert.ok(lstatSync(join(repo.dir, name)).isFile());
    } finally {
      await repo.cleanup();
    }
  });

  it('enforces the compressed, uncompressed and file-count caps as repo_too_large', async () => {
    await expectCode(fetchRepository({ owner: 'acme', repo: 'payments' }, opts({ caps: { maxCompressedBytes: 1000 } })), 'repo_too_large', /archive/);
    await expectCode(fetchRepository({ owner: 'acme', repo: 'bomb' }, opts({ caps: { maxBytes: 100_000 } })), 'repo_too_large', /bytes/);
    await expectCode(fetchRepository({ owner: 'acme', repo: 'bomb' }, opts({ caps: { maxFiles: 10 } })), 'repo_too_large', /more than 10 files/);
  });

  it('caps the inflated tar stream, skipped entries included (gzip bomb of one huge skipped file)', async () => {
    const caps = { maxFileBytes: 64 * 1024, maxBytes: 1024 * 1024, maxUncompressedBytes: 1024 * 1024 };
    await expectCode(fetchRepository({ owner: 'acme', repo: 'skipped-bomb' }, opts({ caps })), 'repo_too_large', /inflates to more than 1048576 bytes/);
    // The default is 4 x maxBytes: the same archive passes when the inflated stream fits.
    const repo = await fetchRepository({ owner: 'acme', repo: 'skipped-bomb' }, opts({ caps: { maxFileBytes: 64 * 1024, maxBytes: 2 * 1024 * 1024 } }));
    try {
      assert.equal(repo.stats.skippedLargeFiles, 1);
    } finally {
      await repo.cleanup();
    }
  });

  it('refuses an archive compressed twice instead of inflating the inner layer uncounted', async () => {
    await expectCode(fetchRepository({ owner: 'acme', repo: 'double' }, opts()), 'archive_invalid', /compressed twice/);
  });

  it('leaves out single files over the file-size cap without failing', async () => {
    const repo = await fetchRepository({ owner: 'acme', repo: 'bigfile' }, opts({ caps: { maxFileBytes: 32 * 1024 } }));
    try {
      assert.equal(repo.stats.skippedLargeFiles, 1);
      assert.ok(!existsSync(join(repo.dir, 'assets/huge.bin')));
      assert.ok(existsSync(join(repo.dir, 'main.go')));
    } finally {
      await repo.cleanup();
    }
  });

  it('gives up on a stalled download when the deadline passes (scan_timeout)', async () => {
    const t0 = Date.now();
    await expectCode(fetchRepository({ owner: 'acme', repo: 'stall' }, opts({ signal: AbortSignal.timeout(400) })), 'scan_timeout');
    assert.ok(Date.now() - t0 < 5000);
  });

  it('gives up on a call whose headers never come, as a transient download_failed', async () => {
    await assert.rejects(fetchRepository({ owner: 'acme', repo: 'silent' }, opts({ headersTimeoutMs: 300 })), (err: unknown) => {
      assert.ok(err instanceof SourceError);
      assert.equal(err.code, 'download_failed');
      assert.equal(err.transient, true);
      assert.match(err.message, /did not answer/);
      return true;
    });
    assert.deepEqual(leftovers(), []);
  });

  it('refuses a redirect to another origin', async () => {
    const start = gh.requests.length;
    await expectCode(fetchRepository({ owner: 'acme', repo: 'foreign' }, opts()), 'download_failed', /not allowed \(localhost:/);
    assert.ok(!gh.requests.slice(start).some((r) => r.path.startsWith('/_codeload/')), 'the foreign target was never requested');
  });

  it('waits for a short rate-limit reset and fails fast on a long one', async () => {
    const t0 = Date.now();
    const repo = await fetchRepository({ owner: 'acme', repo: 'limited' }, opts());
    await repo.cleanup();
    assert.ok(Date.now() - t0 >= 200, 'it waited for the reset');
    await assert.rejects(fetchRepository({ owner: 'acme', repo: 'limited-long' }, opts({ maxRateLimitWaitMs: 5_000 })), (err: unknown) => {
      assert.ok(err instanceof SourceError);
      assert.equal(err.code, 'download_failed');
      assert.equal(err.transient, true);
      assert.match(err.message, /rate limit/);
      return true;
    });
  });
});
