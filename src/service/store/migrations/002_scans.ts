// Scans, their engine results (shared between scans of the same commit and methodology) and their
// encoded BOM documents. Timestamps are ISO-8601 text, booleans 0/1 (see ../schema.ts).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scans')
    .addColumn('id', 'varchar(21)', (c) => c.primaryKey())
    // Null for public demo scans: they belong to no tenant and never show in lists or usage.
    .addColumn('tenant_id', 'varchar(32)', (c) => c.references('tenants.id').onDelete('cascade'))
    .addColumn('tenant_kind', 'varchar(16)', (c) => c.notNull().check(sql`tenant_kind in ('partner', 'demo')`))
    .addColumn('env', 'varchar(4)', (c) => c.check(sql`env in ('live', 'test')`))
    .addColumn('key_lookup', 'varchar(16)')
    .addColumn('repo_url', 'varchar(400)', (c) => c.notNull())
    .addColumn('repo_owner', 'varchar(39)', (c) => c.notNull())
    .addColumn('repo_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('repo_ref', 'varchar(255)')
    .addColumn('project_name', 'varchar(120)')
    .addColumn('project_version', 'varchar(60)', (c) => c.notNull())
    .addColumn('methodology_version', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) =>
      c.notNull().check(sql`status in ('queued', 'downloading', 'scanning', 'completed', 'failed')`))
    .addColumn('progress', 'text', (c) => c.notNull())
    .addColumn('error_code', 'varchar(32)')
    .addColumn('error_message', 'text')
    .addColumn('score', 'integer')
    .addColumn('commit_sha', 'varchar(40)')
    .addColumn('committed_at', 'varchar(32)')
    .addColumn('resolved_ref', 'varchar(255)')
    .addColumn('result_key', 'varchar(64)')
    .addColumn('reused', 'integer', (c) => c.notNull().defaultTo(0))
    // Billing facts fixed when the scan is accepted: a later price change does not reprice it.
    .addColumn('billable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(120)')
    .addColumn('lease_expires_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)')
    .addColumn('completed_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('scans_tenant_created_idx').on('scans').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('scans_status_created_idx').on('scans').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('scan_results')
    .addColumn('result_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('methodology_version', 'varchar(40)', (c) => c.notNull())
    .addColumn('commit_sha', 'varchar(40)', (c) => c.notNull())
    // The engine's ScanResult as JSON: findings, inventory (components), summary, score, stats.
    .addColumn('result_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('scan_boms')
    .addColumn('scan_id', 'varchar(21)', (c) => c.notNull().references('scans.id').onDelete('cascade'))
    .addColumn('format', 'varchar(12)', (c) => c.notNull().check(sql`format in ('cyclonedx', 'spdx')`))
    .addColumn('content_type', 'varchar(80)', (c) => c.notNull())
    // The exact bytes served, written once when the scan completes.
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('scan_boms_pk', ['scan_id', 'format'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scan_boms').execute();
  await db.schema.dropTable('scan_results').execute();
  await db.schema.dropTable('scans').execute();
}
