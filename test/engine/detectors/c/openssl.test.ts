// C/C++ detector, OpenSSL libcrypto: the names OpenSSL's getters and fetches carry, argument
// resolution (#define, const, enum, sizeof, casts), key contexts linked to their settings, and what
// must stay unknown.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { cDetector, languageOf } from '../../../../src/engine/detectors/source/c/index.js';
import { algorithms, cFile, detect, names, signals } from './helpers.js';

test('EVP cipher and digest getters are named by the knowledge base from their OpenSSL spelling', () => {
  const src = cFile(`
    EVP_EncryptInit_ex(ctx, EVP_aes_256_gcm(), NULL, NULL, NULL);
    const EVP_CIPHER *c = EVP_des_ede3_cbc();
    EVP_DecryptInit_ex(ctx, EVP_chacha20_poly1305(), NULL, NULL, NULL);
    const EVP_MD *md = EVP_sha512_256();
    EVP_DigestInit_ex(NULL, EVP_sha3_256(), NULL);`);
  assert.deepEqual(names(src), ['AES-256-GCM', '3DES-168-CBC', 'ChaCha20-Poly1305', 'SHA-512/256', 'SHA3-256']);
  const fns = algorithms(src).map((a) => a.functions);
  assert.deepEqual(fns, [['encrypt'], ['encrypt', 'decrypt'], ['decrypt'], ['digest'], ['digest']]);
});

test('lower-case EVP functions that are not algorithms, and the null cipher, are not reported', () => {
  assert.deepEqual(names(cFile('    EVP_enc_null(); EVP_md_null(); EVP_add_cipher(x); EVP_cleanup();')), []);
});

test('fetch and by-name lookups resolve literal names and same-file constants; a parameter name is unknown-<role>', () => {
  const src = cFile(`
    EVP_CIPHER_fetch(NULL, "AES-128-CBC", NULL);
    EVP_get_cipherbyname(CIPHER);
    EVP_MD_fetch(NULL, "SHA2-384", NULL);
    EVP_MD_fetch(NULL, OSSL_DIGEST_NAME_SHA2_256, NULL);
    EVP_get_digestbyname((const char *)param);`, '#define CIPHER "camellia-256-cbc"\n');
  assert.deepEqual(names(src), ['AES-128-CBC', 'CAMELLIA-256-CBC', 'SHA-384', 'SHA-256', 'unknown-hash']);
});

test('a getter only asked for its size or type is not a use', () => {
  assert.deepEqual(names(cFile('    n = EVP_MD_size(EVP_sha1()); t = EVP_MD_get_type(EVP_get_digestbyname(x));')), []);
});

test('X509_to_X509_REQ with a NULL key signs nothing, so its digest is no use; with a key the digest is reported', () => {
  const src = cFile(`
    X509_REQ *bare = X509_to_X509_REQ(cert, NULL, EVP_md5());
    X509_REQ *unsigned_req = X509_to_X509_REQ(cert, 0, EVP_MD_fetch(NULL, "SHA1", NULL));
    X509_REQ *signed_req = X509_to_X509_REQ(cert, issuer_key, EVP_sha1());`);
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name]), [[9, 'SHA-1']]);
});

test('HMAC and PBKDF2 report the digest they are given; a getter written as their argument is not a separate digest', () => {
  const src = cFile(`
    HMAC(EVP_sha1(), param, n, param, n, out, &len);
    const EVP_MD *md = EVP_sha512();
    HMAC_Init_ex(hctx, param, n, md, NULL);
    HMAC_Init_ex(hctx, NULL, 0, NULL, NULL);
    PKCS5_PBKDF2_HMAC(pw, (int)strlen(pw), salt, sizeof(salt), ITER, EVP_sha256(), KEY_LEN, out);`,
  '#define ITER (100 * 1000)\nenum { KEY_LEN = 256 / 8 };\nstatic unsigned char salt[16];\n');
  // The getter assigned to a variable is reported where it is written (as a hash constructor used as a
  // value is in Python and Go), and its hash also names the HMAC.
  assert.deepEqual(names(src), ['HMAC-SHA-1', 'SHA-512', 'HMAC-SHA-512', 'PBKDF2-SHA-256-100000']);
  assert.deepEqual(algorithms(src)[3]!.params, { hash: 'SHA-256', iterations: 100000, outputLength: 256 });
});

