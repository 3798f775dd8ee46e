// C/C++ detector: OpenSSL libssl settings, libsodium and mbedTLS.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, detect, names, protocols, signals } from './helpers.js';

const ssl = (body: string, top = ''): string => `#include <openssl/ssl.h>\n${top}\nSSL_CTX *mk(void)\n{\n${body}\n}\n`;

test('a version-specific method pins the protocol; old ones are insecure', () => {
  const src = ssl('    SSL_CTX *a = SSL_CTX_new(TLSv1_1_client_method());\n    SSL_CTX *b = SSL_CTX_new(TLSv1_2_method());\n    SSL_CTX *c = SSL_CTX_new(SSLv3_method());');
  assert.deepEqual(protocols(src).map((p) => p.protocol.version), ['1.1', '1.2', 'SSLv3']);
  assert.equal(signals(src).filter((s) => s.signal === 'insecure-protocol-version').length, 2);
});

test('the minimum version set on a flexible context is the protocol; 0 pins nothing', () => {
  const pinned = ssl('    SSL_CTX *ctx = SSL_CTX_new(TLS_method());\n    SSL_CTX_set_min_proto_version(ctx, MIN);\n    return ctx;', '#define MIN TLS1_VERSION\n');
  assert.deepEqual(protocols(pinned).map((p) => p.protocol.version), ['1.0']);
  assert.deepEqual(signals(pinned).map((s) => s.signal), ['insecure-protocol-version']);
  const open = ssl('    SSL_CTX *ctx = SSL_CTX_new(TLS_method());\n    SSL_CTX_set_min_proto_version(ctx, 0);\n    return ctx;');
  assert.deepEqual(protocols(open).map((p) => p.protocol.version), [undefined]);
});

test('cipher lists keep the suites the knowledge base knows; groups are read as written', () => {
  const src = ssl('    SSL_CTX_set_cipher_list(ctx, "ECDHE-RSA-AES256-GCM-SHA384:" "HIGH:!aNULL");\n    SSL_CTX_set1_groups_list(ctx, GROUPS);', '#define GROUPS "X25519MLKEM768:X25519"\n');
  const [list, groups] = protocols(src);
  assert.deepEqual(list!.protocol.cipherSuites, ['ECDHE-RSA-AES256-GCM-SHA384']);
  assert.deepEqual(groups!.protocol.groups, ['X25519MLKEM768', 'X25519']);
});

test('SSL_VERIFY_NONE is a signal on a client, not on a server that requests no client certificate', () => {
  const client = ssl('    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());\n    SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, NULL);\n    return ctx;');
  assert.deepEqual(signals(client).map((s) => s.signal), ['cert-verification-disabled']);
  const server = ssl('    SSL_CTX *ctx = SSL_CTX_new(TLS_server_method());\n    SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, NULL);\n    return ctx;');
  assert.deepEqual(signals(server), []);
  const peer = ssl('    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT, NULL);');
  assert.deepEqual(signals(peer), []);
});

test('libsodium calls name their fixed algorithms; crypto_pwhash reads its ALG and limits', () => {
  const src = `#include <sodium.h>\nvoid s(unsigned char *o, const char *pw, unsigned char *salt) {\n  crypto_box_keypair(pk, sk);\n  crypto_secretbox_easy(o, m, n, nonce, k);\n  crypto_sign_detached(sig, NULL, m, n, sk);\n  crypto_pwhash(o, 32, pw, 8, salt, 2, 65536 * 1024, crypto_pwhash_ALG_ARGON2ID13);\n  crypto_pwhash(o, 32, pw, 8, salt, 2, 65536 * 1024, crypto_pwhash_ALG_DEFAULT);\n  crypto_generichash(o, 32, m, n, NULL, 0);\n  crypto_onetimeauth(o, m, n, k);\n  crypto_stream_chacha20_xor(o, m, n, nonce, k);\n}\n`;
  assert.deepEqual(names(src), ['X25519', 'XSalsa20-Poly1305', 'Ed25519', 'Argon2id-65536-2', 'Argon2-65536-2', 'BLAKE2b-256', 'Poly1305', 'ChaCha20']);
});

