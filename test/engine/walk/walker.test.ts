import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, symlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { walk } from '../../../src/engine/walk/walker.js';

function tree(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'cbom-walk-'));
  for (const [p, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), content);
  }
  return root;
}

test('default excludes prune VCS, dependency and vendored folders, and build output next to a build file', async (t) => {
  const root = tree({
    'src/App.java': 'class App {}',
    '.git/config': '[core]',
    'node_modules/forge/index.js': 'x',
    'web/node_modules/a/b.js': 'x',
    'vendor/lib.go': 'x',
    'third_party/x.c': 'x',
    '.venv/lib/site.py': 'x',
    'pom.xml': '<project/>',
    'target/classes/App.class': 'x',
    'tools/target/keep.txt': 'a target/ without a build file beside it is source',
    'ui/package.json': '{}',
    'ui/dist/app.js': 'x',
    'ui/src/main.ts': 'x',
  });
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const r = await walk(root);
  assert.deepEqual(r.files.map((f) => f.path), ['pom.xml', 'src/App.java', 'tools/target/keep.txt', 'ui/package.json', 'ui/src/main.ts']);
  assert.equal(r.skipped['excluded-dir'], 8); // .git, two node_modules, vendor, third_party, .venv, target, ui/dist
  assert.equal(r.truncated, false);
});

test('ASP.NET\'s wwwroot/lib holds vendored client libraries; a lib folder anywhere else is source', async (t) => {
  const root = tree({
    'src/Host/wwwroot/lib/jquery/dist/jquery.js': 'x',
    'src/Host/wwwroot/js/signin.js': 'x',
    'src/Host/Startup.cs': 'x',
    'lib/crypto/keys.ts': 'x',
    'src/Host/lib/Signing.cs': 'x',
  });
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const r = await walk(root);
  assert.deepEqual(r.files.map((f) => f.path), ['lib/crypto/keys.ts', 'src/Host/Startup.cs', 'src/Host/lib/Signing.cs', 'src/Host/wwwroot/js/signin.js']);
  assert.equal(r.skipped['excluded-dir'], 1);
});

test('user globs, minified names, files over 1 MB and files no detector wants are counted, not read', async (t) => {
  const root = tree({
    'a.txt': 'a',
    'docs/guide.md': 'b',
    'docs/deep/more.md': 'c',
    'gen/x.pb.go': 'd',
    'static/app.min.js': 'e',
    'big.pem': Buffer.alloc(1024 * 1024 + 1, 0x41),
    'image.png': 'f',
  });
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const r = await walk(root, { exclude: ['docs/**', '**/*.pb.go'], wanted: (p) => !p.endsWith('.png') });
  assert.deepEqual(r.files.map((f) => f.path), ['a.txt']);
  assert.equal(r.skipped['excluded-glob'], 2); // the docs folder (pruned once) and x.pb.go
  assert.equal(r.skipped.minified, 1);
  assert.equal(r.skipped['too-large'], 1);
  assert.equal(r.skipped['no-detector'], 1);
});

test('symbolic links are never followed, inside or out of the root', async (t) => {
  const outside = tree({ 'secret.pem': 'outside the root' });
  const root = tree({ 'real.txt': 'inside' });
  t.after(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });
  symlinkSync(join(outside, 'secret.pem'), join(root, 'link.pem'));
  symlinkSync(outside, join(root, 'linkdir'));
  symlinkSync(join(root, 'real.txt'), join(root, 'alias.txt'));
  const r = await walk(root);
  assert.deepEqual(r.files.map((f) => f.path), ['real.txt']);
  assert.equal(r.skipped.unreadable, 3);
});

test('caps on file count and total bytes apply in path order and mark the walk truncated', async (t) => {
  const root = tree({ 'a.txt': '1111', 'b.txt': '2222', 'c.txt': '3333', 'd.txt': '4444' });
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const byCount = await walk(root, { caps: { maxFiles: 3 } });
  assert.deepEqual(byCount.files.map((f) => f.path), ['a.txt', 'b.txt', 'c.txt']);
  assert.equal(byCount.skipped['file-cap'], 1);
  assert.equal(byCount.truncated, true);
  const byBytes = await walk(root, { caps: { maxTotalBytes: 9 } });
  assert.deepEqual(byBytes.files.map((f) => f.path), ['a.txt', 'b.txt']);
  assert.equal(byBytes.skipped['byte-cap'], 2);
  assert.equal(byBytes.truncated, true);
  assert.equal(byBytes.filesSeen, 4);
});