test('PBKDF2 iterations and length from a parameter stay unknown', () => {
  const [a] = algorithms(cFile('    PKCS5_PBKDF2_HMAC(pw, 4, param, 16, n, EVP_sha256(), n, out);'));
  assert.equal(a!.name, 'PBKDF2-SHA-256');
  assert.deepEqual(a!.unresolved, ['iterations', 'outputLength']);
});

test('RSA key sizes from literals, #defines, const variables and casts', () => {
  const src = cFile(`
    RSA_generate_key_ex(rsa, BITS, e, NULL);
    RSA_generate_key(1024, RSA_F4, NULL, NULL);
    EVP_RSA_gen(kBits);
    EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)(BITS + 1024));
    RSA_generate_key_ex(rsa, n, e, NULL);`, '#define BITS 2048\nstatic const int kBits = 3072;\n');
  assert.deepEqual(names(src), ['RSA-2048', 'RSA-1024', 'RSA-3072', 'RSA-3072', 'RSA']);
  assert.deepEqual(algorithms(src).at(-1)!.unresolved, ['keySize']);
});

test('a key context takes the key size, curve and hash the same function sets on it', () => {
  const src = cFile(`
    EVP_PKEY_CTX *kctx = EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, NULL);
    EVP_PKEY_keygen_init(kctx);
    EVP_PKEY_CTX_set_rsa_keygen_bits(kctx, 4096);
    EVP_PKEY_CTX *ectx = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, NULL);
    EVP_PKEY_CTX_set_ec_paramgen_curve_nid(ectx, NID_secp384r1);
    EVP_PKEY_CTX *h = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, NULL);
    EVP_PKEY_CTX_set_hkdf_md(h, EVP_sha384());
    EVP_PKEY_CTX *x = EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, NULL);
    EVP_PKEY_CTX *m = EVP_PKEY_CTX_new_from_name(NULL, "ML-KEM-1024", NULL);`);
  assert.deepEqual(names(src), ['RSA-4096', 'ECDSA-P384', 'HKDF-SHA-384', 'Ed25519', 'ML-KEM-1024']);
  assert.deepEqual(algorithms(src)[0]!.functions, ['keygen']);
});

test('settings on a context made from an existing key stand alone; an RSA key context without bits is RSA of unknown size', () => {
  const src = cFile(`
    EVP_PKEY_CTX *p = EVP_PKEY_CTX_new(pkey, NULL);
    EVP_PKEY_encrypt_init(p);
    EVP_PKEY_CTX_set_rsa_padding(p, RSA_PKCS1_OAEP_PADDING);
    EVP_PKEY_CTX_set_rsa_oaep_md(p, EVP_sha256());
    EVP_PKEY_CTX *k = EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, NULL);
    EVP_PKEY_CTX *u = EVP_PKEY_CTX_new_from_name(NULL, EVP_PKEY_get0_type_name(pkey), NULL);`);
  assert.deepEqual(names(src), ['RSA-OAEP-SHA-256', 'RSA']);
  assert.deepEqual(algorithms(src)[1]!.unresolved, ['keySize']);
});

test('curves from NID constants, enum values and strings', () => {
  const src = cFile(`
    EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
    EC_GROUP_new_by_curve_name(DEVICE_CURVE);
    EVP_EC_gen("P-521");
    EVP_PKEY_Q_keygen(NULL, NULL, "EC", "secp256k1");
    EC_KEY_new_by_curve_name(n);`, 'enum { DEVICE_CURVE = NID_secp384r1 };\n');
  assert.deepEqual(names(src), ['ECDSA-P256', 'ECDSA-P384', 'ECDSA-P521', 'ECDSA-secp256k1', 'ECDSA']);
  assert.deepEqual(algorithms(src).at(-1)!.unresolved, ['curve']);
});

