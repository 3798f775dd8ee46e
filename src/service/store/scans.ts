// Scans repository: the scan rows (which are also the in-process queue's state), the engine results
// that scans of the same commit share, and the BOM documents of each completed scan.
//
// Workers own a scan through a lease (`lease_owner`, `lease_expires_at`). Every write a worker makes
// is conditional on still holding the lease and on the scan not being finished, so a worker that
// lost its lease (it stalled and another took over) can never overwrite the scan or complete it a
// second time.
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { nowIso, randomAlphanumeric } from './ids.js';
import type { Database, KeyEnv } from './schema.js';
import type { ScansTable, ScanStatus, ScanTenantKind } from './scan-tables.js';

export type ScanRow = Selectable<ScansTable>;
export type BomFormatName = 'cyclonedx' | 'spdx';

export const SCAN_ID_PREFIX = 'cbom_';
export function newScanId(): string {
  return SCAN_ID_PREFIX + randomAlphanumeric(16);
}

export interface ScanProgress {
  phase: string;
  percent: number;
  files_done: number;
  files_total: number;
}

export const QUEUED_PROGRESS: ScanProgress = { phase: 'queued', percent: 0, files_done: 0, files_total: 0 };

export interface NewScan {
  tenantId: string | null;
  tenantKind: ScanTenantKind;
  env: KeyEnv | null;
  keyLookup: string | null;
  repoUrl: string;
  repoOwner: string;
  repoName: string;
  repoRef: string | null;
  projectName: string | null;
  projectVersion: string;
  methodologyVersion: string;
  billable: boolean;
  priceCents: number;
}

/** Page position after the last item shown: most recent first, ties broken by id. */
export interface ListCursor {
  createdAt: string;
  id: string;
}

export interface StoredBom {
  format: BomFormatName;
  contentType: string;
  document: string;
  sha256: string;
}

/** A BOM document as the worker wrote it to a file, ready to be stored (see `complete`). */
export interface BomFile {
  format: BomFormatName;
  contentType: string;
  sha256: string;
  /**
   * UTF-8 file holding exactly the document's bytes, by path or as an open handle read from its
   * start (the caller may unlink the file once opened and closes the handle afterwards).
   */
  file: string | FileHandle;
}

/** A stored BOM, its document read chunk by chunk as it is sent. */
export interface BomStream {
  format: BomFormatName;
  contentType: string;
  sha256: string;
  stream: Readable;
}

/**
 * Characters per stored chunk: small enough that writing or reading a chunk costs little memory,
 * large enough that a 400 MB document is a few thousand rows. Chunks are cut on character
 * boundaries (a UTF-8 sequence is never split), so each is valid text on both dialects.
 */
export const BOM_CHUNK_CHARS = 256 * 1024;
/** Chunks fetched per query when serving a document. */
const BOM_CHUNKS_PER_READ = 8;

const ACTIVE: ScanStatus[] = ['downloading', 'scanning'];
const UNFINISHED: ScanStatus[] = ['queued', 'downloading', 'scanning'];

function leaseUntil(now: Date, leaseMs: number): string {
  return nowIso(new Date(now.getTime() + leaseMs));
}

