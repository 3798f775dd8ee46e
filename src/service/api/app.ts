// Builds the Fastify app: plugins first (trace, errors, security headers, rate limit, OpenAPI), then
// the API routes under /api/v1/cbom, each resource an encapsulated plugin from ./routes/. To add a
// resource: write routes/<resource>.ts exporting a FastifyPluginAsyncTypebox and add it to
// API_ROUTES below. Routes outside the API prefix (landing pages) register after the API block.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { DestinationStream } from 'pino';
import type { Config } from '../config.js';
import type { Store } from '../store/index.js';
import { API_PREFIX } from './constants.js';
import { registerAuth } from './plugins/auth.js';
import { clientErrorHandler, frameworkErrors, registerErrors } from './plugins/errors.js';
import { registerOpenApi, registerRouteDocs } from './plugins/openapi.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { genReqId, LOG_REDACT_PATHS, registerTrace } from './plugins/trace.js';
import { buildValidator } from './plugins/validation.js';
import { SHARED_SCHEMAS } from './schemas/index.js';
import { healthRoutes } from './routes/health.js';
import { keysRoutes } from './routes/keys.js';
import { openapiRoutes } from './routes/openapi.js';
import { scansRoutes } from './routes/scans.js';
import { usageRoutes } from './routes/usage.js';
import { brandingRoutes } from './routes/branding.js';
import { demoRoutes } from './routes/demo.js';
import { webRoutes } from '../web/routes.js';
import { createScanService, type ScanService } from '../scans/service.js';
import { createInProcessQueue } from '../queue/in-process.js';
import { scanSettingsFrom } from '../scans/settings.js';
import type { App } from './types.js';
import './types.js';
import { trustProxyOption } from './trust-proxy.js';

export interface AppDeps {
  config: Config;
  store: Store;
  /** Where logs go (tests capture them); default stdout. */
  logStream?: DestinationStream;
  /**
   * Creates scans and hands them to the queue (server.ts passes the configured one). Without it,
   * scans are stored as queued and wait for a worker: enough for tests that only use the API.
   */
  scanService?: ScanService;
}

/** The API's resources, each mounted under API_PREFIX. */
const API_ROUTES = [healthRoutes, openapiRoutes, keysRoutes, scansRoutes, usageRoutes, brandingRoutes, demoRoutes];

/** Largest request body accepted (JSON requests here are small). */
const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, store } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId,
    // plugins/trace.ts logs one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'trace_id' }),
    // Whose X-Forwarded-For names the client: see trust-proxy.ts (`true` is one hop, not every hop).
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // While closing, Fastify's own 503 body is not our error shape; requests still arriving on open
    // connections are served instead (the store closes only after the server has).
    return503OnClosing: false,
    schemaController: { compilersFactory: { buildValidator } },
    frameworkErrors,
    clientErrorHandler,
    ajv: { customOptions: { allErrors: true, coerceTypes: false, removeAdditional: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('store', store);
  app.decorate(
    'scanService',
    deps.scanService ?? createScanService(store, createInProcessQueue(store, { concurrency: 0, settings: scanSettingsFrom(config) })),
  );
  app.decorateRequest('principal', null);

  const root = app as unknown as FastifyInstance;
  registerTrace(root);
  registerErrors(root);
  registerSecurityHeaders(root);
  await registerRateLimit(root);
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
  await registerOpenApi(root);

  await app.register(
    async (api) => {
      registerAuth(api);
      registerRouteDocs(api);
      for (const routes of API_ROUTES) await api.register(routes);
    },
    { prefix: API_PREFIX },
  );

  // Landing pages outside the API: the service's own page and tenants' white-label pages.
  await app.register(webRoutes, {
    lookupBrand: (subdomain) => store.branding.bySubdomain(subdomain),
    demoLimits: { perIpPerDay: config.demoPerIpPerDay, cacheSeconds: config.demoCacheSeconds },
  });

  await app.ready();
  return app;
}
