// Deferred retries of the in-process queue: a scan given back after a transient failure (GitHub
// rate limit, 5xx) is not claimed again before `not_before`.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scans').addColumn('not_before', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scans').dropColumn('not_before').execute();
}
