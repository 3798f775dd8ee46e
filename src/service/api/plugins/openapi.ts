// The OpenAPI 3.1 document and the interactive reference. @fastify/swagger builds the document from
// the route schemas; named schemas (schemas/index.ts) appear under components/schemas by their $id.
// `registerRouteDocs` adds to every API route the error responses it can give and its security, so
// the document lists every error without each route repeating them.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { API_PREFIX, API_TITLE, API_VERSION, BOM_FORMATS } from '../constants.js';
import { METHODOLOGY_VERSION } from '../../../engine/methodology.js';

export const DOCS_PATH = `${API_PREFIX}/docs`;

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const servers = [{ url: config.publicBaseUrl, description: 'Production' }];
  if (config.sandboxBaseUrl) servers.push({ url: config.sandboxBaseUrl, description: 'Sandbox' });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: API_TITLE,
        version: API_VERSION,
        description:
          `Scan public GitHub repositories for cryptography and get a Cryptographic Bill of Materials as ` +
          `${BOM_FORMATS.map((f) => `${f.name} ${f.spec_version}`).join(' or ')}. Methodology ${METHODOLOGY_VERSION}. ` +
          'Errors are `{"detail": ...}`; every response carries `x-trace-id`.',
      },
      servers,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'API key `svc_{live|test}_{16}_{32}` sent as `Authorization: Bearer <key>`.',
          },
        },
      },
    },
    // Named schemas keep their names (the default would call them def-0, def-1...).
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: true,
    // See security.ts: no upgrade-insecure-requests on plain-http deployments. Swagger UI sets
    // inline styles (collapsing sections, highlighting): allowed for styles, never for scripts.
    transformStaticCSP: (header: string) =>
      header.replace(/\s*upgrade-insecure-requests;?/, '').replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
    // No badge that calls validator.swagger.io: the page makes no third-party requests.
    uiConfig: { deepLinking: true, displayRequestDuration: true, validatorUrl: null },
  });
}

const errorRef = (description: string) => ({ $ref: 'ErrorResponse#', description });

/** Documents security and error responses on each API route (call inside the API prefix). */
export function registerRouteDocs(api: FastifyInstance): void {
  api.addHook('onRoute', (route: RouteOptions) => {
    if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.every((m) => m === 'HEAD'))) return;
    const schema = (route.schema ??= {}) as Record<string, unknown> & { response?: Record<string, unknown> };
    if (schema.hide) return;
    const response = (schema.response ??= {});
    const add = (code: number, value: unknown) => {
      if (!(code in response)) response[code] = value;
    };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((m) => ['POST', 'PUT', 'PATCH'].includes(m))) add(400, errorRef('The body is not a JSON object'));
    if (!route.config?.public) {
      schema.security ??= [{ bearerAuth: [] }];
      add(401, errorRef('Missing, malformed, unknown or revoked API key (with `WWW-Authenticate: Bearer`)'));
    }
    if (route.config?.scope) add(403, errorRef(`The API key lacks the scope \`${route.config.scope}\``));
    if (route.url.includes(':')) add(404, errorRef('No such resource for this tenant'));
    if (schema.body || schema.querystring || schema.params) add(422, { $ref: 'HTTPValidationError#', description: 'Validation error' });
    if (!route.config?.public) {
      // The failed-authentication limit (auth-failures.ts) applies to every route that takes a key.
      add(429, errorRef('Rate limit exceeded, or too many failed authentications from this client; retry after `Retry-After` seconds'));
    } else if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false) {
      add(429, errorRef('Rate limit exceeded; retry after `Retry-After` seconds'));
    }
    add(500, errorRef('Internal error; quote the `trace_id` (also in the `x-trace-id` header)'));
  });
}
