// startServer: migrate, seed the demo tenant on an empty database and print its key once (never in
// production), listen for real HTTP, and shut down cleanly.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describeEachStore } from '../helpers/service.js';
import { loadConfig } from '../../src/service/config.js';
import { startServer } from '../../src/service/server.js';

function sink() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      text += chunk.toString('utf8');
      cb();
    },
  });
  return { stream, text: () => text };
}

describeEachStore('startServer', (t) => {
  it('seeds "demo" once, prints its working sandbox key once, and serves over HTTP', async () => {
    // The helper's store is already migrated; start from an empty tenants table like a fresh install.
    await t.store.db.deleteFrom('api_keys').execute();
    await t.store.db.deleteFrom('tenants').execute();
    const config = loadConfig({ ...t.env, PORT: '0', HOST: '127.0.0.1' });
    const out = sink();
    const server = await startServer(config, out.stream);
    let key: string;
    try {
      const m = /(svc_test_[A-Za-z0-9]{16}_[A-Za-z0-9]{32})/.exec(out.text());
      assert.ok(m, `printed the sandbox key: ${out.text()}`);
      key = m[1]!;
      assert.match(out.text(), /partner tenant "demo"/);
      const tenants = await t.store.tenants.list();
      assert.deepEqual(tenants.map((x) => [x.name, x.tenantKind]), [['demo', 'partner']]);
      const health = await fetch(`${server.url}/api/v1/cbom/health`);
      assert.equal(health.status, 200);
      assert.ok(health.headers.get('x-trace-id'));
      const keys = await fetch(`${server.url}/api/v1/cbom/keys`, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(keys.status, 200);
      assert.equal(((await keys.json()) as { count: number }).count, 1);
    } finally {
      await server.close();
    }
    // A restart on the same database neither seeds nor prints again.
    const again = sink();
    const second = await startServer(config, again.stream);
    try {
      assert.equal(again.text(), '');
      assert.equal(await t.store.tenants.count(), 1);
      const keys = await fetch(`${second.url}/api/v1/cbom/keys`, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(keys.status, 200, 'the printed key keeps working');
    } finally {
      await second.close();
    }
  });

  it('never prints the key with NODE_ENV=production', async () => {
    await t.store.db.deleteFrom('api_keys').execute();
    await t.store.db.deleteFrom('tenants').execute();
    const out = sink();
    const server = await startServer(loadConfig({ ...t.env, PORT: '0', NODE_ENV: 'production' }), out.stream);
    try {
      assert.ok(!/svc_/.test(out.text()));
      assert.equal(out.text(), '');
    } finally {
      await server.close();
    }
  });
});
