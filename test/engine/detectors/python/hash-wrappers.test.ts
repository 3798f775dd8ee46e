// A hash constructor reached through `staticmethod(…)` or a same-file function that returns one
// (itsdangerous' `default_digest_method = staticmethod(_lazy_sha1)`, whose HMAC was of unknown hash):
// the HMAC's hash on the default's path. A wrapper that returns anything else names no hash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms } from './helpers.js';

const signer = (attribute: string, helper = 'return hashlib.sha1(string)') => `import hashlib
import hmac

def _lazy_digest(string=b""):
    ${helper}

class TokenSigner:
    default_digest_method = ${attribute}

    def __init__(self, secret, digest_method=None):
        if digest_method is None:
            digest_method = self.default_digest_method
        self.digest_method = digest_method
        self.secret = secret

    def signature(self, value):
        return hmac.new(self.secret, msg=value, digestmod=self.digest_method).digest()
`;

const summary = (source: string) => algorithms(source).map((a) => [a.line, a.name, a.functions]);

test('a static method wrapping a function that returns a hashlib object is the HMAC hash on the default path', () => {
  assert.deepEqual(summary(signer('staticmethod(_lazy_digest)')), [
    [5, 'SHA-1', ['digest']],
    [17, 'HMAC-SHA-1', ['tag']],
    [17, 'HMAC', ['tag']],
  ]);
  assert.deepEqual(summary(signer('staticmethod(hashlib.sha512)')), [
    [5, 'SHA-1', ['digest']],
    [17, 'HMAC-SHA-512', ['tag']],
    [17, 'HMAC', ['tag']],
  ]);
});

test('a wrapper returning something other than one hash constructor names no hash', () => {
  // Each path (the caller's digest, the default) is an HMAC of unknown hash: one asset.
  const hmacs = (source: string) => [...new Set(algorithms(source).filter((a) => a.line === 17).map((a) => a.name))];
  assert.deepEqual(hmacs(signer('staticmethod(_lazy_digest)', 'return make_digest(string)')), ['HMAC']);
  assert.deepEqual(hmacs(signer('staticmethod(_lazy_digest)', 'return hashlib.sha1(string) if string else hashlib.md5()')), ['HMAC']);
});

test('a hash constructor compared with the one kept is a check, not a use; kept as a value it is', () => {
  assert.deepEqual(summary(`import hashlib
from cryptography.hazmat.primitives import hashes

class Sha256Signer:
    default_digest_method = hashlib.sha256

def test_default(signer):
    assert signer.digest_method == hashlib.sha256
    assert signer.digest_method is not hashlib.md5
    assert signer.algorithm != hashes.SHA1
`), [[5, 'SHA-256', ['digest']]]);
});