test('mbedTLS key sizes, curves and digests from their identifiers', () => {
  const src = `#include <mbedtls/aes.h>\nvoid m(void) {\n  mbedtls_aes_setkey_enc(&aes, key, 128);\n  mbedtls_gcm_setkey(&gcm, MBEDTLS_CIPHER_ID_AES, key, 256);\n  mbedtls_rsa_gen_key(&rsa, rng, NULL, 3072, 65537);\n  mbedtls_ecp_group_load(&grp, MBEDTLS_ECP_DP_SECP384R1);\n  mbedtls_md_info_from_type(MBEDTLS_MD_SHA512);\n  mbedtls_cipher_info_from_type(MBEDTLS_CIPHER_AES_128_CBC);\n  mbedtls_ctr_drbg_seed(&drbg, mbedtls_entropy_func, &entropy, NULL, 0);\n}\n`;
  assert.deepEqual(names(src), ['AES-128', 'AES-256-GCM', 'RSA-3072', 'ECDSA-P384', 'SHA-512', 'AES-128-CBC', 'CTR_DRBG-AES-256']);
});

test('detections carry the library', () => {
  const libs = detect(`#include <sodium.h>\nvoid a(void) { EVP_sha256(); crypto_hash_sha256(o, m, n); mbedtls_sha1(m, n, o); }\n`).map((d) => d.library?.name);
  assert.deepEqual(libs, ['openssl', 'libsodium', 'mbedtls']);
  // NaCl's names without libsodium's header: a bundled copy (OpenSSH's crypto_api.h), same algorithm, no library.
  const bundled = detect(`#include "crypto_api.h"\nvoid k(void) { crypto_scalarmult_curve25519(shared, key, pub); crypto_hash_sha512(out, m, n); }\n`);
  assert.deepEqual(bundled.map((d) => [d.type === 'algorithm' ? d.spelling : d.type, d.library?.name]), [['X25519', undefined], ['SHA-512', undefined]]);
  assert.equal(algorithms('void a(void) { SHA256(d, n, md); }\n')[0]!.name, 'SHA-256');
});

test('a verify callback that returns 1 whatever the certificate disables verification, even with SSL_VERIFY_PEER', () => {
  const cb = 'static int trust_all(int preverify_ok, X509_STORE_CTX *x)\n{\n    (void)x;\n    return 1;\n}\n';
  const src = ssl('    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, trust_all);', cb.replace('    (void)x;\n', ''));
  assert.deepEqual(signals(src).map((s) => s.signal), ['cert-verification-disabled']);
  const checking = ssl('    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, check);', 'static int check(int ok, X509_STORE_CTX *x)\n{\n    return ok;\n}\n');
  assert.deepEqual(signals(checking), []);
});

test('a callback returning 1 in a file that checks SSL_get_verify_result itself is not a signal', () => {
  const src = ssl('    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, cb);\n    if (SSL_get_verify_result(ssl) != X509_V_OK) return NULL;', 'static int cb(int ok, X509_STORE_CTX *x)\n{\n    return 1;\n}\n');
  assert.deepEqual(signals(src), []);
});

test('SSL_VERIFY_NONE in a file that checks SSL_get_verify_result itself is not a signal', () => {
  const src = ssl('    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());\n    SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, NULL);\n    return ctx;', 'int checked(SSL *s) { return SSL_get_verify_result(s) == X509_V_OK; }\n');
  assert.deepEqual(signals(src), []);
});

test('a minimum version chosen in a switch whose cases are wrapped in #ifdef is unknown after it', () => {
  const src = ssl(`    int v = 0;
    switch (opt) {
    case 1:
#ifdef HAVE_TLS12
        v = TLS1_2_VERSION;
        break;
#endif
    case 2:
        v = TLS1_3_VERSION;
        break;
    }
    SSL_CTX_set_min_proto_version(ctx, v);`);
  assert.deepEqual(protocols(src), []);
});

test('a version chosen in an else-if chain that #ifdef lines split is unknown after it', () => {
  // tree-sitter reads `else v = TLS1_VERSION;` after an `#endif` as a declaration of type `else`.
  const src = ssl(`    int v;
    if (conf->min < 1.0) return NULL;
#ifdef TLS1_3_VERSION
    else if (conf->min >= 1.3) v = TLS1_3_VERSION;
#endif
    else if (conf->min >= 1.2) v = TLS1_2_VERSION;
    else v = TLS1_VERSION;
    SSL_CTX_set_min_proto_version(ctx, v);
    SSL_CTX_set_max_proto_version(ctx, v);`);
  assert.deepEqual(protocols(src), []);
  assert.deepEqual(signals(src), []);
});