test('RSA padding constants name the scheme; OAEP of RSA_public_encrypt is SHA-1 by the API', () => {
  const src = cFile(`
    RSA_public_encrypt(n, param, out, rsa, RSA_PKCS1_PADDING);
    RSA_public_encrypt(n, param, out, rsa, RSA_PKCS1_OAEP_PADDING);
    RSA_private_decrypt(n, param, out, rsa, pad);
    RSA_sign(NID_sha256, param, n, sig, &siglen, rsa);`);
  const a = algorithms(src);
  assert.deepEqual(a.map((x) => x.name), ['RSA-PKCS1-1.5', 'RSA-OAEP-SHA-1', 'RSA', 'RSA-PKCS1-1.5-SHA-256']);
  assert.deepEqual(a[2]!.unresolved, ['keySize', 'padding']);
});

test('a key or IV written in the source raises a signal; a zero IV filled by RAND_bytes does not', () => {
  const fixed = cFile(`
    EVP_EncryptInit_ex(ctx, EVP_aes_128_cbc(), NULL, key, iv);`,
  'static const unsigned char key[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };\nstatic unsigned char iv[16];\n');
  assert.deepEqual(signals(fixed).map((s) => s.signal).sort(), ['hardcoded-key', 'static-iv']);
  const random = cFile(`
    unsigned char iv2[16] = {0};
    RAND_bytes(iv2, sizeof(iv2));
    EVP_EncryptInit_ex(ctx, EVP_aes_128_cbc(), NULL, param, iv2);`);
  assert.deepEqual(signals(random), []);
  const ecb = cFile('    EVP_EncryptInit_ex(ctx, EVP_aes_128_ecb(), NULL, param, "0000000000000000");');
  assert.deepEqual(signals(ecb), [], 'ECB takes no IV');
});

test('a literal password given to PBKDF2 or scrypt is hardcoded-password; scrypt N, r, p from shifts and constants', () => {
  const src = cFile('    EVP_PBE_scrypt("hunter2", 7, param, 16, 1 << 14, R, 1, 0, out, 64);', '#define R 8\n');
  const [a] = algorithms(src);
  assert.equal(a!.name, 'scrypt-16384');
  assert.deepEqual(a!.params, { cost: 16384, memoryCost: 16384, parallelism: 1, outputLength: 512 });
  assert.deepEqual(signals(src).map((s) => s.signal), ['hardcoded-password']);
});

test('strings, comments and log messages that mention OpenSSL names are not crypto', () => {
  const src = cFile(`
    /* EVP_EncryptInit_ex(ctx, EVP_aes_256_gcm(), NULL, k, iv); */
    printf("using EVP_aes_256_gcm and RSA_generate_key_ex(2048)\\n");
    int rsa_bits = 2048;`);
  assert.deepEqual(detect(src), []);
});

test('C++ files: qualified calls, nullptr, constexpr sizes', () => {
  const src = `#include <openssl/evp.h>\nnamespace k {\nconstexpr int kBits = 3072;\nEVP_PKEY *make() { return ::EVP_RSA_gen(kBits); }\nvoid h(EVP_MD_CTX *c) { EVP_DigestInit_ex(c, ::EVP_sha384(), nullptr); }\n}\n`;
  assert.deepEqual(names(src, 'src/keys.cpp'), ['RSA-3072', 'SHA-384']);
});

test('.h files are C unless they show C++ syntax', () => {
  assert.equal(languageOf('include/a.h', 'int f(void);'), 'c');
  assert.equal(languageOf('include/a.h', 'namespace x { class Y { public: int f(); }; }'), 'cpp');
  assert.equal(languageOf('src/a.cc'), 'cpp');
  assert.equal(languageOf('src/a.hpp'), 'cpp');
  assert.equal(languageOf('src/a.cs'), undefined);
  assert.ok(cDetector.appliesTo('lib/x.cxx') && cDetector.appliesTo('lib/x.c') && !cDetector.appliesTo('lib/x.go'));
});

