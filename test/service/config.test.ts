import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, describeSettings, loadConfig, SETTINGS } from '../../src/service/config.js';

describe('loadConfig', () => {
  it('gives the documented defaults on an empty environment', () => {
    const c = loadConfig({});
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.port, 8080);
    assert.equal(c.dataDir, path.resolve('./data'));
    assert.equal(c.databaseUrl, null);
    assert.equal(c.redisUrl, null);
    assert.equal(c.githubApiUrl, 'https://api.github.com');
    assert.equal(c.publicBaseUrl, 'http://127.0.0.1:8080');
    assert.equal(c.sandboxBaseUrl, null);
    assert.equal(c.demoPerIpPerDay, 1);
    assert.equal(c.demoCacheSeconds, 300);
    assert.equal(c.trustProxy, false);
    assert.equal(c.logLevel, 'info');
    assert.equal(c.nodeEnv, 'development');
    assert.equal(c.keyPepper, null);
    assert.ok(Object.isFrozen(c));
  });

  it('reads every setting it documents', () => {
    const c = loadConfig({
      HOST: '0.0.0.0',
      PORT: '9000',
      CBOM_DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@db:5432/cbom',
      REDIS_URL: 'redis://cache:6379',
      CBOM_GITHUB_API_URL: 'http://127.0.0.1:9999/',
      GITHUB_TOKEN: 'ghp_x',
      CBOM_PUBLIC_BASE_URL: 'https://cbom.example.com/',
      CBOM_SANDBOX_BASE_URL: 'https://sandbox.cbom.example.com',
      CBOM_RATE_LIMIT_PER_MIN: '30',
      CBOM_MAX_TEST_KEYS_PER_TENANT: '3',
      CBOM_DEMO_PER_IP_PER_DAY: '2',
      CBOM_DEMO_CACHE_SECONDS: '0',
      CBOM_MAX_ARCHIVE_BYTES: '1000',
      CBOM_MAX_REPO_BYTES: '2000',
      CBOM_MAX_FILES: '10',
      CBOM_MAX_FILE_BYTES: '100',
      CBOM_SCAN_TIMEOUT_SECONDS: '5',
      CBOM_WORKER_CONCURRENCY: '4',
      CBOM_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      LOG_LEVEL: 'debug',
      NODE_ENV: 'production',
      CBOM_KEY_PEPPER: 'a-long-enough-pepper',
    });
    assert.equal(c.host, '0.0.0.0');
    assert.equal(c.port, 9000);
    assert.equal(c.dataDir, '/tmp/x');
    assert.equal(c.databaseUrl, 'postgres://u@db:5432/cbom');
    assert.equal(c.redisUrl, 'redis://cache:6379');
    assert.equal(c.githubApiUrl, 'http://127.0.0.1:9999', 'trailing slash dropped from base URLs');
    assert.equal(c.githubToken, 'ghp_x');
    assert.equal(c.publicBaseUrl, 'https://cbom.example.com');
    assert.equal(c.sandboxBaseUrl, 'https://sandbox.cbom.example.com');
    assert.equal(c.rateLimitPerMin, 30);
    assert.equal(c.maxTestKeysPerTenant, 3);
    assert.equal(c.demoPerIpPerDay, 2);
    assert.equal(c.demoCacheSeconds, 0);
    assert.equal(c.maxArchiveBytes, 1000);
    assert.equal(c.maxRepoBytes, 2000);
    assert.equal(c.maxFiles, 10);
    assert.equal(c.maxFileBytes, 100);
    assert.equal(c.scanTimeoutSeconds, 5);
    assert.equal(c.workerConcurrency, 4);
    assert.deepEqual(c.trustProxy, ['10.0.0.0/8', '127.0.0.1']);
    assert.equal(c.logLevel, 'debug');
    assert.equal(c.nodeEnv, 'production');
    assert.equal(c.keyPepper, 'a-long-enough-pepper');
    assert.equal(loadConfig({ CBOM_TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadConfig({ CBOM_TRUST_PROXY: '2' }).trustProxy, 2);
  });

  it('derives the public base URL from HOST and PORT when unset', () => {
    assert.equal(loadConfig({ HOST: '::1', PORT: '81' }).publicBaseUrl, 'http://[::1]:81');
  });

  const bad: [string, string, RegExp][] = [
    ['PORT', 'eighty', /integer from 0 to 65535/],
    ['PORT', '70000', /integer from 0 to 65535/],
    ['PORT', '-1', /integer/],
    ['DATABASE_URL', 'mysql://x/y', /postgres or postgresql/],
    ['DATABASE_URL', 'not a url', /absolute URL/],
    ['REDIS_URL', 'http://x', /redis or rediss/],
    ['CBOM_GITHUB_API_URL', 'ftp://x', /http or https/],
    ['CBOM_PUBLIC_BASE_URL', 'https://x/?a=1', /without query/],
    ['CBOM_RATE_LIMIT_PER_MIN', '0', /integer from 1/],
    ['CBOM_RATE_LIMIT_PER_MIN', '1.5', /integer/],
    ['CBOM_MAX_TEST_KEYS_PER_TENANT', 'many', /integer/],
    ['CBOM_SCAN_TIMEOUT_SECONDS', '0', /integer from 1/],
    ['CBOM_WORKER_CONCURRENCY', '1000', /integer from 1 to 256/],
    ['CBOM_TRUST_PROXY', 'yes please', /true, false, a hop count/],
    ['LOG_LEVEL', 'loud', /one of fatal, error, warn, info/],
    ['NODE_ENV', 'staging', /one of development, production, test/],
    ['CBOM_KEY_PEPPER', 'short', /at least 16 characters/],
    ['HOST', 'bad host!', /host name or IP/],
  ];
  for (const [variable, value, expected] of bad) {
    it(`rejects ${variable}=${JSON.stringify(value)} naming the variable and what it expects`, () => {
      assert.throws(
        () => loadConfig({ [variable]: value }),
        (err: unknown) => {
          assert.ok(err instanceof ConfigError);
          assert.equal(err.variable, variable);
          assert.ok(err.message.startsWith(`${variable}=`), err.message);
          assert.match(err.message, expected);
          return true;
        },
      );
    });
  }

  it('never echoes the pepper in its error', () => {
    assert.throws(() => loadConfig({ CBOM_KEY_PEPPER: 'tiny-secret' }), (err: Error) => !err.message.includes('tiny-secret'));
  });

  it('documents every setting once', () => {
    const rows = describeSettings();
    assert.equal(rows.length, Object.keys(SETTINGS).length);
    assert.equal(new Set(rows.map((r) => r.variable)).size, rows.length);
    for (const r of rows) assert.ok(r.description.length > 10, r.variable);
  });

  it('docs/configuration.md lists every setting with its default', () => {
    const doc = fs.readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
    for (const r of describeSettings()) {
      const row = doc.split('\n').find((l) => l.startsWith(`| \`${r.variable}\` |`));
      assert.ok(row, `${r.variable} is documented`);
      assert.ok(row.includes(r.default), `${r.variable} shows its default ${r.default}`);
    }
  });
});
