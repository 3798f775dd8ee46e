// Error shapes (DESIGN.md section 4): 400 for bodies that are not JSON objects, FastAPI-shaped 422
// for query/path/body, JSON 404/405, 500 without internals but with the trace id (stack in the log).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { Type } from 'typebox';
import net from 'node:net';
import { createTenantWithKey, createTestApp, describeEachDialect } from '../../helpers/service.js';
import { buildValidator } from '../../../src/service/api/plugins/validation.js';
import { registerErrors, frameworkErrors } from '../../../src/service/api/plugins/errors.js';
import { genReqId, registerTrace } from '../../../src/service/api/plugins/trace.js';

const KEYS = '/api/v1/cbom/keys';

describeEachDialect('error shapes', (t) => {
  it('400 when the body is not JSON, not an object, empty, or not sent as JSON', async () => {
    const { headers } = await createTenantWithKey(t.store);
    const cases: { payload?: string; type?: string; detail: RegExp }[] = [
      { payload: '{"name": "x", ', type: 'application/json', detail: /not valid JSON/ },
      { payload: '[{"name":"x","env":"test"}]', type: 'application/json', detail: /must be a JSON object/ },
      { payload: '"just a string"', type: 'application/json', detail: /must be a JSON object/ },
      { payload: '42', type: 'application/json', detail: /must be a JSON object/ },
      { payload: 'null', type: 'application/json', detail: /must be a JSON object/ },
      { payload: '', type: 'application/json', detail: /must be a JSON object/ },
      { payload: 'name=x&env=test', type: 'application/x-www-form-urlencoded', detail: /JSON object/ },
      { payload: '{"name":"x","env":"test"}', type: 'text/plain', detail: /JSON object/ },
      { detail: /must be a JSON object/ }, // no body at all
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: KEYS,
        headers: { ...headers, ...(c.type ? { 'content-type': c.type } : {}) },
        ...(c.payload !== undefined ? { payload: c.payload } : {}),
      });
      assert.equal(res.statusCode, 400, `${c.type} ${c.payload}`);
      assert.match(res.headers['content-type'] as string, /^application\/json/);
      assert.equal(typeof res.json().detail, 'string');
      assert.match(res.json().detail, c.detail);
    }
  });

  it('refuses prototype-poisoning bodies with a 400', async () => {
    const { headers } = await createTenantWithKey(t.store);
    const res = await t.app.inject({ method: 'POST', url: KEYS, headers: { ...headers, 'content-type': 'application/json' }, payload: '{"name":"x","env":"test","__proto__":{"admin":true}}' });
    assert.equal(res.statusCode, 400);
    assert.equal(typeof res.json().detail, 'string');
  });

  it('refuses NUL characters in any string with a 422 (PostgreSQL text cannot hold them)', async () => {
    const { headers, tenant } = await createTenantWithKey(t.store);
    const res = await t.app.inject({ method: 'POST', url: KEYS, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'a\u0000b', env: 'test' }) });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json().detail, [{ loc: ['body', 'name'], msg: 'String should not contain NUL (\\u0000) characters', type: 'string_nul' }]);
    assert.equal(await t.store.keys.countActive(tenant.id, 'test'), 1, 'nothing was created');
    const path = await t.app.inject({ method: 'POST', url: `${KEYS}/%00AAAAAAAAAAAAAAA/revoke`, headers });
    assert.equal(path.statusCode, 422);
    assert.deepEqual(path.json().detail[0].loc, ['path', 'key_id']);
  });

  it('413 JSON for an oversized body', async () => {
    const { headers } = await createTenantWithKey(t.store);
    const res = await t.app.inject({ method: 'POST', url: KEYS, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'x'.repeat(100_000), env: 'test' }) });
    assert.equal(res.statusCode, 413);
    assert.equal(typeof res.json().detail, 'string');
  });

  it('unknown routes are JSON 404, wrong methods JSON 405 with Allow', async () => {
    for (const url of ['/api/v1/cbom/nope', '/nope', '/api/v2/cbom/health', '/api/v1/cbom/keys/x/y/z']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(res.json(), { detail: 'Not Found' });
      assert.ok(res.headers['x-trace-id']);
    }
    const r405 = await t.app.inject({ method: 'DELETE', url: KEYS });
    assert.equal(r405.statusCode, 405);
    assert.equal(r405.headers.allow, 'GET, HEAD, POST');
    assert.match(r405.json().detail, /Method Not Allowed/);
    const revoke405 = await t.app.inject({ method: 'GET', url: `${KEYS}/${'A'.repeat(16)}/revoke` });
    assert.equal(revoke405.statusCode, 405);
    assert.equal(revoke405.headers.allow, 'POST');
    const health405 = await t.app.inject({ method: 'PUT', url: '/api/v1/cbom/health', payload: {} });
    assert.equal(health405.statusCode, 405);
  });

  it('a URL that is not valid percent-encoding is a JSON 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${KEYS}/%E0%A4%A/revoke` });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { detail: 'Malformed URL' });
    assert.ok(res.headers['x-trace-id']);
  });

  it('every response carries x-trace-id, unique per request', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add(String((await t.app.inject({ method: 'GET', url: '/api/v1/cbom/health' })).headers['x-trace-id']));
    assert.equal(ids.size, 5);
  });

  it('security headers are set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/cbom/health' });
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.ok(res.headers['content-security-policy']);
    assert.ok(!String(res.headers['content-security-policy']).includes('upgrade-insecure-requests'));
    assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
    assert.equal(res.headers['x-powered-by'], undefined);
  });
});