test('SSL_VERIFY_NONE on an accepted connection is no signal in a file that also plays the client', () => {
  const src = `#include <openssl/ssl.h>
SSL *outgoing(SSL_CTX *ctx) {
    SSL *s = SSL_new(ctx);
    SSL_set_verify(s, SSL_VERIFY_PEER, NULL);
    SSL_set_connect_state(s);
    return s;
}
SSL *accepted(SSL_CTX *ctx, int require_auth) {
    SSL *s = SSL_new(ctx);
    if (!require_auth) SSL_set_verify(s, SSL_VERIFY_NONE, NULL);
    SSL_set_accept_state(s);
    return s;
}
SSL *insecure_outgoing(SSL_CTX *ctx) {
    SSL *s = SSL_new(ctx);
    SSL_set_verify(s, SSL_VERIFY_NONE, NULL);
    SSL_set_connect_state(s);
    return s;
}
`;
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['cert-verification-disabled', 16]]);
});

test('SSL_OP_NO_* masks: turning off TLS 1.2 with 1.0 or 1.1 still on leaves only old versions', () => {
  const legacy = ssl([
    '    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());',
    '    SSL_CTX_set_options(ctx, SSL_OP_ALL | SSL_OP_NO_SSLv3 | SSL_OP_NO_TLSv1_2 | SSL_OP_NO_TLSv1_3);',
    '    return ctx;',
  ].join('\n'));
  assert.deepEqual(protocols(legacy).map((p) => [p.occurrence.line, p.protocol.version]), [[5, undefined], [6, '1.0']]);
  assert.deepEqual(signals(legacy).map((s) => [s.signal, s.occurrence.line]), [['insecure-protocol-version', 6]]);
  // Through a same-file #define, on an SSL, leaving only TLS 1.1.
  const aliased = ssl('    SSL_set_options(s, OLD_ONLY);', '#define OLD_ONLY (SSL_OP_NO_TLSv1 | SSL_OP_NO_TLSv1_2)\n');
  assert.deepEqual(signals(aliased).map((s) => s.detail), ['SSL_set_options(…, SSL_OP_NO_TLSv1_2 …) leaves only TLS 1.1 enabled']);
});

test('SSL_OP_NO_* masks that keep TLS 1.2, leave nothing, or hold unknown bits produce nothing', () => {
  const src = ssl([
    '    SSL_CTX *ctx = SSL_CTX_new(TLS_method());',
    '    SSL_CTX_set_options(ctx, SSL_OP_NO_SSLv2 | SSL_OP_NO_SSLv3 | SSL_OP_NO_TLSv1 | SSL_OP_NO_TLSv1_1);',
    '    SSL_CTX_set_options(ctx, SSL_OP_NO_TLSv1 | SSL_OP_NO_TLSv1_1 | SSL_OP_NO_TLSv1_2);',
    '    SSL_CTX_set_options(ctx, opts | SSL_OP_NO_TLSv1_2);',
    '    SSL_CTX_set_options(ctx, SSL_OP_NO_TLSv1_2 | 0x4000000U);',
    '    SSL_CTX_clear_options(ctx, SSL_OP_NO_TLSv1_2);',
    '    if (SSL_CTX_get_options(ctx) & SSL_OP_NO_TLSv1_2) return NULL;',
    '    return ctx;',
  ].join('\n'));
  assert.deepEqual(signals(src), []);
  assert.deepEqual(protocols(src).map((p) => p.protocol.version), [undefined]);
});