test('a header that uses C++ keywords as C names still parses as C', () => {
  const src = '#include <openssl/evp.h>\nstatic inline int new(int class) { return EVP_MD_size(EVP_sha1()) + class; }\nstatic const EVP_MD *md(void) { return EVP_sha224(); }\n';
  assert.deepEqual(names(src, 'include/compat.h'), ['SHA-224']);
});

test('a getter only compared with selects a branch and is not a use', () => {
  assert.deepEqual(names(cFile('    if (c == (const EVP_CIPHER *)EVP_aes_128_gcm()) return 1;\n    if (EVP_sha1() != md) return 2;')), []);
});

test('a declaration inside a nested block does not leak out of it', () => {
  const src = cFile(`
    int bits = BITS;
    if (n > 1) {
        int bits = 1024;
        RSA_generate_key_ex(rsa, bits, e, NULL);
    }
    RSA_generate_key_ex(rsa, bits, e, NULL);`, '#define BITS 3072\n');
  assert.deepEqual(names(src), ['RSA-1024', 'RSA-3072']);
});

test('a value assigned in one branch holds inside it and is unknown after it, never the last branch written', () => {
  const src = cFile(`
    int bits = 2048;
    switch (n) {
    case 1:
        bits = 1024;
        RSA_generate_key_ex(rsa, bits, e, NULL);
        break;
    case 2:
        bits = 4096;
        break;
    }
    RSA_generate_key_ex(rsa, bits, e, NULL);
    int fixed = 3072;
    RSA_generate_key_ex(rsa, fixed, e, NULL);`);
  assert.deepEqual(names(src), ['RSA-1024', 'RSA', 'RSA-3072']);
});

test('legacy low-level AES/DES/RC4 APIs: key size from the key schedule, mode from the encrypt call', () => {
  const src = cFile(`
    AES_KEY k;
    AES_set_encrypt_key(param, 192, &k);
    AES_cbc_encrypt(param, out, n, &k, iv, AES_ENCRYPT);
    DES_set_key_unchecked(&dk, &ks);
    DES_ecb_encrypt(&in, &o, &ks, DES_ENCRYPT);
    DES_ede3_cbc_encrypt(param, out, n, &k1, &k2, &k3, &iv, DES_ENCRYPT);
    RC4_set_key(&rk, n, param);
    AES_set_decrypt_key(secret, 128, &k);`, 'static const unsigned char secret[16] = "0123456789abcde";\n');
  assert.deepEqual(names(src), ['AES-192', 'AES-CBC', 'DES', 'DES-ECB', '3DES-168-CBC', 'RC4', 'AES-128']);
  assert.deepEqual(signals(src).map((s) => s.signal), ['hardcoded-key']);
});

test('EVP getters named as rows of a table are the ciphers and digests the program offers; prototypes and comments are not', () => {
  const src = [
    '#include <openssl/evp.h>',
    'struct offer { const char *name; const EVP_CIPHER *(*evptype)(void); };',
    'static const struct offer offers[] = {',
    '\t{ "aes128-ctr", EVP_aes_128_ctr },',
    '\t{ "3des-cbc", EVP_des_ede3_cbc },',
    '\t{ "none", EVP_enc_null },',
    '};',
    'static const struct { int id; const EVP_MD *(*md)(void); } digests[] = { { 1, EVP_sha256 }, { 2, EVP_md5 } };',
    '/* EVP_aes_128_cbc in a comment */',
    'const EVP_CIPHER *EVP_aes_192_cbc(void);',
    '',
  ].join('\n');
  // The rows' names are SSH cipher names (OpenSSH's table), read as such at the same lines (ssh-names.test.ts).
  assert.deepEqual(algorithms(src).filter((a) => a.occurrence.symbol.startsWith('EVP_')).map((a) => [a.line, a.name, a.functions ?? []]), [
    [4, 'AES-128-CTR', []], [5, '3DES-168-CBC', []], [8, 'SHA-256', []], [8, 'MD5', []],
  ]);
  assert.deepEqual(algorithms(src).filter((a) => a.occurrence.symbol === 'offers').map((a) => [a.line, a.name]), [[4, 'AES-128-CTR'], [5, '3DES-168-CBC']]);
});

