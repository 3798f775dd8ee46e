// Public routes are limited per client, and an IPv6 client is its /64 (as for the demo): rotating
// through the addresses of one allocation must not multiply the budget.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../../helpers/service.js';

describe('public rate limit over IPv6 [sqlite]', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite', { env: { CBOM_RATE_LIMIT_PER_MIN: '2' } });
  });
  after(async () => t?.cleanup());

  it('shares one budget across the addresses of a /64', async () => {
    const get = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/v1/cbom/openapi.json', remoteAddress });
    const statuses = [];
    for (const ip of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:abcd::3']) statuses.push((await get(ip)).statusCode);
    assert.deepEqual(statuses, [200, 200, 429]);
    assert.equal((await get('2001:db8:5:7::1')).statusCode, 200, 'another /64 has its own budget');
  });
});

describe('CBOM_TRUST_PROXY=true behind one proxy [sqlite]', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite', { env: { CBOM_RATE_LIMIT_PER_MIN: '2', CBOM_TRUST_PROXY: 'true' } });
  });
  after(async () => t?.cleanup());

  it('counts the address the proxy saw, not the entries the client wrote before it', async () => {
    // The proxy at 10.0.0.1 appends the real peer (203.0.113.50) to whatever the client sent.
    const get = (spoofed: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/cbom/openapi.json', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': `${spoofed}, 203.0.113.50` } });
    const statuses = [];
    for (const spoofed of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) statuses.push((await get(spoofed)).statusCode);
    assert.deepEqual(statuses, [200, 200, 429]);
  });
});

describe('CBOM_TRUST_PROXY=2 behind two proxies [sqlite]', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite', { env: { CBOM_RATE_LIMIT_PER_MIN: '1', CBOM_TRUST_PROXY: '2' } });
  });
  after(async () => t?.cleanup());

  it('counts the address the outer proxy saw: clients behind the same proxies are told apart', async () => {
    // Outer proxy saw the client, inner proxy (10.0.0.2) saw the outer one, the socket is the inner.
    const get = (spoofed: string, client: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/cbom/openapi.json', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': `${spoofed}, ${client}, 10.0.0.2` } });
    assert.equal((await get('198.51.100.1', '203.0.113.60')).statusCode, 200);
    assert.equal((await get('198.51.100.2', '203.0.113.60')).statusCode, 429, 'a new spoofed entry is not a new client');
    assert.equal((await get('198.51.100.2', '203.0.113.61')).statusCode, 200, 'another client has its own budget');
  });
});
