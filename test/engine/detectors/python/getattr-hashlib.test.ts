// `getattr(hashlib, name)` (Django's salted_hmac) is the hashlib constructor of that name
// (python/adapter.ts), so an HMAC given it as digestmod has its hash, per caller.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms } from './helpers.js';

test('getattr(hashlib, algorithm) names the HMAC hash each caller chooses; another module\'s attribute names nothing', () => {
  const source = [
    'import hashlib',
    'import hmac',
    '',
    'def _salted_hmac(key_salt, value, secret, *, algorithm="sha1"):',
    '    hasher = getattr(hashlib, algorithm, None)',
    '    if hasher is None:',
    '        raise ValueError(algorithm)',
    '    return hmac.new(secret + key_salt, msg=value, digestmod=hasher)', // 8
    '',
    'def session_hash(secret):',
    '    return _salted_hmac(b"auth.session", b"v", secret, algorithm="sha256")',
    '',
    'def legacy_hash(secret):',
    '    return _salted_hmac(b"auth.legacy", b"v", secret)',
    '',
    'def other(mod, secret, value):',
    '    return hmac.new(secret, msg=value, digestmod=getattr(mod, "sha512"))', // 17
  ].join('\n');
  const rows = [...new Set(algorithms(source).map((a) => `${a.line} ${a.name}`))].filter((r) => /^(8|17) /.test(r)).sort();
  // A module-level function other modules may call keeps their unknown case (8 HMAC).
  assert.deepEqual(rows, ['17 HMAC', '8 HMAC', '8 HMAC-SHA-1', '8 HMAC-SHA-256']);
});