describeEachDialect('500 without internals', (t) => {
  it('answers {detail, trace_id} and logs the stack under that trace id', async () => {
    const { headers } = await createTenantWithKey(t.store);
    await t.store.close(); // every query now fails inside the database driver
    const res = await t.app.inject({ method: 'GET', url: KEYS, headers });
    assert.equal(res.statusCode, 500);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['detail', 'trace_id']);
    assert.equal(body.detail, 'Internal server error');
    assert.equal(body.trace_id, res.headers['x-trace-id']);
    assert.ok(!/select|api_keys|at .*\.ts|Error:/i.test(res.body), 'no SQL or stack in the response');
    const logged = t.logs.find((l) => l.trace_id === body.trace_id && l.level === 50);
    assert.ok(logged, 'the error is logged under its trace id');
    assert.match(String((logged.err as { stack?: string }).stack), /\n\s+at /);
  });
}, { captureLogs: true });

describe('FastAPI-shaped 422 for query and path parameters', () => {
  // A minimal app with the same validator and error plugins, and routes with typed query/path
  // parameters like the scan routes have.
  async function miniApp() {
    const app = Fastify({ logger: false, genReqId, schemaController: { compilersFactory: { buildValidator } }, frameworkErrors });
    registerTrace(app);
    registerErrors(app);
    app.get(
      '/things/:thing_id',
      {
        schema: {
          params: Type.Object({ thing_id: Type.String({ pattern: '^cbom_[A-Za-z0-9]{16}$' }) }),
          querystring: Type.Object(
            {
              limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
              include_bom: Type.Boolean({ default: false }),
              format: Type.String({ pattern: '^(cyclonedx|spdx)$', default: 'cyclonedx' }),
            },
            { additionalProperties: false },
          ),
        },
      },
      async (request) => request.query,
    );
    await app.ready();
    return app;
  }

  it('coerces valid query text and applies defaults', async () => {
    const app = await miniApp();
    const res = await app.inject({ method: 'GET', url: `/things/cbom_${'a'.repeat(16)}?limit=5&include_bom=true` });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { limit: 5, include_bom: true, format: 'cyclonedx' });
    await app.close();
  });

  it('reports each failing parameter with its loc', async () => {
    const app = await miniApp();
    const res = await app.inject({ method: 'GET', url: '/things/nope?limit=0&include_bom=maybe&format=xml' });
    assert.equal(res.statusCode, 422);
    const detail = res.json().detail;
    assert.deepEqual(
      detail.map((d: { loc: unknown[]; type: string }) => [d.loc, d.type]),
      [[['path', 'thing_id'], 'string_pattern_mismatch']],
      'path is validated first',
    );
    const q = await app.inject({ method: 'GET', url: `/things/cbom_${'a'.repeat(16)}?limit=0&include_bom=maybe&format=xml` });
    const byLoc = Object.fromEntries(q.json().detail.map((d: { loc: string[]; type: string; msg: string }) => [d.loc.join('.'), d]));
    assert.equal(byLoc['query.limit'].type, 'greater_than_equal');
    assert.equal(byLoc['query.limit'].msg, 'Input should be greater than or equal to 1');
    assert.equal(byLoc['query.include_bom'].type, 'bool_type');
    assert.equal(byLoc['query.format'].type, 'string_pattern_mismatch');
    const big = await app.inject({ method: 'GET', url: `/things/cbom_${'a'.repeat(16)}?limit=abc` });
    assert.deepEqual(big.json().detail, [{ loc: ['query', 'limit'], msg: 'Input should be a valid integer', type: 'int_type' }]);
    await app.close();
  });

  it('a thrown error becomes a 500 whose body holds no message from the error', async () => {
    const app = Fastify({ logger: false, genReqId });
    registerTrace(app);
    registerErrors(app);
    app.get('/boom', async () => {
      throw new Error('SELECT secret FROM internals failed at /srv/app.ts:12');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    assert.equal(res.statusCode, 500);
    assert.deepEqual(res.json(), { detail: 'Internal server error', trace_id: res.headers['x-trace-id'] });
    await app.close();
  });
});

describe('422 for nullable fields', () => {
  it('reports a too-long nullable string once, as too long', async () => {
    const t = await createTestApp('sqlite');
    try {
      const { toValidationDetail } = await import('../../../src/service/api/plugins/validation.js');
      const { Ajv } = await import('ajv');
      const ajv = new Ajv({ allErrors: true, strict: false });
      const validate = ajv.compile({
        type: 'object',
        properties: { project_name: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] } },
      });
      validate({ project_name: 'toolong' });
      assert.deepEqual(toValidationDetail(validate.errors as never, 'body'), [
        { loc: ['body', 'project_name'], msg: 'String should have at most 3 characters', type: 'string_too_long' },
      ]);
      validate({ project_name: 5 });
      assert.deepEqual(toValidationDetail(validate.errors as never, 'body'), [
        { loc: ['body', 'project_name'], msg: 'Input should be a valid string or null', type: 'type_error' },
      ]);
    } finally {
      await t.cleanup();
    }
  });
});

describe('requests the HTTP parser rejects', () => {
  async function raw(port: number, request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let out = '';
      socket.on('data', (d) => (out += d.toString('utf8')));
      socket.on('close', () => resolve(out));
      socket.on('error', reject);
      socket.write(request);
    });
  }

  it('get the {detail} shape with a trace id: 400 for garbage, 431 for oversized headers', async () => {
    const t = await createTestApp('sqlite');
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (t.app.server.address() as net.AddressInfo).port;
      const garbage = await raw(port, 'GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
      assert.match(garbage, /^HTTP\/1\.1 400 Bad Request\r\n/);
      assert.match(garbage, /\r\nx-trace-id: [0-9a-f-]{36}\r\n/);
      assert.ok(garbage.endsWith('{"detail":"Malformed HTTP request"}'), garbage);
      const big = await raw(port, `GET /api/v1/cbom/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      assert.match(big, /^HTTP\/1\.1 431 /);
      assert.ok(big.endsWith('{"detail":"Request headers are too large"}'), big);
    } finally {
      await t.cleanup();
    }
  });
});