export function createScanRepository(db: Kysely<Database>) {
  const demoKey = '~demo';

  const repo = {
    async create(input: NewScan, now: Date = new Date()): Promise<ScanRow> {
      const at = nowIso(now);
      const row: ScanRow = {
        id: newScanId(),
        tenant_id: input.tenantId,
        tenant_kind: input.tenantKind,
        env: input.env,
        key_lookup: input.keyLookup,
        repo_url: input.repoUrl,
        repo_owner: input.repoOwner,
        repo_name: input.repoName,
        repo_ref: input.repoRef,
        project_name: input.projectName,
        project_version: input.projectVersion,
        methodology_version: input.methodologyVersion,
        status: 'queued',
        progress: JSON.stringify(QUEUED_PROGRESS),
        error_code: null,
        error_message: null,
        score: null,
        commit_sha: null,
        committed_at: null,
        resolved_ref: null,
        result_key: null,
        reused: 0,
        billable: input.billable ? 1 : 0,
        price_cents: input.priceCents,
        attempts: 0,
        lease_owner: null,
        lease_expires_at: null,
        not_before: null,
        created_at: at,
        updated_at: at,
        started_at: null,
        completed_at: null,
      };
      await db.insertInto('scans').values(row).execute();
      return row;
    },

    /** A scan by id; with a tenant, only that tenant's (null for demo scans). */
    async get(id: string, scope?: { tenantId: string | null }): Promise<ScanRow | null> {
      let q = db.selectFrom('scans').selectAll().where('id', '=', id);
      if (scope) q = scope.tenantId === null ? q.where('tenant_id', 'is', null) : q.where('tenant_id', '=', scope.tenantId);
      return (await q.executeTakeFirst()) ?? null;
    },

    /** A tenant's scans, most recent first; `limit + 1` rows are read to know whether more exist. */
    async listForTenant(tenantId: string, limit: number, after?: ListCursor): Promise<{ rows: ScanRow[]; next: ListCursor | null }> {
      let q = db.selectFrom('scans').selectAll().where('tenant_id', '=', tenantId);
      if (after) {
        q = q.where((eb) =>
          eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]),
        );
      }
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { rows: page, next: rows.length > limit && last ? { createdAt: last.created_at, id: last.id } : null };
    },

    /** Scans of a tenant that did not fail, created in [from, to): what the monthly cap counts. */
    async countNotFailed(tenantId: string, from: string, to: string): Promise<number> {
      const r = await db
        .selectFrom('scans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('status', '!=', 'failed')
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** Unfinished scans per tenant key (tenant id, or a shared key for demo scans): fairness input. */
    async pendingFor(tenantId: string | null): Promise<number> {
      const q = db.selectFrom('scans').select((eb) => eb.fn.countAll<number>().as('n')).where('status', 'in', UNFINISHED);
      const r = await (tenantId === null ? q.where('tenant_id', 'is', null) : q.where('tenant_id', '=', tenantId)).executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /**
     * Claims the next queued scan for `owner`, fairly: the tenant with the fewest scans in progress
     * goes first (ties: the one whose oldest queued scan is oldest), then that tenant's oldest scan.
     * A burst of one tenant therefore never holds back another tenant's scan for longer than one
     * running scan. The claim is a compare-and-set on `status = 'queued'`, safe across processes.
     */
    async claimNext(owner: string, leaseMs: number, now: Date = new Date()): Promise<ScanRow | null> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const at = nowIso(now);
        const ready = (eb: ExpressionBuilder<Database, 'scans'>) => eb.or([eb('not_before', 'is', null), eb('not_before', '<=', at)]);
        const queued = await db
          .selectFrom('scans')
          .select(['tenant_id', (eb) => eb.fn.min('created_at').as('oldest')])
          .where('status', '=', 'queued')
          .where(ready)
          .groupBy('tenant_id')
          .execute();
        if (queued.length === 0) return null;
        const running = await db
          .selectFrom('scans')
          .select(['tenant_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('status', 'in', ACTIVE)
          .groupBy('tenant_id')
          .execute();
        const runningBy = new Map(running.map((r) => [r.tenant_id ?? demoKey, Number(r.n)]));
        queued.sort((a, b) => {
          const ra = runningBy.get(a.tenant_id ?? demoKey) ?? 0;
          const rb = runningBy.get(b.tenant_id ?? demoKey) ?? 0;
          if (ra !== rb) return ra - rb;
          return String(a.oldest) < String(b.oldest) ? -1 : String(a.oldest) > String(b.oldest) ? 1 : 0;
        });
        const pick = queued[0]!;
        let next = db.selectFrom('scans').select('id').where('status', '=', 'queued').where(ready);
        next = pick.tenant_id === null ? next.where('tenant_id', 'is', null) : next.where('tenant_id', '=', pick.tenant_id);
        const candidate = await next.orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
        if (!candidate) continue;
        const claimed = await repo.claim(candidate.id, owner, leaseMs, now, ['queued']);
        if (claimed) return claimed;
      }
      return null;
    },

    /**
     * Takes a scan for `owner` if its status is one of `from`; moves it to `downloading` with a fresh
     * lease and counts the attempt. The BullMQ worker passes every unfinished status: BullMQ's job
     * lock already decided that this worker owns the job (after a crash, the stalled job comes back).
     */
    async claim(id: string, owner: string, leaseMs: number, now: Date, from: ScanStatus[] = ['queued']): Promise<ScanRow | null> {
      const at = nowIso(now);
      const res = await db
        .updateTable('scans')
        .set((eb) => ({
          status: 'downloading',
          lease_owner: owner,
          lease_expires_at: leaseUntil(now, leaseMs),
          attempts: eb('attempts', '+', 1),
          // Per attempt: the deadline sweeper measures the current attempt.
          started_at: at,
          not_before: null,
          updated_at: at,
          progress: JSON.stringify({ phase: 'downloading', percent: 0, files_done: 0, files_total: 0 } satisfies ScanProgress),
        }))
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return null;
      const row = await repo.get(id);
      return row && row.lease_owner === owner ? row : null;
    },

    /** Extends the lease; false when the lease was lost (the scan moved on without this worker). */
    async heartbeat(id: string, owner: string, leaseMs: number, now: Date = new Date()): Promise<boolean> {
      const res = await db
        .updateTable('scans')
        .set({ lease_expires_at: leaseUntil(now, leaseMs) })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', 'in', ACTIVE)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Progress and status while running; false when the lease was lost. */
    async update(
      id: string,
      owner: string,
      patch: Partial<Pick<ScanRow, 'status' | 'commit_sha' | 'committed_at' | 'resolved_ref' | 'result_key' | 'reused'>> & { progress?: ScanProgress },
      now: Date = new Date(),
    ): Promise<boolean> {
      const { progress, ...rest } = patch;
      const res = await db
        .updateTable('scans')
        .set({ ...rest, ...(progress ? { progress: JSON.stringify(progress) } : {}), updated_at: nowIso(now) })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', 'in', ACTIVE)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /**
     * Completes a scan and stores its BOM documents in one transaction. Only the lease holder can,
     * and only once: a second completion (a stale worker) changes nothing and returns false. Each
     * document is read from its file and inserted chunk by chunk inside the transaction, so memory
     * stays bounded and no reader ever sees a partial document: it appears whole at commit or not at
     * all (a failure part-way rolls every chunk back).
     */
    async complete(
      id: string,
      owner: string,
      done: { score: number; resultKey: string; filesTotal: number; boms: BomFile[] },
      now: Date = new Date(),
    ): Promise<boolean> {
      const at = nowIso(now);
      return db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('scans')
          .set({
            status: 'completed',
            score: done.score,
            result_key: done.resultKey,
            progress: JSON.stringify({ phase: 'completed', percent: 100, files_done: done.filesTotal, files_total: done.filesTotal } satisfies ScanProgress),
            lease_owner: null,
            lease_expires_at: null,
            updated_at: at,
            completed_at: at,
          })
          .where('id', '=', id)
          .where('lease_owner', '=', owner)
          .where('status', 'in', ACTIVE)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('scan_boms')
          .values(done.boms.map((b) => ({ scan_id: id, format: b.format, content_type: b.contentType, sha256: b.sha256 })))
          .execute();
        for (const b of done.boms) {
          let seq = 0;
          // A UTF-8 decoding stream never splits a character between two chunks.
          const input =
            typeof b.file === 'string'
              ? createReadStream(b.file, { encoding: 'utf8', highWaterMark: BOM_CHUNK_CHARS })
              : b.file.createReadStream({ encoding: 'utf8', highWaterMark: BOM_CHUNK_CHARS, start: 0, autoClose: false });
          for await (const data of input as AsyncIterable<string>) {
            await trx.insertInto('scan_bom_chunks').values({ scan_id: id, format: b.format, seq, data }).execute();
            seq += 1;
          }
          if (seq === 0) throw new Error(`the ${b.format} document of ${id} is empty`);
        }
        return true;
      });
    },

    /**
     * Fails a scan. With an owner, only while that worker holds the lease; without one (recovery,
     * timeouts found by the sweeper), any unfinished scan.
     */
    async fail(id: string, owner: string | null, error: { code: string; message: string }, now: Date = new Date()): Promise<boolean> {
      const at = nowIso(now);
      let q = db
        .updateTable('scans')
        .set({
          status: 'failed',
          error_code: error.code,
          error_message: error.message,
          lease_owner: null,
          lease_expires_at: null,
          updated_at: at,
          completed_at: at,
        })
        .where('id', '=', id);
      q = owner === null ? q.where('status', 'in', UNFINISHED) : q.where('lease_owner', '=', owner).where('status', 'in', ACTIVE);
      const res = await q.executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      // Keep the counts of the phase where it stopped, and say so.
      const row = await repo.get(id);
      if (row) {
        const p = JSON.parse(row.progress) as ScanProgress;
        await db.updateTable('scans').set({ progress: JSON.stringify({ ...p, phase: 'failed' }) }).where('id', '=', id).execute();
      }
      return true;
    },

    /** Gives a running scan back to the queue (transient error, or its worker shut down), optionally not before `notBefore`. */
    async release(id: string, owner: string, now: Date = new Date(), notBefore: Date | null = null): Promise<boolean> {
      const res = await db
        .updateTable('scans')
        .set({
          status: 'queued',
          lease_owner: null,
          lease_expires_at: null,
          not_before: notBefore ? nowIso(notBefore) : null,
          progress: JSON.stringify(QUEUED_PROGRESS),
          updated_at: nowIso(now),
        })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', 'in', ACTIVE)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Running scans whose lease ran out: their worker died or hung. */
    async expiredLeases(now: Date = new Date()): Promise<ScanRow[]> {
      return db.selectFrom('scans').selectAll().where('status', 'in', ACTIVE).where('lease_expires_at', '<', nowIso(now)).execute();
    },

    /** Puts a scan whose lease expired back in the queue (compare-and-set on the expired lease). */
    async requeueExpired(id: string, expiredOwner: string | null, now: Date = new Date()): Promise<boolean> {
      let q = db
        .updateTable('scans')
        .set({ status: 'queued', lease_owner: null, lease_expires_at: null, progress: JSON.stringify(QUEUED_PROGRESS), updated_at: nowIso(now) })
        .where('id', '=', id)
        .where('status', 'in', ACTIVE)
        .where('lease_expires_at', '<', nowIso(now));
      q = expiredOwner === null ? q.where('lease_owner', 'is', null) : q.where('lease_owner', '=', expiredOwner);
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Queued scans created before `before` (BullMQ reconciliation after a Redis loss). */
    async queuedBefore(before: string, limit: number): Promise<ScanRow[]> {
      return db.selectFrom('scans').selectAll().where('status', '=', 'queued').where('created_at', '<', before).orderBy('created_at').limit(limit).execute();
    },

    /** Unfinished scans that started before `before`: past their deadline whatever their lease says. */
    async runningSince(before: string): Promise<ScanRow[]> {
      return db.selectFrom('scans').selectAll().where('status', 'in', ACTIVE).where('started_at', '<', before).execute();
    },

    async getResult(resultKey: string): Promise<string | null> {
      const r = await db.selectFrom('scan_results').select('result_json').where('result_key', '=', resultKey).executeTakeFirst();
      return r?.result_json ?? null;
    },

    /** Stores an engine result once; a concurrent scan of the same commit may have stored it first. */
    async putResult(resultKey: string, commitSha: string, methodologyVersion: string, resultJson: string, now: Date = new Date()): Promise<void> {
      await db
        .insertInto('scan_results')
        .values({ result_key: resultKey, commit_sha: commitSha, methodology_version: methodologyVersion, result_json: resultJson, created_at: nowIso(now) })
        .onConflict((oc) => oc.column('result_key').doNothing())
        .execute();
    },

    /** A stored BOM as one string: only for documents known to be small (tests, demo); serve and embed with `openBom`. */
    async getBom(scanId: string, format: BomFormatName): Promise<StoredBom | null> {
      const r = await db.selectFrom('scan_boms').selectAll().where('scan_id', '=', scanId).where('format', '=', format).executeTakeFirst();
      if (!r) return null;
      const chunks = await db.selectFrom('scan_bom_chunks').select('data').where('scan_id', '=', scanId).where('format', '=', format).orderBy('seq').execute();
      return { format: r.format, contentType: r.content_type, document: chunks.map((c) => c.data).join(''), sha256: r.sha256 };
    },

    /**
     * A stored BOM with its document as a stream of UTF-8 bytes, read a few chunks per query as the
     * client takes them (backpressure), so a document of any size is served in bounded memory.
     * Chunks never change once committed, so reading them across several queries is consistent.
     */
    async openBom(scanId: string, format: BomFormatName): Promise<BomStream | null> {
      const r = await db.selectFrom('scan_boms').select(['format', 'content_type', 'sha256']).where('scan_id', '=', scanId).where('format', '=', format).executeTakeFirst();
      if (!r) return null;
      async function* chunks(): AsyncGenerator<Buffer> {
        let next = 0;
        for (;;) {
          const rows = await db
            .selectFrom('scan_bom_chunks')
            .select(['seq', 'data'])
            .where('scan_id', '=', scanId)
            .where('format', '=', format)
            .where('seq', '>=', next)
            .orderBy('seq')
            .limit(BOM_CHUNKS_PER_READ)
            .execute();
          for (const c of rows) yield Buffer.from(c.data, 'utf8');
          if (rows.length < BOM_CHUNKS_PER_READ) return;
          next = rows[rows.length - 1]!.seq + 1;
        }
      }
      return { format: r.format, contentType: r.content_type, sha256: r.sha256, stream: Readable.from(chunks(), { objectMode: false }) };
    },

    async bomDigests(scanId: string): Promise<Partial<Record<BomFormatName, string>>> {
      const rows = await db.selectFrom('scan_boms').select(['format', 'sha256']).where('scan_id', '=', scanId).execute();
      return Object.fromEntries(rows.map((r) => [r.format, r.sha256]));
    },
  };
  return repo;
}

export type ScanRepository = ReturnType<typeof createScanRepository>;
