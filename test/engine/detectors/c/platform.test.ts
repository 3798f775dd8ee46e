// C/C++ detector: wolfCrypt, CommonCrypto digests and Windows CryptoAPI, called directly.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, detect } from './helpers.js';

const fn = (body: string, top = ''): string => `${top}\nint backend(void *ctx, const unsigned char *key, void *rng)\n{\n${body}\n  return 0;\n}\n`;

test('wolfCrypt digests, DES and AES keys, RSA and ECC key generation name their algorithms and sizes', () => {
  const src = fn([
    '  wc_InitMd4(ctx);',
    '  wc_InitSha512_256(ctx);',
    '  wc_Sha256Hash(key, 32, out);',
    '  wc_Des_SetKey(des, key, NULL, DES_ENCRYPTION);',
    '  wc_Des_EcbEncrypt(des, out, key, 8);',
    '  wc_AesGcmSetKey(aes, key, AES_KEY_LEN);',
    '  wc_MakeRsaKey(rsa, 3072, WC_RSA_EXPONENT, rng);',
    '  wc_ecc_make_key(rng, 32, ecc);',
    '  wc_ecc_make_key_ex(rng, 48, ecc, ECC_SECP384R1);',
    '  wc_ed25519_make_key(rng, 32, ed);',
  ].join('\n'), '#include <wolfssl/wolfcrypt/sha256.h>\n#define AES_KEY_LEN 32\n');
  assert.deepEqual(algorithms(src).map((a) => [a.name, a.functions ?? []]), [
    ['MD4', ['digest']], ['SHA-512/256', ['digest']], ['SHA-256', ['digest']], ['DES', []], ['DES-ECB', ['encrypt']],
    ['AES-256-GCM', ['encrypt', 'decrypt']], ['RSA-3072', ['keygen']], ['ECDSA-P256', ['keygen']], ['ECDSA-P384', ['keygen']], ['Ed25519', ['keygen']],
  ]);
  assert.ok(detect(src).every((d) => d.library?.name === 'wolfssl'));
});

test('wolfCrypt sizes from a parameter stay unknown; helpers (RNG, frees, updates) are nothing', () => {
  const src = 'int mk(RsaKey *k, int bits, WC_RNG *rng)\n{\n  wc_InitRng(rng);\n  wc_Sha256Update(ctx, d, n);\n  wc_FreeRsaKey(k);\n  return wc_MakeRsaKey(k, bits, 65537, rng);\n}\n';
  assert.deepEqual(algorithms(src).map((a) => [a.name, a.unresolved ?? []]), [['RSA', ['keySize']]]);
});

test('CommonCrypto digests and CryptoAPI hashes and keys by their CALG_ identifier; no library is named', () => {
  const src = fn([
    '  CC_MD5_Init(ctx);',
    '  CC_SHA256(key, 16, out);',
    '  CryptCreateHash(prov, CALG_SHA_256, 0, 0, &hash);',
    '  CryptGenKey(prov, CALG_RSA_KEYX, (2048 << 16) | CRYPT_EXPORTABLE, &k);',
    '  CryptGenKey(prov, CALG_AES_256, CRYPT_EXPORTABLE, &k);',
    '  CryptDeriveKey(prov, CALG_3DES, hash, 0, &k);',
  ].join('\n'), '#include <windows.h>\n#include <wincrypt.h>\n#include <CommonCrypto/CommonDigest.h>\n');
  assert.deepEqual(algorithms(src).map((a) => [a.name, a.functions ?? []]), [
    ['MD5', ['digest']], ['SHA-256', ['digest']], ['SHA-256', ['digest']], ['RSA-2048', ['keygen']], ['AES-256', ['keygen']], ['3DES-168', []],
  ]);
  assert.ok(detect(src).every((d) => d.library === undefined));
  // An algorithm id from a variable or one set later (CALG_HMAC's hash) is not guessed.
  assert.deepEqual(detect(fn('  CryptCreateHash(prov, algId, 0, 0, &hash);\n  CryptCreateHash(prov, CALG_HMAC, k, 0, &hash);\n  CC_SHA256_Update(ctx, key, 4);')), []);
});

test('a CryptoAPI key blob names its algorithm in aiKeyAlg; a variable there is not guessed', () => {
  const src = fn([
    '  struct { BLOBHEADER hdr; DWORD len; BYTE key[8]; } blob;',
    '  blob.hdr.bType = PLAINTEXTKEYBLOB;',
    '  blob.hdr.aiKeyAlg = CALG_DES;',
    '  hdr->aiKeyAlg = KEY_ALG;',
    '  other.aiKeyAlg = alg;',
  ].join('\n'), '#include <wincrypt.h>\n#define KEY_ALG CALG_AES_256\n');
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name]), [[8, 'DES'], [9, 'AES-256']]);
});
