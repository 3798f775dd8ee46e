// C/C++ detector, post-quantum APIs named by pattern: SUPERCOP/NaCl `crypto_kem_<alg>_*` and
// `crypto_sign_<alg>_*`, PQClean's namespaced functions and liboqs (OQS_KEM_new / OQS_SIG_new with
// the operations run on the object, and the per-algorithm functions); the algorithm part goes
// through the knowledge base, and names it does not know report nothing.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, names } from './helpers.js';

const cSrc = (body: string, top = '#include "pq/api.h"\n') => `${top}\nint tunnel_step(unsigned char *a, unsigned char *b, const unsigned char *c, unsigned long n)\n{\n${body}\n    return 0;\n}\n`;

test('SUPERCOP-style KEM calls name their algorithm and operation (ML-KEM-768, sntrup761)', () => {
  const src = cSrc(`
    crypto_kem_mlkem768_keypair(a, b);
    crypto_kem_mlkem768_enc(a, b, c);
    crypto_kem_mlkem768_dec(b, a, c);
    crypto_kem_sntrup761_keypair(a, b);
    crypto_kem_sntrup761_enc_seeded(a, b, c, c);`);
  const found = algorithms(src);
  assert.deepEqual(found.map((a) => [a.name, a.functions, a.line]), [
    ['ML-KEM-768', ['keygen'], 6],
    ['ML-KEM-768', ['encapsulate'], 7],
    ['ML-KEM-768', ['decapsulate'], 8],
    ['sntrup761', ['keygen'], 9],
    ['sntrup761', ['encapsulate'], 10],
  ]);
  assert.ok(found.every((a) => a.library === undefined), 'no libsodium without its header');
});

test('SUPERCOP-style signature calls: bare sign, _signature, _verify, _open, and a composite the KB knows as one', () => {
  const src = cSrc(`
    crypto_sign_mldsa65_keypair(a, b);
    crypto_sign_mldsa44_signature(a, b, c, n);
    crypto_sign_mldsa87(a, b, c, n);
    crypto_sign_mldsa44_verify(c, n, a, b);
    crypto_sign_ed25519_open(a, &n, c, n, b);
    crypto_sign_mldsa44_ed25519_sign(a, c, n, b);`);
  assert.deepEqual(algorithms(src).map((a) => [a.name, a.functions, a.line]), [
    ['ML-DSA-65', ['keygen'], 6],
    ['ML-DSA-44', ['sign'], 7],
    ['ML-DSA-87', ['sign'], 8],
    ['ML-DSA-44', ['verify'], 9],
    ['Ed25519', ['verify'], 10],
    ['ML-DSA-44-Ed25519', ['sign'], 11],
  ]);
});

test('a NaCl-style name is libsodium only in a file that includes sodium.h', () => {
  const [a] = algorithms(cSrc('    crypto_sign_ed25519(a, &n, c, n, b);', '#include <sodium.h>\n'));
  assert.equal(a!.name, 'Ed25519');
  assert.equal(a!.library?.name, 'libsodium');
});

test('PQClean namespaced functions resolve their scheme through the knowledge base aliases', () => {
  const src = cSrc(`
    PQCLEAN_MLKEM1024_CLEAN_crypto_kem_keypair(a, b);
    PQCLEAN_KYBER512_AVX2_crypto_kem_enc(a, b, c);
    PQCLEAN_MLDSA65_CLEAN_crypto_sign_signature(a, &n, c, n, b);
    PQCLEAN_FALCON512_CLEAN_crypto_sign_verify(a, n, c, n, b);
    PQCLEAN_SPHINCSSHA2128FSIMPLE_CLEAN_crypto_sign_keypair(a, b);
    PQCLEAN_HQC128_CLEAN_crypto_kem_dec(a, b, c);`);
  const found = algorithms(src);
  assert.deepEqual(found.map((a) => [a.name, a.functions]), [
    ['ML-KEM-1024', ['keygen']],
    ['ML-KEM-512', ['encapsulate']],
    ['ML-DSA-65', ['sign']],
    ['FN-DSA-512', ['verify']],
    ['SLH-DSA-SHA2-128f', ['keygen']],
    ['HQC-128', ['decapsulate']],
  ]);
  assert.ok(found.every((a) => a.library?.name === 'pqclean'));
});

