// The public demo's two rules (DESIGN.md section 4, Public demo):
//   - each client IP may start CBOM_DEMO_PER_IP_PER_DAY new scans in any 24 hours (sliding window);
//   - a repository someone scanned less than CBOM_DEMO_CACHE_SECONDS ago is answered with that scan,
//     which does not count against anybody's allowance.
// Two implementations behind one interface: the database (single node or shared database) and
// Redis (REDIS_URL set: every API node shares the counters and the cache). Client addresses are
// only ever stored as a keyed hash.
import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
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

/**
 * The client a demo allowance belongs to. An IPv4 address is one client; an IPv6 client is its /64,
 * because one subscriber is routinely given a whole /64 (2^64 addresses: counting single addresses
 * would hand out unlimited scans). An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack
 * socket reports IPv4 peers) is the IPv4 client it stands for.
 */
export function demoClient(ip: string): string {
  const addr = ip.replace(/%.*$/, '');
  if (isIPv4(addr)) return addr;
  if (!isIPv6(addr)) return addr;
  const groups = expandIPv6(addr);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function expandIPv6(addr: string): number[] {
  let text = addr;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left = '', right] = text.split('::');
  const head = left ? left.split(':') : [];
  const tail = right ? right.split(':') : [];
  const zeros = right === undefined ? [] : Array<string>(8 - head.length - tail.length).fill('0');
  return [...head, ...zeros, ...tail].map((g) => parseInt(g, 16));
}

/** Keyed hash of a demo client (see demoClient): the same client maps to the same counter, and the raw address is not stored. */
export function clientHash(ip: string, secret: string | null): string {
  // Domain-separated from the API-key hashes that use the same pepper.
  return createHmac('sha256', secret ?? 'cbom-demo').update(`demo-client:${demoClient(ip)}`).digest('hex');
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
