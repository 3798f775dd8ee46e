// GET /openapi.json: the OpenAPI 3.1.0 document of this API, public.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const openapiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/openapi.json',
    {
      config: { public: true },
      schema: {
        summary: 'OpenAPI document',
        description: 'Public. The OpenAPI 3.1.0 description of this API, generated from the route schemas.',
        tags: ['service'],
        response: { 200: { description: 'The OpenAPI 3.1.0 document', type: 'object', additionalProperties: true } },
      },
    },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );
};
