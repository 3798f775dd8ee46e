// Applies the migrations of ./migrations/index.ts with Kysely's Migrator (which keeps its own
// bookkeeping tables and a lock, so two processes starting together do not both migrate).
// Called at server start and by `cbom migrate`.
import { type Kysely, Migrator, type MigrationResult } from 'kysely';
import { migrations } from './migrations/index.js';

export class MigrationError extends Error {
  constructor(message: string, override readonly cause: unknown) {
    super(message);
    this.name = 'MigrationError';
  }
}

/** Brings the database to the latest schema; returns the names of the migrations it applied. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, error);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
