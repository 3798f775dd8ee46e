// C/C++ detector: libssh2's and libssh's calls that fix an algorithm (fingerprint digests, key generation).
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, detect } from './helpers.js';

test('host-key fingerprint digests: libssh2_hostkey_hash and ssh_get_publickey_hash name theirs by constant', () => {
  const src = [
    '#include <libssh2.h>',
    '#include <libssh/libssh.h>',
    'static int check_md5(LIBSSH2_SESSION *s, const char *pinned)',
    '{',
    '  const char *fp = libssh2_hostkey_hash(s, LIBSSH2_HOSTKEY_HASH_MD5);',
    '  return fp && !memcmp(fp, pinned, 16);',
    '}',
    'static int check_sha256(ssh_key pub, unsigned char **hash, size_t *len)',
    '{',
    '  int type = SSH_PUBLICKEY_HASH_SHA256;',
    '  return ssh_get_publickey_hash(pub, type, hash, len);',
    '}',
    '',
  ].join('\n');
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name, a.functions ?? []]), [[5, 'MD5', ['digest']], [11, 'SHA-256', ['digest']]]);
  assert.deepEqual(detect(src).map((d) => d.library?.name), ['libssh2', 'libssh']);
});

test('a fingerprint type from a parameter is not guessed', () => {
  assert.deepEqual(detect('const char *fp(LIBSSH2_SESSION *s, int t) { return libssh2_hostkey_hash(s, t); }\n'), []);
});

test('ssh_pki_generate: RSA and DSA sizes, ECDSA curves from the type or the generic type\'s bits, Ed25519', () => {
  const src = [
    '#include <libssh/libssh.h>',
    '#define RSA_BITS 3072',
    'void keys(ssh_key *k)',
    '{',
    '  ssh_pki_generate(SSH_KEYTYPE_RSA, RSA_BITS, k);',
    '  ssh_pki_generate(SSH_KEYTYPE_ECDSA, 384, k);',
    '  ssh_pki_generate(SSH_KEYTYPE_ECDSA_P521, 0, k);',
    '  ssh_pki_generate(SSH_KEYTYPE_ED25519, 0, k);',
    '  ssh_pki_generate(SSH_KEYTYPE_DSS, 1024, k);',
    '}',
    '',
  ].join('\n');
  assert.deepEqual(algorithms(src).map((a) => [a.name, a.functions ?? []]), [
    ['RSA-3072', ['keygen']], ['ECDSA-P384', ['keygen']], ['ECDSA-P521', ['keygen']], ['Ed25519', ['keygen']], ['DSA-1024', ['keygen']],
  ]);
  // A key type from the caller is not guessed.
  assert.deepEqual(detect('int gen(enum ssh_keytypes_e t, ssh_key *k) { return ssh_pki_generate(t, 2048, k); }\n'), []);
});
