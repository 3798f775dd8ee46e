// Who a demo allowance belongs to: an IPv4 address, or an IPv6 /64 (one subscriber's usual
// allocation). Without the /64 rule, one visitor rotating through the 2^64 addresses routed to them
// would get unlimited free scans.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { clientHash, demoClient } from '../../../src/service/demo/gate.js';
import { startFakeGitHub, type FakeGitHub } from '../../helpers/fake-github.js';
import { API, createScanTestApp, type ScanTestApp } from '../../helpers/scan-app.js';

describe('demo client of an address', () => {
  it('groups IPv6 addresses by /64 whatever their spelling', () => {
    assert.equal(demoClient('2001:db8:1:2::1'), '2001:db8:1:2::/64');
    assert.equal(demoClient('2001:0db8:0001:0002:ffff:ffff:ffff:fffe'), '2001:db8:1:2::/64');
    assert.equal(demoClient('2001:DB8:1:2:0:0:0:7'), '2001:db8:1:2::/64');
    assert.equal(demoClient('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.notEqual(demoClient('2001:db8:1:3::1'), demoClient('2001:db8:1:2::1'));
    assert.equal(clientHash('2001:db8:1:2::1', null), clientHash('2001:db8:1:2:dead:beef::9', null));
  });

  it('treats an IPv4-mapped IPv6 address as its IPv4 client, and IPv4 addresses one by one', () => {
    assert.equal(demoClient('::ffff:198.51.100.7'), '198.51.100.7');
    assert.equal(demoClient('::ffff:c633:6407'), '198.51.100.7');
    assert.equal(clientHash('::ffff:198.51.100.7', 'x'.repeat(16)), clientHash('198.51.100.7', 'x'.repeat(16)));
    assert.notEqual(demoClient('198.51.100.8'), demoClient('198.51.100.7'));
  });
});

describe('demo allowance over IPv6 [sqlite]', () => {
  let gh: FakeGitHub;
  let t: ScanTestApp;
  before(async () => {
    gh = await startFakeGitHub({ repos: [{ owner: 'acme', name: 'one', fixture: 'tiny-hasher' }, { owner: 'acme', name: 'two', fixture: 'tiny-hasher' }] });
    t = await createScanTestApp('sqlite', { github: gh, work: false });
  });
  after(async () => {
    await t?.cleanup();
    await gh?.close();
  });

  it('does not hand a second scan to another address of the same /64, nor to the IPv4-mapped form', async () => {
    // A fresh ref per request, so no answer comes from the repository cache (which does not count).
    let n = 0;
    const post = (repo: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: `${API}/demo/scans`, payload: { repo_url: `https://github.com/acme/${repo}/tree/v${n++}` }, remoteAddress });
    assert.equal((await post('one', '2001:db8:77:1::10')).statusCode, 202);
    assert.equal((await post('two', '2001:db8:77:1:9999::1')).statusCode, 429, 'same /64');
    assert.equal((await post('two', '2001:db8:77:2::10')).statusCode, 202, 'another /64 is another visitor');
    assert.equal((await post('one', '::ffff:192.0.2.44')).statusCode, 202);
    assert.equal((await post('two', '192.0.2.44')).statusCode, 429, 'mapped and plain IPv4 are the same visitor');
  });
});
