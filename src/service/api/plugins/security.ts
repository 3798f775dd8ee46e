// Security headers from helmet (CSP, nosniff, frame-ancestors, HSTS, COOP/CORP, referrer policy...).
// With fixed options helmet always sets the same headers, so they are computed once, by helmet, at
// start and then copied onto every reply: running helmet's middleware per request (as
// @fastify/helmet does, rebuilding it each time) cost more CPU than the authenticated lookup itself.
// `upgrade-insecure-requests` is left out: the service is often reached over plain http
// (localhost, behind a TLS-terminating proxy), where it would make browsers request the page's own
// assets over https and fail. The docs page sets its own CSP through @fastify/swagger-ui.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
};

/** The headers helmet sets for these options (names lower-case). */
export function helmetHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options as HelmetOptions)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
