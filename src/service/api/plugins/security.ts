// Security headers (helmet defaults: CSP, nosniff, frame-ancestors, HSTS...). The docs page sets
// its own CSP through @fastify/swagger-ui's staticCSP.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, { global: true });
}