test('liboqs: OQS_KEM_new / OQS_SIG_new by constant or string, with the operations run on the object', () => {
  const src = `#include <oqs/oqs.h>

int handshake(uint8_t *pk, uint8_t *sk, uint8_t *ct, uint8_t *ss)
{
    OQS_KEM *kem = OQS_KEM_new(OQS_KEM_alg_ml_kem_768);
    OQS_KEM_keypair(kem, pk, sk);
    OQS_KEM_encaps(kem, ct, ss, pk);
    OQS_KEM_free(kem);
    OQS_SIG *signer = OQS_SIG_new("ML-DSA-65");
    OQS_SIG *legacy = OQS_SIG_new(OQS_SIG_alg_dilithium_3);
    OQS_SIG_sign(legacy, ct, NULL, pk, 32, sk);
    OQS_KEM *old = OQS_KEM_new(OQS_KEM_alg_kyber_768);
    OQS_KEM *frodo = OQS_KEM_new(OQS_KEM_alg_frodokem_640_aes);
    OQS_KEM *ntru = OQS_KEM_new(OQS_KEM_alg_ntruprime_sntrup761);
    return OQS_KEM_alg_is_enabled(OQS_KEM_alg_hqc_128);
}
`;
  const found = algorithms(src);
  assert.deepEqual(found.map((a) => [a.name, a.functions ?? [], a.line]), [
    ['ML-KEM-768', ['keygen', 'encapsulate'], 5],
    ['ML-DSA-65', [], 9],
    ['ML-DSA-65', ['sign'], 10],
    ['ML-KEM-768', [], 12],
    ['FrodoKEM-640', [], 13],
    ['sntrup761', [], 14],
  ]);
  assert.ok(found.every((a) => a.library?.name === 'liboqs'));
});

test('liboqs per-algorithm functions; an unknown algorithm constant is kept as liboqs names it, a parameter is unknown', () => {
  const src = `#include <oqs/oqs.h>

int sign_both(const char *configured, uint8_t *sig, size_t *len, const uint8_t *m, size_t n, const uint8_t *sk)
{
    OQS_SIG_ml_dsa_65_sign(sig, len, m, n, sk);
    OQS_KEM_kyber_768_keypair(sig, (uint8_t *)sk);
    OQS_SIG *mayo = OQS_SIG_new(OQS_SIG_alg_mayo_1);
    OQS_SIG *any = OQS_SIG_new(configured);
    OQS_KEM *build = OQS_KEM_new(OQS_KEM_alg_default);
    return 0;
}
`;
  assert.deepEqual(algorithms(src).map((a) => [a.name, a.functions ?? []]), [
    ['ML-DSA-65', ['sign']],
    ['ML-KEM-768', ['keygen']],
    ['mayo-1', []],
    ['unknown-signature', []],
    ['unknown-key-agreement', []],
  ]);
});

test('helpers under the same prefixes, other primitives and definitions report nothing', () => {
  const src = `#include <sodium.h>
#include "crypto_api.h"

int crypto_kem_sntrup761_keypair(unsigned char *pk, unsigned char *sk)
{
    crypto_sign_init(&st);
    crypto_sign_update(&st, pk, 32);
    crypto_sign_ed25519_sk_to_pk(pk, sk);
    crypto_sign_sha512(pk, sk);
    crypto_kem_mlkem768(pk, sk);
    crypto_kem_frobnicate_keypair(pk, sk);
    OQS_KEM_free(kem);
    OQS_SIG_alg_count();
    PQCLEAN_NOTASCHEME_CLEAN_crypto_kem_keypair(pk, sk);
    return 0;
}
`;
  assert.deepEqual(names(src), []);
});