test('a sign init takes its scheme from a key the file makes; an unknown key leaves it unknown', () => {
  const src = `#include <openssl/evp.h>
int rsa(EVP_MD_CTX *ctx) {
    EVP_PKEY *pkey = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", 3072);
    return EVP_DigestSignInit_ex(ctx, NULL, "SHA2-256", NULL, NULL, pkey, NULL);
}
int given(EVP_MD_CTX *ctx, EVP_PKEY *pkey) {
    return EVP_DigestSignInit(ctx, NULL, EVP_sha512(), NULL, pkey);
}
`;
  assert.deepEqual(algorithms(src).map((a) => [a.name, a.line]), [
    ['RSA-3072', 3], ['RSA-PKCS1-1.5-SHA-256-3072', 4], ['SHA-512', 7], ['unknown-signature-or-mac', 7],
  ]);
});

test('EVP_MAC_fetch CMAC/GMAC: the block cipher of the OSSL_PARAM array names the MAC', () => {
  const mac = (name: string, cipher: string, fn = 'mac') => `
static int ${fn}(const unsigned char *key, size_t keylen, const unsigned char *msg, size_t n, unsigned char *out)
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, ${name}, NULL);
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
    OSSL_PARAM params[2];
    size_t outl = 0;
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, ${cipher}, 0);
    params[1] = OSSL_PARAM_construct_end();
    EVP_MAC_init(ctx, key, keylen, params);
    EVP_MAC_update(ctx, msg, n);
    return EVP_MAC_final(ctx, out, &outl, 16);
}
`;
  const src = `#include <openssl/evp.h>\n#include <openssl/core_names.h>\n\n#define CMAC_CIPHER "AES-256-CBC"\n`
    + mac('"CMAC"', 'CMAC_CIPHER', 'aes_cmac')
    + mac('OSSL_MAC_NAME_CMAC', '"DES-EDE3-CBC"', 'tdes_cmac')
    + mac('"GMAC"', '"aes-128-gcm"', 'gmac');
  assert.deepEqual(names(src), ['AES-256-CMAC', '3DES-168-CMAC', 'AES-128-GMAC']);
});

test('EVP_MAC_fetch CMAC without a readable cipher, or with a cipher read from the caller, is not given one', () => {
  const src = `#include <openssl/evp.h>
#include <openssl/core_names.h>

int mac(const char *cipher, const unsigned char *key, size_t keylen)
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
    OSSL_PARAM params[] = { OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, (char *)cipher, 0), OSSL_PARAM_construct_end() };
    return EVP_MAC_init(ctx, key, keylen, params);
}

int two(const unsigned char *key, size_t keylen)
{
    EVP_MAC *a = EVP_MAC_fetch(NULL, "CMAC", NULL);
    EVP_MAC *b = EVP_MAC_fetch(NULL, "HMAC", NULL);
    OSSL_PARAM p = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, "AES-128-CBC", 0);
    return a != NULL && b != NULL;
}
`;
  assert.deepEqual(names(src), ['CMAC', 'CMAC', 'HMAC']);
});

