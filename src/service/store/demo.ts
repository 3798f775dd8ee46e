// The public demo's bookkeeping in the database profile (without REDIS_URL): one row per demo scan
// started, counted per client over a sliding 24-hour window, and looked up per repository for the
// short-lived result cache. See ../demo/gate.ts for the rules and the Redis twin.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from './db.js';
import { nowIso, randomAlphanumeric } from './ids.js';
import type { Database } from './schema.js';

export type ReserveOutcome = { ok: true; reservationId: string } | { ok: false; retryAfterSeconds: number };

export function createDemoRepository(db: Kysely<Database>, dialect: DialectName) {
  return {
    /**
     * Takes one of the client's `limit` scans in the window ending now, or says when the oldest one
     * leaves the window. Count and insert happen in one transaction; on PostgreSQL an advisory lock
     * per client serialises them (SQLite serialises writers anyway), so parallel requests from one
     * address cannot both take the last scan.
     */
    async reserve(clientHash: string, limit: number, windowMs: number, now: Date = new Date()): Promise<ReserveOutcome> {
      const since = nowIso(new Date(now.getTime() - windowMs));
      return db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended(${`cbom-demo:${clientHash}`}, 0))`.execute(trx);
        const recent = await trx
          .selectFrom('demo_requests')
          .select('created_at')
          .where('client_hash', '=', clientHash)
          .where('created_at', '>', since)
          .orderBy('created_at')
          .execute();
        if (recent.length >= limit) {
          const oldest = Date.parse(recent[0]!.created_at);
          return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now.getTime()) / 1000)) };
        }
        const reservationId = randomAlphanumeric(24);
        await trx.insertInto('demo_requests').values({ id: reservationId, client_hash: clientHash, repo_key: null, scan_id: null, created_at: nowIso(now) }).execute();
        return { ok: true, reservationId };
      });
    },

    /** Records the scan a reservation produced, which also makes it the repository's cached scan. */
    async attach(reservationId: string, repoKey: string, scanId: string): Promise<void> {
      await db.updateTable('demo_requests').set({ repo_key: repoKey, scan_id: scanId }).where('id', '=', reservationId).execute();
    },

    /** Gives a reservation back (its scan could not be created): it no longer counts. */
    async release(reservationId: string): Promise<void> {
      await db.deleteFrom('demo_requests').where('id', '=', reservationId).execute();
    },

    /** Demo scans of `repoKey` started after `since`, newest first. */
    async recentScans(repoKey: string, since: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('demo_requests')
        .select('scan_id')
        .where('repo_key', '=', repoKey)
        .where('created_at', '>', nowIso(since))
        .where('scan_id', 'is not', null)
        .orderBy('created_at', 'desc')
        .limit(5)
        .execute();
      return rows.map((r) => r.scan_id!);
    },

    /** Deletes rows that no window can count any more. */
    async purgeBefore(before: Date): Promise<number> {
      const res = await db.deleteFrom('demo_requests').where('created_at', '<', nowIso(before)).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

export type DemoRepository = ReturnType<typeof createDemoRepository>;
