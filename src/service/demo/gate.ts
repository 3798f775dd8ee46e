// The public demo's two rules (DESIGN.md section 4, Public demo):
//   - each client IP may start CBOM_DEMO_PER_IP_PER_DAY new scans in any 24 hours (sliding window);
//   - a repository someone scanned less than CBOM_DEMO_CACHE_SECONDS ago is answered with that scan,
//     which does not count against anybody's allowance.
// Two implementations behind one interface: the database (single node or shared database) and
// Redis (REDIS_URL set: every API node shares the counters and the cache). Client addresses are
// only ever stored as a keyed hash.
import { createHmac } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { DemoRepository } from '../store/demo.js';
import { randomAlphanumeric } from '../store/ids.js';

export const DEMO_WINDOW_MS = 24 * 60 * 60 * 1000;

export type Reservation = { ok: true; token: string } | { ok: false; retryAfterSeconds: number };

export interface DemoGate {
  readonly kind: 'database' | 'redis';
  /** Scan ids of recent demo scans of the repository, newest first (the caller skips failed ones). */
  cached(repoKey: string, now: Date): Promise<string[]>;
  /** Takes one of the client's scans, or says in how many seconds one frees up. */
  reserve(clientHash: string, now: Date): Promise<Reservation>;
  /** The reservation produced `scanId`: remember it as the repository's cached scan. */
  commit(token: string, clientHash: string, repoKey: string, scanId: string, now: Date): Promise<void>;
  /** The scan could not be created: the reservation no longer counts. */
  release(token: string, clientHash: string): Promise<void>;
  close(): Promise<void>;
}

export interface DemoLimits {
  perIpPerDay: number;
  cacheSeconds: number;
}

/** Keyed hash of a client address: the same address maps to the same counter, and the raw address is not stored. */
export function clientHash(ip: string, secret: string | null): string {
  // Domain-separated from the API-key hashes that use the same pepper.
  return createHmac('sha256', secret ?? 'cbom-demo').update(`demo-client:${ip}`).digest('hex');
}

export function databaseDemoGate(repo: DemoRepository, limits: DemoLimits): DemoGate {
  let lastPurge = 0;
  return {
    kind: 'database',
    async cached(repoKey, now) {
      if (limits.cacheSeconds === 0) return [];
      return repo.recentScans(repoKey, new Date(now.getTime() - limits.cacheSeconds * 1000));
    },
    async reserve(client, now) {
      // Old rows are useless to both rules; drop them now and then rather than on every request.
      if (now.getTime() - lastPurge > 10 * 60 * 1000) {
        lastPurge = now.getTime();
        await repo.purgeBefore(new Date(now.getTime() - DEMO_WINDOW_MS - limits.cacheSeconds * 1000));
      }
      const r = await repo.reserve(client, limits.perIpPerDay, DEMO_WINDOW_MS, now);
      return r.ok ? { ok: true, token: r.reservationId } : r;
    },
    async commit(token, _client, repoKey, scanId) {
      await repo.attach(token, repoKey, scanId);
    },
    async release(token) {
      await repo.release(token);
    },
    async close() {},
  };
}

// Sliding window in one sorted set per client (score = start time). Atomic in Redis: drop what left
// the window, count, and either add this request or report when the oldest one expires.
const RESERVE_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return tonumber(oldest[2]) + window - now
end
redis.call('ZADD', key, now, ARGV[4])
redis.call('PEXPIRE', key, window)
return 0
`;

export function redisDemoGate(redis: Redis, limits: DemoLimits, prefix = 'cbom:demo:'): DemoGate {
  const ipKey = (client: string) => `${prefix}ip:${client}`;
  const repoKeyOf = (repoKey: string) => `${prefix}repo:${repoKey}`;
  return {
    kind: 'redis',
    async cached(repoKey) {
      if (limits.cacheSeconds === 0) return [];
      const id = await redis.get(repoKeyOf(repoKey));
      return id ? [id] : [];
    },
    async reserve(client, now) {
      const token = randomAlphanumeric(24);
      const waitMs = Number(await redis.eval(RESERVE_SCRIPT, 1, ipKey(client), now.getTime(), DEMO_WINDOW_MS, limits.perIpPerDay, token));
      return waitMs > 0 ? { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) } : { ok: true, token };
    },
    async commit(_token, _client, repoKey, scanId) {
      if (limits.cacheSeconds > 0) await redis.set(repoKeyOf(repoKey), scanId, 'EX', limits.cacheSeconds);
    },
    async release(token, client) {
      await redis.zrem(ipKey(client), token);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
