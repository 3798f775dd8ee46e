// The Store: one repository per aggregate over one database handle. Other parts add their
// repositories here (`scans`, `usage`, `branding`): write `createXRepository(db, dialect)` in
// ./x.ts and add one line to createStore and the Store type follows.
import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from './db.js';
import { migrateToLatest } from './migrate.js';
import { createKeyRepository } from './keys.js';
import { createTenantRepository } from './tenants.js';
import { createScanRepository } from './scans.js';
import { createUsageRepository } from './usage.js';
import { createBrandingRepository } from './branding.js';
import { createDemoRepository } from './demo.js';

export function createStore(handle: DatabaseHandle) {
  const { db, dialect } = handle;
  // Compiled once: /health runs it on every call and Kysely's builder costs more than the query.
  const pingQuery = db.selectFrom('tenants').select('id').limit(1).compile();
  return {
    db,
    dialect,
    location: handle.location,
    tenants: createTenantRepository(db),
    keys: createKeyRepository(db, dialect, handle),
    scans: createScanRepository(db),
    usage: createUsageRepository(db),
    branding: createBrandingRepository(db, dialect),
    demo: createDemoRepository(db, dialect),
    /** Cheap liveness check for /health. */
    async ping(): Promise<void> {
      await handle.selectRows(pingQuery);
    },
    close: () => handle.close(),
  };
}

export type Store = ReturnType<typeof createStore>;

/** Opens the configured database, migrates it to the latest schema, and returns the Store. */
export async function openStore(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Store> {
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle.db);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return createStore(handle);
}
