// Per-tenant rate limit (CBOM_RATE_LIMIT_PER_MIN per minute): authenticated requests count against
// their tenant, public ones against the client IP. Counters live in Redis when REDIS_URL is set, so
// every node shares them. It runs after authentication (preParsing) so the tenant is known, and
// before the body is parsed, so a flood costs little. /health opts out (`config: {rateLimit: false}`).
// Failed authentications have their own per-client budget on the same store (auth-failures.ts).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { demoClient } from '../../demo/gate.js';
import { ApiError } from '../errors.js';

export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const { config } = app;
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false });
    redis.on('error', (err) => app.log.warn({ err: { message: err.message } }, 'rate-limit redis error'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: true,
    hook: 'preParsing',
    max: config.rateLimitPerMin,
    timeWindow: 60_000,
    enableDraftSpec: true, // RateLimit-Limit / -Remaining / -Reset, and Retry-After on 429
    ...(redis ? { redis, nameSpace: 'cbom:rl:' } : {}),
    // A Redis outage must not take the API down: requests pass unthrottled and the error is logged.
    skipOnError: true,
    // An IPv6 client is its /64 (see demoClient): one allocation must not multiply the budget.
    keyGenerator: (request) => (request.principal ? `t:${request.principal.tenantId}` : `ip:${demoClient(request.ip)}`),
    errorResponseBuilder: (request, ctx) =>
      new ApiError(
        429,
        `Rate limit exceeded: ${ctx.max} requests per minute${request.principal ? ' for this tenant' : ''}; retry in ${Math.ceil(ctx.ttl / 1000)} s`,
      ),
  });
}
