// `cbom migrate`: bring the configured database (SQLite under CBOM_DATA_DIR, or DATABASE_URL) to
// the latest schema. Prints JSON `{"applied": [...], "storage": ...}`.
import type { Command } from 'commander';
import { loadConfig } from '../../service/config.js';
import { openDatabase } from '../../service/store/db.js';
import { migrateToLatest } from '../../service/store/migrate.js';

export function register(program: Command): void {
  program
    .command('migrate')
    .description('apply database migrations (also done by `cbom serve` at start)')
    .action(async () => {
      const config = loadConfig();
      const handle = openDatabase(config);
      try {
        const applied = await migrateToLatest(handle.db);
        process.stderr.write(applied.length ? `applied ${applied.length} migration(s) to ${handle.location}\n` : `${handle.location} is up to date\n`);
        process.stdout.write(JSON.stringify({ applied, storage: handle.dialect }) + '\n');
      } finally {
        await handle.close();
      }
    });
}
