// C constants read from other files (detectors/cross-file.ts): a header of `#define`s and a source of
// `const` definitions behind `extern`s, read through quoted includes; OpenSSL's own constants kept as
// the library's even where a compatibility header defines them; and what must stay unknown (a name
// two included headers define differently, a local that shadows it, a header not included).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nonLibraryNamesIn as namesIn, scanTree } from '../cross-file-helpers.js';


const CONF_H = `#ifndef CRYPTO_CONF_H
#define CRYPTO_CONF_H

#define CIPHER_NAME "aes-128-cbc"
#define RSA_BITS 1024
#define KEY_BITS (RSA_BITS * 2)
#define PBKDF2_ITER 1000

extern const char *digest_name;

#endif /* CRYPTO_CONF_H */
`;

const CONF_C = `#include "crypto_conf.h"

const char *digest_name = "sha1";
static const char TLS_CIPHERS[] = "RC4-SHA";
`;

const CRYPTO_C = `#include <openssl/evp.h>
#include <openssl/rsa.h>
#include "crypto_conf.h"

const EVP_CIPHER *pick_cipher(void)
{
    return EVP_get_cipherbyname(CIPHER_NAME);
}

int make_rsa(RSA *rsa, BIGNUM *e)
{
    return RSA_generate_key_ex(rsa, RSA_BITS, e, NULL);
}

int make_pkey(EVP_PKEY_CTX *ctx)
{
    return EVP_PKEY_CTX_set_rsa_keygen_bits(ctx, KEY_BITS);
}

int derive(const char *pw, int n, const unsigned char *salt, int sn, unsigned char *out)
{
    return PKCS5_PBKDF2_HMAC(pw, n, salt, sn, PBKDF2_ITER, EVP_sha256(), 32, out);
}

const EVP_MD *pick_digest(void)
{
    return EVP_get_digestbyname(digest_name);
}
`;

test('a header of defines and a source of const definitions give their values to the files that include the header', async () => {
  const assets = await scanTree({ 'include/crypto_conf.h': CONF_H, 'src/crypto_conf.c': CONF_C, 'src/crypto.c': CRYPTO_C });
  // CIPHER_NAME (a string), RSA_BITS, KEY_BITS (computed from RSA_BITS in the header), PBKDF2_ITER,
  // and digest_name, defined in crypto_conf.c behind the header's extern.
  assert.deepEqual(namesIn(assets, 'src/crypto.c'), ['AES-128-CBC', 'PBKDF2-SHA-256-1000', 'RSA-1024', 'RSA-2048', 'SHA-1']);
  assert.deepEqual(namesIn(assets, 'include/crypto_conf.h'), []);
  assert.deepEqual(namesIn(assets, 'src/crypto_conf.c'), []);
});

test('OpenSSL constants stay the library constants where an included compatibility header defines them', async () => {
  const tls = `#include <openssl/ssl.h>
#include <openssl/evp.h>
#include "compat.h"

void setup(SSL_CTX *ctx)
{
    SSL_CTX_set_min_proto_version(ctx, TLS1_VERSION);
    SSL_CTX_set_max_proto_version(ctx, TLS1_3_VERSION);
}

EC_KEY *p256(void)
{
    return EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
}

int oaep(EVP_PKEY_CTX *ctx)
{
    return EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_OAEP_PADDING);
}
`;
  const compat = `#ifndef COMPAT_H
#define COMPAT_H
#ifndef TLS1_3_VERSION
#define TLS1_3_VERSION 0x0304
#endif
#ifndef NID_X9_62_prime256v1
#define NID_X9_62_prime256v1 415
#endif
#define RSA_PKCS1_OAEP_PADDING 4
#endif
`;
  const withCompat = await scanTree({ 'src/compat.h': compat, 'src/tls.c': tls });
  const without = await scanTree({ 'src/compat.h': '', 'src/tls.c': tls });
  assert.deepEqual(namesIn(withCompat, 'src/tls.c'), namesIn(without, 'src/tls.c'));
  assert.deepEqual(namesIn(withCompat, 'src/tls.c'), ['ECDSA-P256', 'RSA-OAEP', 'TLS 1.0']);
});

test('two included headers that define a name differently leave it unknown; where they agree it stands', async () => {
  const assets = await scanTree({
    'include/crypto_conf.h': CONF_H,
    'include/legacy.h': '#define RSA_BITS 4096\n#define PBKDF2_ITER 1000\n',
    'src/crypto.c': CRYPTO_C.replace('#include "crypto_conf.h"', '#include "crypto_conf.h"\n#include "legacy.h"'),
  });
  const names = namesIn(assets, 'src/crypto.c');
  assert.ok(names.includes('RSA') && !names.includes('RSA-1024') && !names.includes('RSA-4096'), names.join(', '));
  assert.ok(names.includes('PBKDF2-SHA-256-1000'), names.join(', '));
});

test('a parameter named like a constant, a header not included and a name defined twice in one header stay unknown', async () => {
  const assets = await scanTree({
    'include/crypto_conf.h': CONF_H,
    'include/fips.h': '#ifdef FIPS_MODE\n#define HASH_NAME "sha256"\n#else\n#define HASH_NAME "md5"\n#endif\n',
    'src/other.c': `#include <openssl/evp.h>
#include <openssl/rsa.h>
#include "fips.h"

const EVP_MD *by_name(const char *digest_name)
{
    return EVP_get_digestbyname(digest_name);
}

int not_included(RSA *rsa, BIGNUM *e)
{
    return RSA_generate_key_ex(rsa, RSA_BITS, e, NULL);
}

const EVP_MD *either(void)
{
    return EVP_get_digestbyname(HASH_NAME);
}
`,
  });
  assert.deepEqual(namesIn(assets, 'src/other.c'), ['RSA', 'unknown-hash']);
  // Both digests unknown: the parameter's, and HASH_NAME's (two values in fips.h).
  assert.deepEqual(assets.find((a) => a.name === 'unknown-hash')?.at, ['src/other.c:17', 'src/other.c:7']);
});

test('a header with more than one dot in its name (generated keys.pb.h) gives its constants to the files that include it', async () => {
  // The scan picks the files that may declare a missing name by their name up to the first dot
  // (detectors/cross-file.ts fileStem); the C owner must be that stem, or keys.pb.h is never read.
  const assets = await scanTree({
    'gen/keys.pb.h': '#pragma once\n#define MODULUS_BITS 1024\n',
    'src/keygen.c': '#include <openssl/rsa.h>\n#include "gen/keys.pb.h"\n\nint gen(RSA *rsa, BIGNUM *e)\n{\n    return RSA_generate_key_ex(rsa, MODULUS_BITS, e, NULL);\n}\n',
  });
  assert.deepEqual(namesIn(assets, 'src/keygen.c'), ['RSA-1024']);
});
