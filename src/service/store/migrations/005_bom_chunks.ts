// BOM documents stored in ordered chunks instead of one value: a large SPDX document (hundreds of
// MB) is written and read a chunk at a time, so neither the worker nor the API ever holds it whole,
// and no single value approaches V8's string limit or a driver's parameter limit. The same tables on
// both dialects: PostgreSQL keeps several machines consistent without shared files.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scan_bom_chunks')
    .addColumn('scan_id', 'varchar(21)', (c) => c.notNull())
    .addColumn('format', 'varchar(12)', (c) => c.notNull())
    // 0, 1, 2, ...: the document is the concatenation in this order.
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('scan_bom_chunks_pk', ['scan_id', 'format', 'seq'])
    .addForeignKeyConstraint('scan_bom_chunks_bom_fk', ['scan_id', 'format'], 'scan_boms', ['scan_id', 'format'], (fk) => fk.onDelete('cascade'))
    .execute();
  // Documents stored whole before this migration become one chunk each (their bytes unchanged).
  await sql`insert into scan_bom_chunks (scan_id, format, seq, data) select scan_id, format, 0, document from scan_boms`.execute(db);
  await db.schema.alterTable('scan_boms').dropColumn('document').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scan_boms').addColumn('document', 'text', (c) => c.notNull().defaultTo('')).execute();
  const boms = await sql<{ scan_id: string; format: string }>`select scan_id, format from scan_boms`.execute(db);
  for (const b of boms.rows) {
    const chunks = await sql<{ data: string }>`select data from scan_bom_chunks where scan_id = ${b.scan_id} and format = ${b.format} order by seq`.execute(db);
    const document = chunks.rows.map((c) => c.data).join('');
    await sql`update scan_boms set document = ${document} where scan_id = ${b.scan_id} and format = ${b.format}`.execute(db);
  }
  await db.schema.dropTable('scan_bom_chunks').execute();
}
