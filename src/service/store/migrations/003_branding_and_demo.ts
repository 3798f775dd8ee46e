// White-label branding per tenant, and the public demo's per-IP counter and repository cache
// (database profile). The subdomain's uniqueness is a unique index, so two tenants saving the same
// subdomain at once cannot both succeed: the loser's insert/update fails and the API answers 409.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('branding')
    .addColumn('tenant_id', 'varchar(32)', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('company_name', 'varchar(120)')
    .addColumn('subdomain', 'varchar(63)')
    .addColumn('logo_url', 'varchar(2048)')
    .addColumn('website_url', 'varchar(2048)')
    .addColumn('support_email', 'varchar(254)')
    .addColumn('accent_color', 'varchar(7)')
    .addColumn('headline', 'varchar(200)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // NULLs are distinct in a unique index on both dialects: any number of tenants may have none.
  await db.schema.createIndex('branding_subdomain_uq').on('branding').column('subdomain').unique().execute();

  await db.schema
    .createTable('demo_requests')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('client_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('repo_key', 'varchar(400)')
    .addColumn('scan_id', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('demo_requests_client_idx').on('demo_requests').columns(['client_hash', 'created_at']).execute();
  await db.schema.createIndex('demo_requests_repo_idx').on('demo_requests').columns(['repo_key', 'created_at']).execute();
  await db.schema.createIndex('demo_requests_created_idx').on('demo_requests').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_requests').execute();
  await db.schema.dropTable('branding').execute();
}
