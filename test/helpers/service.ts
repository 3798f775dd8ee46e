// Test helpers for the service: a fresh, isolated store per call on each available dialect, an app
// built on it, and tenants with keys. SQLite lives in a temp dir; PostgreSQL (when DATABASE_URL is
// set) gets a brand-new database that is dropped afterwards, so runs never see each other's data.
//
//   import { describeEachDialect, createTenantWithKey, bearer } from '../helpers/service.js';
//   describeEachDialect('keys API', (t) => {
//     it('lists keys', async () => {
//       const { plaintext } = await createTenantWithKey(t.store, { scopes: ['keys:manage'] });
//       const res = await t.app.inject({ method: 'GET', url: '/api/v1/cbom/keys', headers: bearer(plaintext) });
//     });
//   });
import { after, before, describe } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { loadConfig, type Config } from '../../src/service/config.js';
import { openStore, type Store } from '../../src/service/store/index.js';
import { buildApp } from '../../src/service/api/app.js';
import type { App } from '../../src/service/api/types.js';
import { issueKey } from '../../src/service/auth/issue.js';
import { SCOPES, type Scope } from '../../src/service/auth/scopes.js';
import type { KeyEnv } from '../../src/service/store/schema.js';
import type { Tenant } from '../../src/service/store/tenants.js';
import type { ApiKey } from '../../src/service/store/keys.js';
import { randomAlphanumeric } from '../../src/service/store/ids.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DialectCase {
  name: DialectName;
  /** false when it can run here, else the reason it is skipped. */
  skip: false | string;
}

export const DIALECTS: readonly DialectCase[] = [
  { name: 'sqlite', skip: false },
  {
    name: 'postgres',
    skip: process.env.DATABASE_URL ? false : 'PostgreSQL suite skipped: DATABASE_URL is not set (CI sets it; e.g. postgres://postgres@127.0.0.1:5432/test)',
  },
];

/** Skip reason for suites that need Redis, or false. */
export const REDIS_SKIP: false | string = process.env.REDIS_URL ? false : 'Redis suite skipped: REDIS_URL is not set (CI sets it; e.g. redis://127.0.0.1:6379)';

export interface TestStore {
  dialect: DialectName;
  config: Config;
  store: Store;
  /** Environment the config was loaded from (reuse it to open a second store on the same data). */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** A new empty database of that dialect, migrated, with a config whose other settings come from `env`. */
export async function createTestStore(dialect: DialectName, env: Record<string, string> = {}): Promise<TestStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbom-test-'));
  const fullEnv: Record<string, string> = { NODE_ENV: 'test', LOG_LEVEL: 'silent', CBOM_DATA_DIR: dataDir, PORT: '0', ...env };
  let dropDatabase = async () => {};
  if (dialect === 'postgres') {
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) throw new Error('createTestStore(postgres) needs DATABASE_URL');
    const name = `cbom_test_${randomAlphanumeric(12).toLowerCase()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    fullEnv.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    };
  } else {
    delete fullEnv.DATABASE_URL;
  }
  const config = loadConfig(fullEnv);
  const store = await openStore(config);
  let cleaned = false;
  return {
    dialect,
    config,
    store,
    env: fullEnv,
    async cleanup() {
      if (cleaned) return;
      cleaned = true;
      await store.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp extends TestStore {
  app: App;
  /** Log lines (parsed JSON) written by the app, when built with `captureLogs`. */
  logs: Record<string, unknown>[];
  /** Raw log text, for "never contains" checks. */
  logText(): string;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Capture logs at LOG_LEVEL (default info when capturing). */
  captureLogs?: boolean;
}

export async function createTestApp(dialect: DialectName, opts: TestAppOptions = {}): Promise<TestApp> {
  const env = { ...(opts.captureLogs ? { LOG_LEVEL: 'info' } : {}), ...opts.env };
  const ts = await createTestStore(dialect, env);
  const chunks: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk.toString('utf8'));
      cb();
    },
  });
  let app: App;
  try {
    app = await buildApp({ config: ts.config, store: ts.store, ...(opts.captureLogs ? { logStream } : {}) });
  } catch (err) {
    await ts.cleanup();
    throw err;
  }
  return {
    ...ts,
    app,
    get logs() {
      return chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    },
    logText: () => chunks.join(''),
    async cleanup() {
      await app.close();
      await ts.cleanup();
    },
  };
}

export interface TenantWithKey {
  tenant: Tenant;
  key: ApiKey;
  plaintext: string;
  /** `{authorization: 'Bearer …'}` for inject(). */
  headers: { authorization: string };
}

export interface TenantKeyOptions {
  name?: string;
  env?: KeyEnv;
  scopes?: readonly Scope[];
  monthlyCap?: number | null;
  priceCents?: number;
  /** Add the key to this existing tenant instead of creating one. */
  tenantId?: string;
}

/** A new partner tenant (or `tenantId`) with one key of the given env and scopes (default: test, all). */
export async function createTenantWithKey(store: Store, opts: TenantKeyOptions = {}, pepper: string | null = null): Promise<TenantWithKey> {
  const tenant = opts.tenantId
    ? await store.tenants.get(opts.tenantId)
    : await store.tenants.create({ name: opts.name ?? `tenant ${randomAlphanumeric(6)}`, monthlyCap: opts.monthlyCap ?? null, priceCents: opts.priceCents ?? 0 });
  if (!tenant) throw new Error(`no tenant ${opts.tenantId}`);
  const { key, plaintext } = await issueKey(store, pepper, {
    tenantId: tenant.id,
    env: opts.env ?? 'test',
    name: 'test key',
    scopes: opts.scopes ?? SCOPES,
    createdBy: null,
    cap: null,
  });
  return { tenant, key, plaintext, headers: bearer(plaintext) };
}

export function bearer(key: string): { authorization: string } {
  return { authorization: `Bearer ${key}` };
}

/**
 * One `describe` per dialect (skipped with its reason when unavailable), with a fresh app built
 * before the suite and torn down after it. `t.app`, `t.store`, `t.config` are valid inside tests.
 */
export function describeEachDialect(title: string, body: (t: TestApp) => void, opts: TestAppOptions = {}): void {
  for (const d of DIALECTS) {
    describe(`${title} [${d.name}]`, { skip: d.skip }, () => {
      let current: TestApp | undefined;
      const proxy = new Proxy({} as TestApp, {
        get(_target, prop) {
          if (!current) throw new Error('the test app is only available inside tests (after `before`)');
          const value = Reflect.get(current, prop, current) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(current) : value;
        },
      });
      before(async () => {
        current = await createTestApp(d.name, opts);
      });
      after(async () => {
        await current?.cleanup();
      });
      body(proxy);
    });
  }
}

/** Same as describeEachDialect, with only a store (no HTTP app). */
export function describeEachStore(title: string, body: (t: TestStore) => void, env: Record<string, string> = {}): void {
  for (const d of DIALECTS) {
    describe(`${title} [${d.name}]`, { skip: d.skip }, () => {
      let current: TestStore | undefined;
      const proxy = new Proxy({} as TestStore, {
        get(_target, prop) {
          if (!current) throw new Error('the test store is only available inside tests (after `before`)');
          const value = Reflect.get(current, prop, current) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(current) : value;
        },
      });
      before(async () => {
        current = await createTestStore(d.name, env);
      });
      after(async () => {
        await current?.cleanup();
      });
      body(proxy);
    });
  }
}
