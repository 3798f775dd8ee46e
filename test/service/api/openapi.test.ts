// GET /openapi.json: a valid OpenAPI 3.1.0 document of this API only, with the specification's
// schema names, servers from the config, and every error response documented. /docs renders it.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describeEachDialect } from '../../helpers/service.js';

type Operation = { security?: unknown[]; responses: Record<string, { description?: string; content?: Record<string, { schema: unknown }> }> };

describeEachDialect(
  'OpenAPI document',
  (t) => {
    it('is public, OpenAPI 3.1.0, and passes a real OpenAPI 3.1 validator', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/cbom/openapi.json' });
      assert.equal(res.statusCode, 200);
      const doc = res.json();
      assert.equal(doc.openapi, '3.1.0');
      assert.equal(doc.info.version, '0.1.0');
      const validator = new Validator();
      const result = await validator.validate(doc);
      assert.equal(validator.version, '3.1');
      assert.deepEqual(result, { valid: true });
    });

    it("carries the specification's schema names and servers from the config", async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/cbom/openapi.json' })).json();
      for (const name of ['CbomScanCreateReq', 'CbomScanCreateResp', 'HTTPValidationError', 'ValidationError']) {
        assert.ok(doc.components.schemas[name], name);
      }
      assert.deepEqual(doc.components.schemas.ValidationError.required.sort(), ['loc', 'msg', 'type']);
      assert.deepEqual(doc.components.schemas.CbomScanCreateResp.required.sort(), ['id', 'methodology_version', 'status', 'tenant_id', 'tenant_kind']);
      assert.deepEqual(doc.servers, [
        { url: 'https://cbom.example.com', description: 'Production' },
        { url: 'https://sandbox.cbom.example.com', description: 'Sandbox' },
      ]);
      assert.equal(doc.components.securitySchemes.bearerAuth.scheme, 'bearer');
    });

    it('documents this API only, and every error response of every operation', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/cbom/openapi.json' })).json();
      const paths = Object.keys(doc.paths);
      assert.ok(paths.every((p) => p.startsWith('/api/v1/cbom/')), paths.join(' '));
      assert.ok(!paths.some((p) => p.includes('/docs')), 'the docs UI is not part of the API');
      for (const p of ['/api/v1/cbom/health', '/api/v1/cbom/keys', '/api/v1/cbom/keys/{key_id}/revoke', '/api/v1/cbom/openapi.json']) assert.ok(doc.paths[p], p);
      let operations = 0;
      for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
        for (const [method, op] of Object.entries(item)) {
          operations++;
          const where = `${method.toUpperCase()} ${path}`;
          const codes = Object.keys(op.responses);
          assert.ok(codes.includes('500'), `${where} documents 500`);
          for (const code of codes) assert.ok(op.responses[code]!.description, `${where} ${code} has a description`);
          const isPublic = ['/api/v1/cbom/health', '/api/v1/cbom/openapi.json'].includes(path) || path.includes('/demo/') || path.includes('/by-subdomain/');
          if (!isPublic) {
            assert.deepEqual(op.security, [{ bearerAuth: [] }], `${where} declares bearer auth`);
            assert.ok(codes.includes('401'), `${where} documents 401`);
          }
          if (path.includes('{')) {
            assert.ok(codes.includes('422'), `${where} documents 422 for its path parameter`);
            assert.ok(codes.includes('404'), `${where} documents 404`);
          }
          if (codes.includes('422')) {
            assert.equal(op.responses['422']!.content!['application/json']!.schema && (op.responses['422']!.content!['application/json']!.schema as { $ref: string }).$ref, '#/components/schemas/HTTPValidationError', where);
          }
          for (const code of codes.filter((c) => c >= '400' && c !== '422')) {
            const schema = op.responses[code]!.content?.['application/json']?.schema as { $ref?: string } | undefined;
            if (path === '/api/v1/cbom/health' && code === '503') continue;
            assert.equal(schema?.$ref, '#/components/schemas/ErrorResponse', `${where} ${code} is an ErrorResponse`);
          }
        }
      }
      assert.ok(operations >= 4);
      const keysPost = doc.paths['/api/v1/cbom/keys'].post as Operation;
      for (const code of ['201', '400', '401', '403', '409', '422', '429', '500']) assert.ok(keysPost.responses[code], `POST /keys documents ${code}`);
    });

    it('serves the interactive reference at /api/v1/cbom/docs', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/api/v1/cbom/docs' });
      assert.equal(page.statusCode, 200);
      assert.match(String(page.headers['content-type']), /text\/html/);
      assert.match(page.body, /swagger-ui/i);
      const bundle = await t.app.inject({ method: 'GET', url: '/api/v1/cbom/docs/static/swagger-ui-bundle.js' });
      assert.equal(bundle.statusCode, 200);
      const spec = await t.app.inject({ method: 'GET', url: '/api/v1/cbom/docs/json' });
      assert.equal(spec.json().openapi, '3.1.0');
    });
  },
  { env: { CBOM_PUBLIC_BASE_URL: 'https://cbom.example.com/', CBOM_SANDBOX_BASE_URL: 'https://sandbox.cbom.example.com' } },
);
