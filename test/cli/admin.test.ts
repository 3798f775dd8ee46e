// `cbom admin` and `cbom migrate` as an operator runs them (a child process), on each dialect,
// while an app on the same database serves requests: JSON on stdout, messages on stderr,
// non-zero exit on error; keys it creates work at once and keys it revokes fail at once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { bearer, createTestStore, describeEachDialect, type TestStore } from '../helpers/service.js';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../src/cli/index.ts', import.meta.url));

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

async function cbom(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describeEachDialect('cbom admin', (t) => {
  it('tenant create prints {tenant_id, name, tenant_kind, sandbox_key}; the key works at once', async () => {
    const r = await cbom(t.env, 'admin', 'tenant', 'create', '--name', 'Acme Audit', '--monthly-cap', '100', '--price-cents', '250');
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(Object.keys(out).sort(), ['name', 'sandbox_key', 'tenant_id', 'tenant_kind']);
    assert.match(out.tenant_id, /^tnt_[A-Za-z0-9]{16}$/);
    assert.equal(out.name, 'Acme Audit');
    assert.equal(out.tenant_kind, 'partner');
    assert.match(out.sandbox_key, /^svc_test_[A-Za-z0-9]{16}_[A-Za-z0-9]{32}$/);
    assert.match(r.stderr, /created tenant/);
    const tenant = await t.store.tenants.get(out.tenant_id);
    assert.equal(tenant?.monthlyCap, 100);
    assert.equal(tenant?.priceCents, 250);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/cbom/keys', headers: bearer(out.sandbox_key) });
    assert.equal(res.statusCode, 200);

    const list = await cbom(t.env, 'admin', 'tenant', 'list');
    assert.equal(list.code, 0, list.stderr);
    const rows = JSON.parse(list.stdout) as { tenant_id: string; active_keys: { test: number; live: number } }[];
    const row = rows.find((x) => x.tenant_id === out.tenant_id);
    assert.deepEqual(row?.active_keys, { live: 0, test: 1 });
  });

  it('key create issues live keys with chosen scopes; key revoke makes the next request fail', async () => {
    const tenant = JSON.parse((await cbom(t.env, 'admin', 'tenant', 'create', '--name', 'Live Co')).stdout);
    const r = await cbom(t.env, 'admin', 'key', 'create', '--tenant', tenant.tenant_id, '--env', 'live', '--name', 'production', '--scopes', 'scans:read,keys:manage');
    assert.equal(r.code, 0, r.stderr);
    const key = JSON.parse(r.stdout);
    assert.match(key.key, /^svc_live_[A-Za-z0-9]{16}_[A-Za-z0-9]{32}$/);
    assert.equal(key.env, 'live');
    assert.equal(key.key_prefix, `svc_live_${key.key_lookup}`);
    assert.deepEqual(key.scopes, ['scans:read', 'keys:manage']);
    assert.equal(key.name, 'production');
    for (const field of ['key', 'key_lookup', 'env', 'scopes']) assert.ok(field in key, field);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/cbom/keys', headers: bearer(key.key) })).statusCode, 200);

    const rev = await cbom(t.env, 'admin', 'key', 'revoke', key.key_lookup);
    assert.equal(rev.code, 0, rev.stderr);
    assert.equal(JSON.parse(rev.stdout).status, 'revoked');
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/cbom/keys', headers: bearer(key.key) });
    assert.equal(after.statusCode, 401, 'revoked by the CLI while the app runs: fails on the next request');
  });

  it('revoking an unknown key fails with a message and a non-zero exit', async () => {
    const r = await cbom(t.env, 'admin', 'key', 'revoke', 'AAAAAAAAAAAAAAAA');
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /no key "AAAAAAAAAAAAAAAA"/);
    assert.equal(r.stdout, '');
  });
});

describe('cbom admin: argument and setting errors', () => {
  let t: TestStore;
  before(async () => {
    t = await createTestStore('sqlite');
  });
  after(async () => {
    await t.cleanup();
  });
  it('fails with a message and a non-zero exit on bad input, changing nothing', async () => {
    const tenantsBefore = await t.store.tenants.count();
    const cases: [string[], RegExp][] = [
      [['admin', 'tenant', 'create'], /--name/],
      [['admin', 'tenant', 'create', '--name', 'x', '--monthly-cap', '-5'], /whole number/],
      [['admin', 'key', 'create', '--tenant', 'tnt_nope', '--env', 'live'], /no tenant tnt_nope/],
      [['admin', 'key', 'create', '--tenant', 'tnt_nope', '--env', 'prod'], /live or test/],
      [['admin', 'key', 'create', '--tenant', 'tnt_nope', '--env', 'live', '--scopes', 'root'], /unknown scope "root"/],
    ];
    for (const [args, message] of cases) {
      const r = await cbom(t.env, ...args);
      assert.notEqual(r.code, 0, args.join(' '));
      assert.match(r.stderr, message, args.join(' '));
      assert.equal(r.stdout, '', 'nothing on stdout on error');
    }
    assert.equal(await t.store.tenants.count(), tenantsBefore);
  });

  it('migrate reports that the database is up to date', async () => {
    const r = await cbom(t.env, 'migrate');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { applied: [], storage: t.dialect });
  });

  it('a bad setting stops the command with the variable named', async () => {
    const r = await cbom({ ...t.env, CBOM_RATE_LIMIT_PER_MIN: 'lots' }, 'admin', 'tenant', 'list');
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /CBOM_RATE_LIMIT_PER_MIN="lots" is invalid: expected an integer/);
  });
});
