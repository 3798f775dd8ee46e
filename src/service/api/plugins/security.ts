// Security headers (helmet defaults: CSP, nosniff, frame-ancestors, HSTS...). The docs page sets
// its own CSP through @fastify/swagger-ui's staticCSP. `upgrade-insecure-requests` is left out: the
// service is often reached over plain http (localhost, behind a TLS-terminating proxy), where it
// would make browsers request the page's own assets over https and fail.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
  });
}
