// Key format, parsing and the secret check, without a database.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { generateKey, hashSecret, keyPrefix, parseKey, secretMatches } from '../../../src/service/auth/api-key.js';
import { normalizeScopes, parseScopeList, deserializeScopes, serializeScopes } from '../../../src/service/auth/scopes.js';

describe('API keys', () => {
  it('generates svc_{env}_{16}_{32} over [A-Za-z0-9], different every time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const k = generateKey(i % 2 ? 'live' : 'test');
      assert.match(k.plaintext, /^svc_(live|test)_[A-Za-z0-9]{16}_[A-Za-z0-9]{32}$/);
      assert.equal(k.plaintext, `svc_${k.env}_${k.lookup}_${k.secret}`);
      assert.deepEqual(parseKey(k.plaintext), { env: k.env, lookup: k.lookup, secret: k.secret });
      seen.add(k.lookup);
    }
    assert.equal(seen.size, 200);
    const all = [...seen].join('');
    for (const cls of [/[A-Z]/, /[a-z]/, /[0-9]/]) assert.match(all, cls, 'the whole alphabet is used');
  });

  it('refuses anything not exactly in the format', () => {
    const good = generateKey('test').plaintext;
    for (const bad of ['', 'svc_test_', good + 'a', good.slice(1), good.replace('svc_', 'SVC_'), good.replace('_test_', '_prod_'), ` ${good}`, good.replace(/.$/, '-'), good.replace(/_([^_]+)$/, '_$1'.replace('$1', 'é'.repeat(32)))]) {
      assert.equal(parseKey(bad), null, bad);
    }
    assert.equal(keyPrefix('live', 'A'.repeat(16)), `svc_live_${'A'.repeat(16)}`);
  });

  it('stores SHA-256 of the secret, or HMAC-SHA-256 with a pepper, and checks it', () => {
    const { secret } = generateKey('test');
    const plain = hashSecret(secret, null);
    assert.equal(plain, createHash('sha256').update(secret).digest('hex'));
    const peppered = hashSecret(secret, 'pepper-0123456789');
    assert.equal(peppered, createHmac('sha256', 'pepper-0123456789').update(secret).digest('hex'));
    assert.equal(secretMatches(secret, plain, null), true);
    assert.equal(secretMatches(secret, peppered, 'pepper-0123456789'), true);
    assert.equal(secretMatches(secret, peppered, null), false);
    assert.equal(secretMatches(secret.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')), plain, null), false);
    assert.equal(secretMatches(secret, null, null), false, 'unknown key');
    assert.equal(secretMatches(secret, 'not-hex', null), false, 'corrupt stored hash never matches');
    assert.equal(secretMatches('', '0'.repeat(64), null), false);
  });
});

describe('scopes', () => {
  it('normalizes to one order, parses lists, and drops unknown stored words', () => {
    assert.deepEqual(normalizeScopes(['branding:write', 'scans:read', 'scans:read']), ['scans:read', 'branding:write']);
    assert.deepEqual(parseScopeList('keys:manage, scans:read'), ['scans:read', 'keys:manage']);
    assert.throws(() => parseScopeList('scans:read,admin'), /unknown scope "admin"/);
    assert.equal(serializeScopes(['keys:manage', 'scans:write']), 'scans:write keys:manage');
    assert.deepEqual(deserializeScopes('scans:write future:scope keys:manage'), ['scans:write', 'keys:manage']);
  });
});
