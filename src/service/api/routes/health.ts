// GET /health: public liveness and what this deployment serves.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { METHODOLOGY_VERSION } from '../../../engine/methodology.js';
import { API_VERSION, BOM_FORMATS } from '../constants.js';
import { ref } from '../schemas/index.js';
import { HealthResp } from '../schemas/health.js';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true, rateLimit: false },
      schema: {
        summary: 'Service health',
        description: 'Public. Status, API and methodology versions, BOM formats, and the storage and queue in use. 503 when the database does not answer.',
        tags: ['service'],
        response: { 200: ref(HealthResp, 'The service is up'), 503: ref(HealthResp, 'The database does not answer') },
      },
    },
    async (request, reply) => {
      let ok = true;
      try {
        await app.store.ping();
      } catch (err) {
        request.log.error({ err }, 'health: database check failed');
        ok = false;
      }
      return reply.code(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'unavailable',
        api_version: API_VERSION,
        methodology_version: METHODOLOGY_VERSION,
        bom_formats: BOM_FORMATS.map((f) => ({ ...f })),
        storage: app.store.dialect,
        queue: app.config.redisUrl ? 'bullmq' : 'in-process',
      });
    },
  );
};