test('finite-field DH: key generation and agreement on a DH object, built-in and named groups, parameter generation', () => {
  const src = `#include <openssl/dh.h>
#include <openssl/evp.h>

int exchange(DH *dh, const BIGNUM *peer, unsigned char *shared)
{
    if (!DH_generate_key(dh))
        return -1;
    return DH_compute_key(shared, peer, dh);
}

DH *groups(EVP_PKEY_CTX *ext)
{
    DH *small = DH_get_1024_160();
    DH *mid = DH_get_2048_224();
    DH *big = DH_get_2048_256();
    DH *named = DH_new_by_nid(NID_ffdhe3072);
    DH *fresh = DH_new();
    DH_generate_parameters_ex(fresh, 3072, DH_GENERATOR_2, NULL);
    EVP_PKEY_CTX_set_dh_paramgen_prime_len(ext, 4096);
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_name(NULL, "DH", NULL);
    EVP_PKEY_paramgen_init(pctx);
    EVP_PKEY_CTX_set_dh_paramgen_prime_len(pctx, 2048);
    return DH_free(small), big;
}
`;
  assert.deepEqual(algorithms(src).map((a) => [a.name, a.functions ?? [], a.line]), [
    ['FFDH', ['keygen'], 6],
    ['FFDH', ['keyderive'], 8],
    ['FFDH-1024', [], 13],
    ['FFDH-2048', [], 14],
    ['FFDH-2048', [], 15],
    ['FFDHE-ffdhe3072', [], 16],
    ['FFDH-3072', ['keygen'], 18],
    ['FFDH-4096', ['keygen'], 19],
    ['FFDH-2048', ['keygen'], 20],
  ]);
  assert.deepEqual(algorithms(src)[0]!.unresolved, ['keySize']);
});

test('DH_set0_pqg: the prime size from BN_bin2bn bytes or BN_hex2bn digits the file fixes; a prime from outside stays unknown', () => {
  const src = `#include <openssl/dh.h>

static const char modp_hex[] =
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74"
    "020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F1437";

static DH *from_bytes(void)
{
    static unsigned char prime_bytes[] = { 0xF7, 0x11, 0x9A, 0x03, 0x5C, 0x6E, 0x21, 0x88, 0x90, 0x4D, 0x3B, 0xA2, 0x17, 0xCC, 0x6F, 0x05 };
    static unsigned char gen_bytes[] = { 0x02 };
    DH *dh = DH_new();
    BIGNUM *p = BN_bin2bn(prime_bytes, sizeof(prime_bytes), NULL);
    BIGNUM *g = BN_bin2bn(gen_bytes, sizeof(gen_bytes), NULL);
    DH_set0_pqg(dh, p, NULL, g);
    return dh;
}

static DH *from_hex(void)
{
    DH *dh = DH_new();
    BIGNUM *p = NULL, *g = NULL;
    BN_hex2bn(&p, modp_hex);
    BN_hex2bn(&g, "2");
    DH_set0_pqg(dh, p, NULL, g);
    return dh;
}

DH *from_caller(DH *dh, BIGNUM *p, BIGNUM *g)
{
    DH_set0_pqg(dh, p, NULL, g);
    return dh;
}
`;
  assert.deepEqual(algorithms(src).map((a) => [a.name, a.line]), [['FFDH-128', 14], ['FFDH-512', 24], ['FFDH', 30]]);
});

test('a backend switch that maps its own digest names to a low-level init (#define my_md4_init MD4_Init) names the digest', () => {
  const src = [
    '#include "setup.h"',
    '#if defined(HAVE_OPENSSL_MD4)',
    '#include <openssl/md4.h>',
    '#define hash_ctx    MD4_CTX',
    '#define hash_init   MD4_Init',
    '#define hash_update MD4_Update',
    '#define hash_final  MD4_Final',
    '#else',
    '#define hash_init   local_md4_init',
    '#endif',
    'void nt_hash(const unsigned char *pw, size_t n, unsigned char *out)',
    '{',
    '  hash_ctx c;',
    '  hash_init(&c);',
    '  hash_update(&c, pw, n);',
    '  hash_final(out, &c);',
    '}',
    '',
  ].join('\n');
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name, a.functions ?? []]), [[5, 'MD4', ['digest']]]);
  // Update and final calls, the context type and a project function carry no algorithm of their own.
  assert.deepEqual(detect('#define hash_update MD5_Update\n#define hash_ctx MD5_CTX\n#define hash_init my_md5_init\n'), []);
});
