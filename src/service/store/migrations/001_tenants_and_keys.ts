// Tenants and their API keys. Timestamps are ISO-8601 text (see ../schema.ts).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('tenant_kind', 'varchar(16)', (c) => c.notNull().check(sql`tenant_kind in ('partner')`))
    .addColumn('monthly_cap', 'integer')
    .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tenants_name_idx').on('tenants').column('name').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('key_lookup', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('env', 'varchar(4)', (c) => c.notNull().check(sql`env in ('live', 'test')`))
    .addColumn('scopes', 'varchar(200)', (c) => c.notNull())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull().check(sql`status in ('active', 'revoked')`))
    .addColumn('created_by', 'varchar(16)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('api_keys_tenant_idx').on('api_keys').columns(['tenant_id', 'status', 'env']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
  await db.schema.dropTable('tenants').execute();
}
