// Bearer-key authentication, declared per route. Inside the API prefix every route needs an active
// key unless its options say `config: { public: true }`; `config: { scope: 'keys:manage' }` also
// demands that scope. The key row is as the database holds it at the request (on SQLite it may come
// from memory, but only while no connection of any process has written: store/keys.ts), so a key
// revoked by any process sharing the database fails on its very next request.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { authenticate, type AuthFailure, type Principal } from '../../auth/authenticate.js';
import type { Scope } from '../../auth/scopes.js';
import { ApiError } from '../errors.js';
import { createAuthFailureGate, type AuthFailureGate } from './auth-failures.js';

const FAILURE_DETAIL: Record<AuthFailure, string> = {
  missing: 'Not authenticated: send the header Authorization: Bearer <API key>',
  malformed: 'Malformed API key: expected Authorization: Bearer svc_{live|test}_{16 characters}_{32 characters}',
  invalid: 'Invalid API key',
  revoked: 'API key has been revoked',
};

/** RFC 6750: a bare challenge when no credentials came, `invalid_token` when they were wrong. */
function challenge(reason: AuthFailure): string {
  return reason === 'missing' ? 'Bearer realm="cbom"' : 'Bearer realm="cbom", error="invalid_token"';
}

/** last_used_at is written at most once per key per this interval, so reads do not become writes. */
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/**
 * A hook that authenticates the request and, with `scope`, requires it. A client over its budget of
 * failed authentications (auth-failures.ts) gets 429 for any request with credentials, before the
 * key is looked up; each 401 to a request that carried credentials counts against that budget.
 */
export function requireKey(app: FastifyInstance, scope: Scope | null, failures: AuthFailureGate): onRequestAsyncHookHandler {
  const { store } = app;
  const pepper = app.config.keyPepper;
  return async function authHook(request) {
    const header = request.headers.authorization;
    // No credentials means no lookup to protect: that request gets its plain 401 challenge.
    const sentCredentials = header !== undefined && header.trim() !== '';
    if (sentCredentials) {
      const refusal = await failures.refusal(request);
      if (refusal) throw refusal;
    }
    const result = await authenticate(store, header, pepper);
    if (!result.ok) {
      if (sentCredentials) await failures.recordFailure(request);
      throw new ApiError(401, FAILURE_DETAIL[result.reason], { 'www-authenticate': challenge(result.reason) });
    }
    const { principal } = result;
    if (scope !== null && !principal.scopes.includes(scope)) {
      throw new ApiError(403, `This API key lacks the scope '${scope}' that this operation requires`);
    }
    request.principal = principal;
    const last = result.lastUsedAt === null ? 0 : Date.parse(result.lastUsedAt);
    if (Date.now() - last >= LAST_USED_WRITE_INTERVAL_MS) {
      // Not awaited: recording use must not slow or fail the request.
      store.keys.touchLastUsed(principal.keyLookup).catch((err: unknown) => request.log.warn({ err }, 'could not record key use'));
    }
  };
}

/** Adds the auth hook to every route registered in `api` (and its children) that is not public. */
export function registerAuth(api: FastifyInstance): void {
  const failures = createAuthFailureGate(api);
  api.addHook('onRoute', (route) => {
    if (route.config?.public) return;
    const hook = requireKey(api, route.config?.scope ?? null, failures);
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [hook, ...existing];
  });
}

/** The principal of an authenticated route's request (throws on a public route: a programming error). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`route ${request.routeOptions.url ?? '?'} used principalOf without auth`);
  return request.principal;
}
