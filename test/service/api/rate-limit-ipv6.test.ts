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
