// A hashlib constructor kept under a name and given to PBKDF2 by its `.name`, or to HMAC as its
// digestmod (django's `pbkdf2()` and password hashers): the hash is the KDF's or MAC's PRF, read
// through `digest().name`, and not a digest of its own. Other reads keep it a hash in use.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms } from './helpers.js';

test('digest().name of a hashlib constructor is its name: PBKDF2 takes it as its hash', () => {
  const found = algorithms(`
import hashlib


def derive(password, salt, iterations, dklen=0, digest=None):
    if digest is None:
        digest = hashlib.sha256
    return hashlib.pbkdf2_hmac(digest().name, password, salt, iterations, dklen)


class LegacyHasher:
    digest = hashlib.sha1
    iterations = 600_000

    def encode(self, password, salt):
        return hashlib.pbkdf2_hmac(self.digest().name, password, salt, self.iterations)


def direct(password, salt):
    return hashlib.pbkdf2_hmac(hashlib.sha3_256().name, password, salt, 1_000_000)
`);
  const rows = [...new Set(found.map((a) => JSON.stringify([a.line, a.name, a.params])))].map((r) => JSON.parse(r));
  assert.deepEqual(rows, [
    // The default, and whatever hash a caller in another file passes.
    [8, 'PBKDF2-SHA-256', { hash: 'SHA-256' }],
    [8, 'PBKDF2', {}],
    [16, 'PBKDF2-SHA-1-600000', { hash: 'SHA-1', iterations: 600000 }],
    [20, 'PBKDF2-SHA3-256-1000000', { hash: 'SHA3-256', iterations: 1000000 }],
  ]);
});

test('a stored constructor given only to HMAC is its hash; read any other way it stays a hash in use', () => {
  const found = algorithms(`
import hashlib
import hmac


class Signer:
    digest = hashlib.sha256

    def sign(self, key, msg):
        return hmac.new(key, msg, digestmod=self.digest).digest()


class Checksum:
    digest = hashlib.md5

    def of(self, data):
        return self.digest(data).hexdigest()


class Unused:
    digest = hashlib.sha384


PRF = hashlib.sha512

def derive(password, salt):
    return hashlib.pbkdf2_hmac(PRF().name, password, salt, 210_000)

def fingerprint(data):
    return PRF(data).hexdigest()
`);
  assert.deepEqual(found.map((a) => [a.line, a.name]), [
    [10, 'HMAC-SHA-256'],
    [14, 'MD5'],
    [21, 'SHA-384'],
    [24, 'SHA-512'],
    [27, 'PBKDF2-SHA-512-210000'],
  ]);
});

// v1.12 audit of paramiko (hostkeys.py): `os.urandom(sha1().digest_size)` sizes a salt; it was a
// SHA-1 digest (a weak-hash occurrence) besides the HMAC-SHA1 that really hashes.
test('an empty hash object read only for digest_size or block_size is no use; one fed data, or its digest, is', () => {
  const source = [
    'import os',
    'import hmac',
    'from hashlib import sha1, sha256',
    '',
    'def hash_host(hostname):',
    '    salt = os.urandom(sha1().digest_size)', // 6
    '    assert len(salt) == sha1().digest_size', // 7
    '    block = sha256().block_size', // 8
    '    mac = hmac.HMAC(salt, hostname.encode(), sha1).digest()', // 9
    '    return mac, sha256(hostname.encode()).digest_size, sha1().digest()', // 10
  ].join('\n');
  assert.deepEqual(algorithms(source).map((a) => `${a.line} ${a.name}`), ['9 HMAC-SHA-1', '10 SHA-256', '10 SHA-1']);
});
