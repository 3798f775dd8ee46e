// BOM documents are stored in chunks and read back as a stream: a document larger than a chunk
// comes back byte-identical (multi-byte characters across chunk boundaries included), only the
// lease holder completes, once, and a completion that fails part-way leaves nothing behind.
import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { describeEachStore } from '../../helpers/service.js';
import { migrateToLatest } from '../../../src/service/store/migrate.js';
import { migrations } from '../../../src/service/store/migrations/index.js';
import { BOM_CHUNK_CHARS, type BomFile } from '../../../src/service/store/scans.js';

async function newRunningScan(store: import('../../../src/service/store/index.js').Store, owner: string): Promise<string> {
  const scan = await store.scans.create({
    tenantId: null, tenantKind: 'demo', env: null, keyLookup: null, repoUrl: 'https://github.com/acme/big', repoOwner: 'acme', repoName: 'big',
    repoRef: null, projectName: null, projectVersion: '1.0.0', methodologyVersion: 'test', billable: false, priceCents: 0,
  });
  assert.ok(await store.scans.claim(scan.id, owner, 60_000, new Date()));
  return scan.id;
}

/** A JSON-like document of about three chunks, with 2-, 3- and 4-byte characters everywhere (so on chunk edges too). */
function bigDocument(tag: string): string {
  const parts: string[] = ['{"items":['];
  for (let i = 0; parts.join('').length < 3 * BOM_CHUNK_CHARS; i++) parts.push(`${i ? ',' : ''}"${tag}-${i}-é€𝄞-${'x'.repeat(i % 97)}"`.repeat(50));
  parts.push(']}');
  return parts.join('');
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

describeEachStore('store: BOM chunks', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbom-bom-test-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  function bomFile(format: 'cyclonedx' | 'spdx', document: string): BomFile {
    const file = path.join(dir, `${format}-${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(file, document, 'utf8');
    return { format, contentType: format === 'spdx' ? 'application/spdx+json' : 'application/vnd.cyclonedx+json; version=1.6', sha256: sha256(document), file };
  }

  it('stores a document larger than a chunk and streams it back byte-identically', async () => {
    const id = await newRunningScan(t.store, 'w1');
    const cdx = bigDocument('cdx');
    const spdx = bigDocument('spdx');
    assert.ok(cdx.length > 2 * BOM_CHUNK_CHARS);
    const done = await t.store.scans.complete(id, 'w1', { score: 70, resultKey: 'k'.repeat(64), filesTotal: 3, boms: [bomFile('cyclonedx', cdx), bomFile('spdx', spdx)] });
    assert.equal(done, true);
    const chunks = await t.store.db.selectFrom('scan_bom_chunks').select(['seq']).where('scan_id', '=', id).where('format', '=', 'spdx').orderBy('seq').execute();
    assert.ok(chunks.length >= 3, `stored in ${chunks.length} chunks`);
    assert.deepEqual(chunks.map((c) => c.seq), chunks.map((_, i) => i));
    for (const [format, document] of [['cyclonedx', cdx], ['spdx', spdx]] as const) {
      const opened = await t.store.scans.openBom(id, format);
      assert.ok(opened);
      assert.equal(opened.sha256, sha256(document));
      const received: Buffer[] = [];
      for await (const piece of opened.stream) received.push(piece as Buffer);
      assert.ok(received.length > 1, 'served in several pieces');
      assert.ok(Buffer.concat(received).equals(Buffer.from(document, 'utf8')), `${format} bytes identical`);
      assert.equal((await t.store.scans.getBom(id, format))?.document, document);
    }
    assert.deepEqual(await t.store.scans.bomDigests(id), { cyclonedx: sha256(cdx), spdx: sha256(spdx) });
  });

  it('completes only once: a second completion stores nothing more', async () => {
    const id = await newRunningScan(t.store, 'w2');
    const first = bomFile('cyclonedx', '{"a":1}');
    assert.equal(await t.store.scans.complete(id, 'w2', { score: 1, resultKey: 'k'.repeat(64), filesTotal: 1, boms: [first] }), true);
    assert.equal(await t.store.scans.complete(id, 'w2', { score: 2, resultKey: 'k'.repeat(64), filesTotal: 1, boms: [bomFile('cyclonedx', '{"b":2}')] }), false);
    assert.equal((await t.store.scans.getBom(id, 'cyclonedx'))?.document, '{"a":1}');
  });

  it('rolls everything back when storing a document fails part-way: no partial document, the scan still running', async () => {
    const id = await newRunningScan(t.store, 'w3');
    const good = bomFile('cyclonedx', bigDocument('ok'));
    const missing: BomFile = { ...bomFile('spdx', '{}'), file: path.join(dir, 'does-not-exist.json') };
    await assert.rejects(t.store.scans.complete(id, 'w3', { score: 1, resultKey: 'k'.repeat(64), filesTotal: 1, boms: [good, missing] }), /ENOENT/);
    assert.equal((await t.store.scans.get(id))?.status, 'downloading');
    assert.equal(await t.store.scans.openBom(id, 'cyclonedx'), null);
    const left = await t.store.db.selectFrom('scan_bom_chunks').select('seq').where('scan_id', '=', id).execute();
    assert.deepEqual(left, []);
  });

  it('migration 005 keeps documents stored whole before it, byte for byte (and 005 down restores them)', async () => {
    const id = await newRunningScan(t.store, 'w4');
    const document = bigDocument('old');
    assert.equal(await t.store.scans.complete(id, 'w4', { score: 5, resultKey: 'k'.repeat(64), filesTotal: 1, boms: [bomFile('cyclonedx', document)] }), true);
    const migrator = new Migrator({ db: t.store.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('004_scan_retry');
    assert.equal(down.error, undefined);
    const whole = await sql<{ document: string }>`select document from scan_boms where scan_id = ${id}`.execute(t.store.db);
    assert.equal(whole.rows[0]?.document, document, 'down joins the chunks back');
    assert.ok((await migrateToLatest(t.store.db)).includes('005_bom_chunks'));
    const back = await t.store.scans.getBom(id, 'cyclonedx');
    assert.equal(back?.document, document);
    assert.equal(back?.sha256, sha256(document));
  });
});
