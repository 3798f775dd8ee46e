// Per-client limit on failed authentications. The per-tenant limiter (rate-limit.ts) runs after
// authentication, so a client sending bad keys was never throttled and every attempt cost a key
// lookup. Here each 401 for a request that carried credentials counts against the client (its IP,
// an IPv6 client its /64, exactly as the public-route limiter sees it: trust-proxy.ts decides
// request.ip); once CBOM_AUTH_FAILURES_PER_MIN failures fall in one minute, every further request
// with credentials from that client is answered 429 before authentication, so before any database
// lookup. Successful requests never count. The counters share the rate limiter's store (memory, or
// Redis when REDIS_URL is set, and pass-through when Redis is down) through its createRateLimit.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { demoClient } from '../../demo/gate.js';
import { ApiError } from '../errors.js';

export interface AuthFailureGate {
  /** A 429 for a client over its failure budget, or null when it may try to authenticate. */
  refusal(request: FastifyRequest): Promise<ApiError | null>;
  /** Counts one failed authentication of the request's client. */
  recordFailure(request: FastifyRequest): Promise<void>;
}

const WINDOW_MS = 60_000;

export function createAuthFailureGate(app: FastifyInstance): AuthFailureGate {
  const max = app.config.authFailuresPerMin;
  // A separate store (createRateLimit gives each limiter its own), keyed apart from the tenants' and
  // public routes' counters in a shared Redis.
  const limiter = app.createRateLimit({
    max,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `authfail:${demoClient(request.ip)}`,
  });
  return {
    async refusal(request) {
      // Peek without counting: only failures count, and only a failure's 401 adds one.
      const state = await limiter(request, { increment: false });
      // On a store error the plugin reports nothing counted (skipOnError): the request passes.
      if (state.isAllowed || state.remaining > 0) return null;
      const seconds = Math.max(1, state.ttlInSeconds);
      return new ApiError(429, `Too many failed authentications: ${max} per minute from this client; retry in ${seconds} s`, {
        'retry-after': String(seconds),
        'ratelimit-limit': String(max),
        'ratelimit-remaining': '0',
        'ratelimit-reset': String(seconds),
      });
    },
    async recordFailure(request) {
      await limiter(request);
    },
  };
}
