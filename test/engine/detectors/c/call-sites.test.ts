// Values a C/C++ helper's parameters receive from the file's own calls (c/call-sites.ts with the shared
// Evaluator.eachCase): one use per call site with all its arguments together; `static` functions closed
// unless a header, a function pointer or a macro body may call them; library constants (`NID_*`)
// passed on by their spelling; C++ members and default arguments; recursion left out.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, protocols, signals } from './helpers.js';

// Two calls passing the same value are two runs with one result: the inventory merges them, so do the rows.
const rows = (source: string, path?: string) => [...new Set(algorithms(source, path).map((a) => `${a.line} ${a.name}`))];

describe('C/C++: values passed by the file\'s own calls', () => {
  it('a static helper is closed: each call\'s curve constant or size, nothing unknown; an extern one adds the unknown case', () => {
    const source = [
      '#include <openssl/ec.h>',
      '#include <openssl/rsa.h>',
      'static EC_KEY *new_key(int nid) {',
      '    return EC_KEY_new_by_curve_name(nid);', // 4
      '}',
      'EC_KEY *signing_key(void) { return new_key(NID_secp384r1); }',
      'EC_KEY *exchange_key(void) { return new_key(NID_X9_62_prime256v1); }',
      'int rsa_key(RSA *rsa, int bits, BIGNUM *e) {',
      '    return RSA_generate_key_ex(rsa, bits, e, NULL);', // 9
      '}',
      'int legacy_key(RSA *r, BIGNUM *e) { return rsa_key(r, 1024, e); }',
    ].join('\n');
    assert.deepEqual(rows(source), ['4 ECDSA-P384', '6 ECDSA-P384', '4 ECDSA-P256', '7 ECDSA-P256', '9 RSA-1024', '11 RSA-1024', '9 RSA']);
  });

  it('takes every argument of one call together', () => {
    const source = [
      '#include <openssl/evp.h>',
      'static int derive(const char *pw, const unsigned char *salt, int iter, const EVP_MD *md, unsigned char *out) {',
      '    return PKCS5_PBKDF2_HMAC(pw, -1, salt, 16, iter, md, 32, out);', // 3
      '}',
      'int current(const char *pw, const unsigned char *salt, unsigned char *out) { return derive(pw, salt, 600000, EVP_sha256(), out); }',
      'int legacy(const char *pw, const unsigned char *salt, unsigned char *out) { return derive(pw, salt, 1000, EVP_sha1(), out); }',
    ].join('\n');
    assert.deepEqual(rows(source), ['3 PBKDF2-SHA-256-600000', '5 PBKDF2-SHA-256-600000', '3 PBKDF2-SHA-1-1000', '6 PBKDF2-SHA-1-1000', '5 SHA-256', '6 SHA-1']);
  });

  it('a static function stays open in a header, behind a function pointer or in a macro body', () => {
    const header = [
      '#include <openssl/ec.h>',
      'static inline EC_KEY *mk(int nid) { return EC_KEY_new_by_curve_name(nid); }',
      'static EC_KEY *def(void) { return mk(NID_secp384r1); }',
    ].join('\n');
    assert.deepEqual(rows(header, 'include/keys.h'), ['2 ECDSA-P384', '3 ECDSA-P384', '2 ECDSA']);
    const pointer = [
      '#include <openssl/ec.h>',
      'static EC_KEY *mk(int nid) { return EC_KEY_new_by_curve_name(nid); }',
      'static EC_KEY *(*factory)(int) = mk;',
      'EC_KEY *def(void) { return mk(NID_secp384r1); }',
    ].join('\n');
    assert.deepEqual(rows(pointer), ['2 ECDSA-P384', '4 ECDSA-P384', '2 ECDSA']);
    const macro = [
      '#include <openssl/ec.h>',
      'static EC_KEY *mk(int nid) { return EC_KEY_new_by_curve_name(nid); }',
      '#define P256_KEY() mk(NID_X9_62_prime256v1)',
      'EC_KEY *def(void) { return mk(NID_secp384r1); }',
    ].join('\n');
    assert.deepEqual(rows(macro), ['2 ECDSA-P384', '4 ECDSA-P384', '2 ECDSA']);
  });

  it('C++: members by this-> and unqualified calls in their class, defaults from the declaration, an anonymous namespace closed', () => {
    const source = [
      '#include <openssl/evp.h>',
      'class KeyStore {',
      ' public:',
      '  EVP_PKEY *rotate() { return this->generate(3072) ? generate(4096) : nullptr; }',
      ' private:',
      '  EVP_PKEY *generate(int bits, const char *type = "RSA");',
      '};',
      'EVP_PKEY *KeyStore::generate(int bits, const char *type) {',
      '  return EVP_PKEY_Q_keygen(nullptr, nullptr, type, (size_t)bits);', // 9
      '}',
      'class Other { EVP_PKEY *generate(int bits); void warm() { generate(512); } };',
      'namespace {',
      'EVP_PKEY *ec(const char *curve) { return EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", curve); }', // 13
      '}',
      'EVP_PKEY *exchange() { return ec("P-384"); }',
    ].join('\n');
    // A member is open (other files define and call members of the class): the unknown case stays.
    assert.deepEqual(rows(source, 'src/keys.cpp'), ['9 RSA-3072', '6 RSA-3072', '9 RSA-4096', '6 RSA-4096', '9 unknown-key-pair-generator', '13 ECDSA-P384', '15 ECDSA-P384']);
  });

  it('leaves out recursion; key and IV written at the caller are no signal at the helper; a TLS minimum from the caller', () => {
    const source = [
      '#include <openssl/evp.h>',
      '#include <openssl/ssl.h>',
      'static int seal(const unsigned char *key, const unsigned char *iv, int rounds) {',
      '    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();',
      '    if (rounds > 1) return seal(key, iv, rounds - 1);',
      '    return EVP_EncryptInit_ex(ctx, EVP_aes_128_cbc(), NULL, key, iv);', // 6
      '}',
      'int demo(void) { return seal((const unsigned char *)"0123456789abcdef", (const unsigned char *)"fedcba9876543210", 2); }',
      'static void floor_version(SSL_CTX *ctx, int v) { SSL_CTX_set_min_proto_version(ctx, v); }', // 9
      'void legacy(SSL_CTX *c) { floor_version(c, TLS1_VERSION); }',
    ].join('\n');
    assert.deepEqual(rows(source), ['6 AES-128-CBC']);
    assert.deepEqual(signals(source).map((s) => `${s.occurrence.line} ${s.signal}`), ['9 insecure-protocol-version']);
    assert.deepEqual(protocols(source).map((p) => `${p.occurrence.line} ${p.protocol.version}`), ['9 1.0']);
  });
});