test('SSL_OP_NO_* masks set under a condition (one per configured version) or adding up with the function\'s other masks produce nothing', () => {
  // A server that turns off each version its configuration leaves out, under #ifdef guards.
  const perVersion = `#include <openssl/ssl.h>
int setup(server_ssl_t *s, unsigned protocols)
{
    s->ctx = SSL_CTX_new(TLS_method());
    if (!(protocols & PROTO_TLSv1)) {
        SSL_CTX_set_options(s->ctx, SSL_OP_NO_TLSv1);
    }
#ifdef SSL_OP_NO_TLSv1_2
    SSL_CTX_clear_options(s->ctx, SSL_OP_NO_TLSv1_2);
    if (!(protocols & PROTO_TLSv1_2)) {
        SSL_CTX_set_options(s->ctx, SSL_OP_NO_TLSv1_2);
    }
#endif
    protocols & PROTO_TLSv1_3 ? 0 : SSL_CTX_set_options(s->ctx, SSL_OP_NO_TLSv1_2);
    return 0;
}
`;
  assert.deepEqual(signals(perVersion), []);
  assert.deepEqual(protocols(perVersion).map((p) => [p.occurrence.line, p.protocol.version]), [[4, undefined]]);
  // Options accumulate: 1.0 off first, then 1.1 and 1.2, leaves TLS 1.3 on.
  const split = ssl([
    '    SSL_CTX *ctx = SSL_CTX_new(TLS_method());',
    '    SSL_CTX_set_options(ctx, SSL_OP_NO_TLSv1);',
    '    SSL_CTX_set_options(ctx, SSL_OP_NO_TLSv1_1 | SSL_OP_NO_TLSv1_2);',
    '    return ctx;',
  ].join('\n'));
  assert.deepEqual(signals(split), []);
  // Another object's mask does not count: this context keeps only TLS 1.0 and 1.1.
  const other = ssl([
    '    SSL_CTX *ctx = SSL_CTX_new(TLS_method());',
    '    SSL_CTX_set_options(modern, SSL_OP_NO_TLSv1 | SSL_OP_NO_TLSv1_1);',
    '    SSL_CTX_set_options(ctx, SSL_OP_NO_TLSv1_2 | SSL_OP_NO_TLSv1_3);',
    '    return ctx;',
  ].join('\n'));
  assert.deepEqual(signals(other).map((s) => [s.occurrence.line, s.detail]), [[7, 'SSL_CTX_set_options(…, SSL_OP_NO_TLSv1_2 …) leaves only TLS 1.0 and TLS 1.1 enabled']]);
});

test('an EC key handed to SSL_CTX_set_tmp_ecdh is the ephemeral ECDH curve, not an ECDSA key', () => {
  const src = `#include <openssl/ssl.h>
static void set_curve(SSL_CTX *ctx, int nid)
{
    EC_KEY *ecdh = NULL;
    if (nid == NID_undef || NULL == (ecdh = EC_KEY_new_by_curve_name(nid)))
    {
        ecdh = EC_KEY_new_by_curve_name(NID_secp384r1);
    }
    SSL_CTX_set_tmp_ecdh(ctx, ecdh);
    EC_KEY_free(ecdh);
}
EC_KEY *signing_key(void)
{
    EC_KEY *k = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
    SSL_CTX_set_tmp_ecdh(other_ctx, other_key);
    return k;
}
void inline_curve(SSL *s)
{
    SSL_set_tmp_ecdh(s, EC_KEY_new_by_curve_name(NID_X9_62_prime256v1));
}
`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name, a.functions ?? []]), [
    [5, 'ECDH', ['keyderive']],
    [7, 'ECDH-P384', ['keyderive']],
    [14, 'ECDSA-P256', []],
    [20, 'ECDH-P256', ['keyderive']],
  ]);
});

test('mbedTLS DES and AES block operations name their mode; the key size stays with the setkey call', () => {
  const src = `#include <mbedtls/des.h>\nvoid lm(mbedtls_des_context *d, mbedtls_aes_context *a, const unsigned char *in, unsigned char *out) {\n  mbedtls_des_crypt_ecb(d, in, out);\n  mbedtls_aes_crypt_cbc(a, MBEDTLS_AES_ENCRYPT, 16, iv, in, out);\n  mbedtls_des_free(d);\n}\n`;
  assert.deepEqual(algorithms(src).map((a) => [a.name, a.library?.name]), [['DES-ECB', 'mbedtls'], ['AES-CBC', 'mbedtls']]);
});

test('QUIC set-up fixes TLS 1.3: ngtcp2 crypto helpers, quiche, OpenSSL QUIC methods', () => {
  const src = `#include <ngtcp2/ngtcp2_crypto_quictls.h>\n#include <quiche.h>\nint h3(SSL_CTX *ctx, gnutls_session_t s) {\n  if(ngtcp2_crypto_quictls_configure_client_context(ctx) != 0)\n    return -1;\n  ngtcp2_crypto_gnutls_configure_client_session(s);\n  quiche_config *cfg = quiche_config_new(QUICHE_PROTOCOL_VERSION);\n  SSL_CTX *q = SSL_CTX_new(OSSL_QUIC_client_method());\n  ngtcp2_crypto_read_write_crypto_data(conn, level, data, len);\n  return 0;\n}\n`;
  assert.deepEqual(protocols(src).map((p) => [p.protocol.version, p.library?.name]), [['1.3', 'ngtcp2'], ['1.3', 'ngtcp2'], ['1.3', 'quiche'], ['1.3', 'openssl']]);
  assert.deepEqual(signals(src), []);
});
