// libsodium and mbedTLS calls. libsodium's functions each fix their algorithm (its documentation
// names it: `crypto_box` is X25519 + XSalsa20-Poly1305, `crypto_sign` Ed25519, `crypto_generichash`
// BLAKE2b, `crypto_auth` HMAC-SHA-512-256); mbedTLS takes key sizes and identifiers as arguments
// (`mbedtls_aes_setkey_enc(&ctx, key, 256)`, `MBEDTLS_ECP_DP_SECP256R1`, `MBEDTLS_MD_SHA256`), whose
// spellings without the `MBEDTLS_*_` prefix the knowledge base resolves (`SECP256R1`, `SHA256`,
// `AES_256_GCM`).
import type { SgNode } from '@ast-grep/napi';
import type { CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import type { CFile } from './file.js';
import type { CallHandler } from './openssl.js';

export const SODIUM: LibraryRef = { ecosystem: 'generic', name: 'libsodium' };
const MBEDTLS: LibraryRef = { ecosystem: 'generic', name: 'mbedtls' };

function bitsOf(bytes: number | undefined): number | undefined {
  return bytes === undefined ? undefined : bytes * 8;
}

function fixed(library: LibraryRef, spelling: string, ...functions: CryptoFunction[]): CallHandler {
  return (f, call) => f.algorithm(call, library, { spelling, ...(functions.length ? { functions } : {}) });
}

/** Two algorithms in one call (`crypto_box_easy`: the X25519 agreement and the XSalsa20-Poly1305 box). */
function pair(library: LibraryRef, a: [string, ...CryptoFunction[]], b: [string, ...CryptoFunction[]]): CallHandler {
  return (f, call, callee, args) => {
    fixed(library, ...a)(f, call, callee, args);
    fixed(library, ...b)(f, call, callee, args);
  };
}

/** Argon2 variant of a `crypto_pwhash` ALG argument; the default changed between libsodium versions (Argon2i, then Argon2id), so it stays generic. */
function pwhashAlg(f: CFile, node: SgNode | undefined): string {
  const s = f.symbol(node);
  if (s === 'crypto_pwhash_ALG_ARGON2ID13' || s === 'crypto_pwhash_argon2id_ALG_ARGON2ID13') return 'Argon2id';
  if (s === 'crypto_pwhash_ALG_ARGON2I13' || s === 'crypto_pwhash_argon2i_ALG_ARGON2I13') return 'Argon2i';
  return 'Argon2';
}

/** crypto_pwhash(out, outlen, pw, pwlen, salt, opslimit, memlimit, alg): memlimit is in bytes. */
const pwhash: CallHandler = (f, call, _c, args) => {
  const mem = f.int(args[6]);
  f.algorithm(call, SODIUM, {
    spelling: pwhashAlg(f, args[7]),
    params: { cost: f.int(args[5]), memoryCost: mem === undefined ? undefined : mem / 1024, outputLength: bitsOf(f.int(args[1])) },
    unresolved: ['cost', 'memoryCost', 'outputLength'],
    functions: ['keyderive'],
  });
  if (f.literalSecret(args[2])) f.signal(call, SODIUM, 'hardcoded-password', 'crypto_pwhash password is written in the source');
};

/** crypto_pwhash_str(out, pw, pwlen, opslimit, memlimit) and its argon2id/argon2i forms. */
function pwhashStr(spelling: string): CallHandler {
  return (f, call, _c, args) => {
    const mem = f.int(args[4]);
    f.algorithm(call, SODIUM, {
      spelling,
      params: { cost: f.int(args[3]), memoryCost: mem === undefined ? undefined : mem / 1024 },
      unresolved: ['cost', 'memoryCost'],
      functions: ['keyderive'],
    });
  };
}

/** libsodium's documented output-length constants of crypto_generichash (bytes). */
const GENERICHASH_BYTES: Readonly<Record<string, number>> = {
  crypto_generichash_BYTES: 32, crypto_generichash_BYTES_MIN: 16, crypto_generichash_BYTES_MAX: 64,
  crypto_generichash_blake2b_BYTES: 32, crypto_generichash_blake2b_BYTES_MIN: 16, crypto_generichash_blake2b_BYTES_MAX: 64,
};

/**
 * crypto_generichash(out, outlen, in, inlen, key, keylen): BLAKE2b with the output length. An unknown
 * length stays unknown (the knowledge base's bare `BLAKE2b` is its 512-bit form).
 */
const generichash: CallHandler = (f, call, _c, args) => {
  const bits = bitsOf(f.int(args[1]) ?? GENERICHASH_BYTES[f.symbol(args[1]) ?? '']);
  const sized = bits !== undefined && [256, 384, 512].includes(bits);
  f.algorithm(call, SODIUM, { spelling: sized ? `BLAKE2b-${bits}` : 'BLAKE2b', params: { outputLength: bits }, unresolved: ['outputLength'], functions: ['digest'] });
};

const sodiumTable: Array<[string, CallHandler]> = [
  ['crypto_box_keypair', fixed(SODIUM, 'X25519', 'keygen')],
  ['crypto_box_seed_keypair', fixed(SODIUM, 'X25519', 'keygen')],
  ['crypto_box_easy', pair(SODIUM, ['X25519'], ['XSalsa20-Poly1305', 'encrypt'])],
  ['crypto_box_open_easy', pair(SODIUM, ['X25519'], ['XSalsa20-Poly1305', 'decrypt'])],
  ['crypto_box_detached', pair(SODIUM, ['X25519'], ['XSalsa20-Poly1305', 'encrypt'])],
  ['crypto_box_open_detached', pair(SODIUM, ['X25519'], ['XSalsa20-Poly1305', 'decrypt'])],
  ['crypto_box_seal', pair(SODIUM, ['X25519'], ['XSalsa20-Poly1305', 'encrypt'])],
  ['crypto_box_seal_open', pair(SODIUM, ['X25519'], ['XSalsa20-Poly1305', 'decrypt'])],
  ['crypto_box_beforenm', fixed(SODIUM, 'X25519')],
  ['crypto_box_curve25519xchacha20poly1305_easy', pair(SODIUM, ['X25519'], ['XChaCha20-Poly1305', 'encrypt'])],
  ['crypto_box_curve25519xchacha20poly1305_open_easy', pair(SODIUM, ['X25519'], ['XChaCha20-Poly1305', 'decrypt'])],
  ['crypto_secretbox_easy', fixed(SODIUM, 'XSalsa20-Poly1305', 'encrypt')],
  ['crypto_secretbox_open_easy', fixed(SODIUM, 'XSalsa20-Poly1305', 'decrypt')],
  ['crypto_secretbox_detached', fixed(SODIUM, 'XSalsa20-Poly1305', 'encrypt')],
  ['crypto_secretbox_open_detached', fixed(SODIUM, 'XSalsa20-Poly1305', 'decrypt')],
  ['crypto_secretbox_xchacha20poly1305_easy', fixed(SODIUM, 'XChaCha20-Poly1305', 'encrypt')],
  ['crypto_secretbox_xchacha20poly1305_open_easy', fixed(SODIUM, 'XChaCha20-Poly1305', 'decrypt')],
  ['crypto_aead_xchacha20poly1305_ietf_encrypt', fixed(SODIUM, 'XChaCha20-Poly1305', 'encrypt')],
  ['crypto_aead_xchacha20poly1305_ietf_decrypt', fixed(SODIUM, 'XChaCha20-Poly1305', 'decrypt')],
  ['crypto_aead_chacha20poly1305_ietf_encrypt', fixed(SODIUM, 'ChaCha20-Poly1305', 'encrypt')],
  ['crypto_aead_chacha20poly1305_ietf_decrypt', fixed(SODIUM, 'ChaCha20-Poly1305', 'decrypt')],
  ['crypto_aead_chacha20poly1305_encrypt', fixed(SODIUM, 'ChaCha20-Poly1305', 'encrypt')],
  ['crypto_aead_chacha20poly1305_decrypt', fixed(SODIUM, 'ChaCha20-Poly1305', 'decrypt')],
  ['crypto_aead_aes256gcm_encrypt', fixed(SODIUM, 'AES-256-GCM', 'encrypt')],
  ['crypto_aead_aes256gcm_decrypt', fixed(SODIUM, 'AES-256-GCM', 'decrypt')],
  ['crypto_sign_keypair', fixed(SODIUM, 'Ed25519', 'keygen')],
  ['crypto_sign_seed_keypair', fixed(SODIUM, 'Ed25519', 'keygen')],
  ['crypto_sign', fixed(SODIUM, 'Ed25519', 'sign')],
  ['crypto_sign_detached', fixed(SODIUM, 'Ed25519', 'sign')],
  ['crypto_sign_open', fixed(SODIUM, 'Ed25519', 'verify')],
  ['crypto_sign_verify_detached', fixed(SODIUM, 'Ed25519', 'verify')],
  ['crypto_sign_ed25519_keypair', fixed(SODIUM, 'Ed25519', 'keygen')],
  ['crypto_sign_ed25519_seed_keypair', fixed(SODIUM, 'Ed25519', 'keygen')],
  ['crypto_sign_ed25519_detached', fixed(SODIUM, 'Ed25519', 'sign')],
  ['crypto_sign_ed25519_verify_detached', fixed(SODIUM, 'Ed25519', 'verify')],
  ['crypto_sign_ed25519_pk_to_curve25519', fixed(SODIUM, 'X25519')],
  ['crypto_sign_ed25519_sk_to_curve25519', fixed(SODIUM, 'X25519')],
  ['crypto_kx_keypair', fixed(SODIUM, 'X25519', 'keygen')],
  ['crypto_kx_client_session_keys', fixed(SODIUM, 'X25519')],
  ['crypto_kx_server_session_keys', fixed(SODIUM, 'X25519')],
  ['crypto_scalarmult', fixed(SODIUM, 'X25519')],
  ['crypto_scalarmult_base', fixed(SODIUM, 'X25519', 'keygen')],
  ['crypto_scalarmult_curve25519', fixed(SODIUM, 'X25519')],
  ['crypto_scalarmult_curve25519_base', fixed(SODIUM, 'X25519', 'keygen')],
  // secretstream is XChaCha20-Poly1305 in libsodium's streaming construction (its documentation).
  ['crypto_secretstream_xchacha20poly1305_init_push', fixed(SODIUM, 'XChaCha20-Poly1305', 'encrypt')],
  ['crypto_secretstream_xchacha20poly1305_init_pull', fixed(SODIUM, 'XChaCha20-Poly1305', 'decrypt')],
  // These names are knowledge-base spellings themselves (Poly1305, SipHash-2-4, ChaCha20).
  ['crypto_onetimeauth', fixed(SODIUM, 'crypto_onetimeauth', 'tag')],
  ['crypto_onetimeauth_verify', fixed(SODIUM, 'crypto_onetimeauth', 'verify')],
  ['crypto_shorthash', fixed(SODIUM, 'crypto_shorthash', 'tag')],
  ['crypto_stream_chacha20_xor', fixed(SODIUM, 'crypto_stream_chacha20', 'encrypt', 'decrypt')],
  ['crypto_stream_chacha20_ietf_xor', fixed(SODIUM, 'crypto_stream_chacha20_ietf', 'encrypt', 'decrypt')],
  ['crypto_pwhash', pwhash],
  ['crypto_pwhash_str', pwhashStr('Argon2')],
  ['crypto_pwhash_argon2id_str', pwhashStr('Argon2id')],
  ['crypto_pwhash_argon2i_str', pwhashStr('Argon2i')],
  ['crypto_pwhash_scryptsalsa208sha256', fixed(SODIUM, 'scrypt', 'keyderive')],
  ['crypto_pwhash_scryptsalsa208sha256_str', fixed(SODIUM, 'scrypt', 'keyderive')],
  ['crypto_generichash', generichash],
  ['crypto_generichash_init', (f, call, _c, args) => generichash(f, call, _c, [args[0]!, args[3]!])],
  ['crypto_hash', fixed(SODIUM, 'SHA-512', 'digest')],
  ['crypto_hash_sha256', fixed(SODIUM, 'SHA-256', 'digest')],
  ['crypto_hash_sha512', fixed(SODIUM, 'SHA-512', 'digest')],
  // crypto_auth is HMAC-SHA-512 truncated to 256 bits (libsodium's "HMAC-SHA-512-256").
  ['crypto_auth', (f, call) => f.algorithm(call, SODIUM, { spelling: 'HMAC-SHA-512', params: { hash: 'SHA-512', tagLength: 256 }, functions: ['tag'] })],
  ['crypto_auth_verify', (f, call) => f.algorithm(call, SODIUM, { spelling: 'HMAC-SHA-512', params: { hash: 'SHA-512', tagLength: 256 }, functions: ['verify'] })],
  ['crypto_auth_hmacsha256', fixed(SODIUM, 'HMAC-SHA-256', 'tag')],
  ['crypto_auth_hmacsha512', fixed(SODIUM, 'HMAC-SHA-512', 'tag')],
];

/** Spelling of an mbedTLS identifier without its family prefix (`MBEDTLS_MD_SHA256` -> `SHA256`), or undefined. */
function mbedName(f: CFile, node: SgNode | undefined, prefix: string): string | undefined {
  const s = f.symbol(node);
  return s?.startsWith(prefix) ? s.slice(prefix.length) : undefined;
}

function mbedKey(spelling: string, bitsArg: number | undefined, mode?: string): CallHandler {
  return (f, call, _c, args) => {
    const keySize = bitsArg === undefined ? undefined : f.int(args[bitsArg]);
    f.algorithm(call, MBEDTLS, { spelling, params: { keySize, mode }, unresolved: bitsArg === undefined ? [] : ['keySize'], functions: ['encrypt', 'decrypt'] });
    if (f.constantBytes(args[bitsArg === undefined ? 1 : bitsArg - 1])) f.signal(call, MBEDTLS, 'hardcoded-key', `${spelling} key is written in the source`);
  };
}

/** A block operation of a fixed cipher and mode on a context keyed elsewhere. */
function mbedMode(spelling: string): CallHandler {
  return (f, call) => f.algorithm(call, MBEDTLS, { spelling, functions: ['encrypt', 'decrypt'] });
}

/** mbedtls_gcm_setkey(&ctx, MBEDTLS_CIPHER_ID_AES, key, 256), mbedtls_ccm_setkey(...): cipher id, key, bits. */
function mbedAead(mode: string): CallHandler {
  return (f, call, _c, args) => {
    const id = mbedName(f, args[1], 'MBEDTLS_CIPHER_ID_');
    f.algorithm(call, MBEDTLS, {
      spelling: id ?? 'unknown-block-cipher',
      params: { keySize: f.int(args[3]), mode },
      unresolved: ['keySize'],
      functions: ['encrypt', 'decrypt'],
    });
    if (f.constantBytes(args[2])) f.signal(call, MBEDTLS, 'hardcoded-key', `${mode} key is written in the source`);
  };
}

const mdInfo: CallHandler = (f, call, _c, args) => {
  const name = mbedName(f, args[0], 'MBEDTLS_MD_');
  f.algorithm(call, MBEDTLS, { spelling: name ?? 'unknown-hash', functions: ['digest'] });
};

const ecpCurve = (arg: number, fn?: CryptoFunction): CallHandler => (f, call, _c, args) => {
  const curve = mbedName(f, args[arg], 'MBEDTLS_ECP_DP_');
  const known = curve !== undefined && f.kb.findCurve(curve) !== undefined;
  f.algorithm(call, MBEDTLS, known ? { spelling: curve, ...(fn ? { functions: [fn] } : {}) } : { spelling: 'EC', unresolved: ['curve'], ...(fn ? { functions: [fn] } : {}) });
};

const MBED_TLS_VERSIONS: Readonly<Record<string, string>> = {
  MBEDTLS_SSL_VERSION_TLS1_2: '1.2', MBEDTLS_SSL_VERSION_TLS1_3: '1.3', MBEDTLS_SSL_MINOR_VERSION_1: '1.0', MBEDTLS_SSL_MINOR_VERSION_2: '1.1',
  MBEDTLS_SSL_MINOR_VERSION_3: '1.2', MBEDTLS_SSL_MINOR_VERSION_4: '1.3',
};

const mbedTable: Array<[string, CallHandler]> = [
  ['mbedtls_aes_setkey_enc', mbedKey('AES', 2)],
  ['mbedtls_aes_setkey_dec', mbedKey('AES', 2)],
  ['mbedtls_aes_xts_setkey_enc', (f, call, _c, args) => {
    const bits = f.int(args[2]);
    // An XTS key is two AES keys: 256 bits is AES-128-XTS, 512 bits AES-256-XTS.
    f.algorithm(call, MBEDTLS, { spelling: 'AES', params: { keySize: bits === undefined ? undefined : bits / 2, mode: 'XTS' }, unresolved: ['keySize'], functions: ['encrypt'] });
  }],
  // The block operations name the mode (curl's NTLM: mbedtls_des_crypt_ecb); the key size is the
  // setkey call's, which is a separate detection (the two calls are not linked), as for OpenSSL's
  // legacy AES_set_encrypt_key / AES_cbc_encrypt.
  ['mbedtls_des_crypt_ecb', mbedMode('DES-ECB')],
  ['mbedtls_des_crypt_cbc', mbedMode('DES-CBC')],
  ['mbedtls_aes_crypt_ecb', mbedMode('AES-ECB')],
  ['mbedtls_aes_crypt_cbc', mbedMode('AES-CBC')],
  ['mbedtls_aes_crypt_ctr', mbedMode('AES-CTR')],
  ['mbedtls_des_setkey_enc', mbedKey('DES', undefined)],
  ['mbedtls_des_setkey_dec', mbedKey('DES', undefined)],
  ['mbedtls_des3_set3key_enc', mbedKey('3DES-168', undefined)],
  ['mbedtls_des3_set3key_dec', mbedKey('3DES-168', undefined)],
  ['mbedtls_des3_set2key_enc', mbedKey('3DES-112', undefined)],
  ['mbedtls_des3_set2key_dec', mbedKey('3DES-112', undefined)],
  ['mbedtls_gcm_setkey', mbedAead('GCM')],
  ['mbedtls_ccm_setkey', mbedAead('CCM')],
  ['mbedtls_chachapoly_setkey', fixed(MBEDTLS, 'ChaCha20-Poly1305', 'encrypt', 'decrypt')],
  ['mbedtls_cipher_info_from_type', (f, call, _c, args) => {
    const name = mbedCipher(f, mbedName(f, args[0], 'MBEDTLS_CIPHER_'));
    f.algorithm(call, MBEDTLS, { spelling: name ?? 'unknown-cipher', functions: ['encrypt', 'decrypt'] });
  }],
  ['mbedtls_cipher_info_from_string', (f, call, _c, args) => f.algorithm(call, MBEDTLS, { spelling: f.str(args[0]) ?? 'unknown-cipher', functions: ['encrypt', 'decrypt'] })],
  ['mbedtls_md_info_from_type', mdInfo],
  ['mbedtls_md_info_from_string', (f, call, _c, args) => f.algorithm(call, MBEDTLS, { spelling: f.str(args[0]) ?? 'unknown-hash', functions: ['digest'] })],
  ['mbedtls_sha256', (f, call, _c, args) => f.algorithm(call, MBEDTLS, { spelling: f.int(args[3]) === 1 ? 'SHA-224' : f.int(args[3]) === 0 ? 'SHA-256' : 'SHA-2', functions: ['digest'] })],
  ['mbedtls_sha512', (f, call, _c, args) => f.algorithm(call, MBEDTLS, { spelling: f.int(args[3]) === 1 ? 'SHA-384' : f.int(args[3]) === 0 ? 'SHA-512' : 'SHA-2', functions: ['digest'] })],
  ['mbedtls_sha1', fixed(MBEDTLS, 'SHA-1', 'digest')],
  ['mbedtls_md5', fixed(MBEDTLS, 'MD5', 'digest')],
  // The DRBG seeding calls are knowledge-base spellings themselves (CTR_DRBG-AES-256, HMAC_DRBG).
  ['mbedtls_ctr_drbg_seed', fixed(MBEDTLS, 'mbedtls_ctr_drbg_seed', 'generate')],
  ['mbedtls_hmac_drbg_seed', fixed(MBEDTLS, 'mbedtls_hmac_drbg_seed', 'generate')],
  ['mbedtls_rsa_gen_key', (f, call, _c, args) => f.algorithm(call, MBEDTLS, { spelling: 'RSA', params: { keySize: f.int(args[3]) }, unresolved: ['keySize'], functions: ['keygen'] })],
  ['mbedtls_ecp_group_load', ecpCurve(1)],
  ['mbedtls_ecp_gen_key', ecpCurve(0, 'keygen')],
  // mbedtls_pkcs5_pbkdf2_hmac_ext(md_type, pw, plen, salt, slen, iterations, key_length, output).
  ['mbedtls_pkcs5_pbkdf2_hmac_ext', (f, call, _c, args) => {
    const md = mbedName(f, args[0], 'MBEDTLS_MD_');
    const hash = md ? f.kb.findAlgorithm(md)?.entry.name : undefined;
    const keyLen = f.int(args[6]);
    f.algorithm(call, MBEDTLS, {
      spelling: hash ? `PBKDF2-${hash}` : 'PBKDF2',
      params: { hash, iterations: f.int(args[5]), outputLength: bitsOf(keyLen) },
      unresolved: ['hash', 'iterations', 'outputLength'],
      functions: ['keyderive'],
    });
    if (f.literalSecret(args[1])) f.signal(call, MBEDTLS, 'hardcoded-password', 'PBKDF2 password is written in the source');
  }],
  ['mbedtls_ssl_conf_min_tls_version', (f, call, _c, args) => {
    const v = MBED_TLS_VERSIONS[f.symbol(args[1]) ?? ''];
    if (!v) return;
    f.protocol(call, MBEDTLS, { protocolType: 'tls', version: v });
    if (v === '1.0' || v === '1.1') f.signal(call, MBEDTLS, 'insecure-protocol-version', `mbedtls_ssl_conf_min_tls_version allows TLS ${v}`);
  }],
  ['mbedtls_ssl_conf_authmode', (f, call, _c, args) => {
    if (f.symbol(args[1]) !== 'MBEDTLS_SSL_VERIFY_NONE') return;
    const text = f.root.text();
    // A server that requests no client certificate is the default, not a disabled check.
    if (/MBEDTLS_SSL_IS_SERVER/.test(text) && !/MBEDTLS_SSL_IS_CLIENT/.test(text)) return;
    f.signal(call, MBEDTLS, 'cert-verification-disabled', 'mbedtls_ssl_conf_authmode(…, MBEDTLS_SSL_VERIFY_NONE): the peer certificate is not verified');
  }],
];

/** `#define ssh2_cipher_aes256ctr MBEDTLS_CIPHER_AES_256_CTR`: a cipher a backend offers (no function claimed, as for EVP getters in tables). */
export function definedMbedCipher(f: CFile, node: SgNode, type: string): void {
  const rest = type.slice('MBEDTLS_CIPHER_'.length);
  // MBEDTLS_CIPHER_ID_AES is a block cipher id (key size and mode elsewhere), not a cipher type.
  const name = rest.startsWith('ID_') ? undefined : mbedCipher(f, rest);
  if (name) f.algorithm(node, MBEDTLS, { spelling: name });
}

/**
 * The knowledge-base spelling of an mbedTLS cipher type without its prefix: `AES_256_GCM` is
 * OpenSSL's `AES-256-GCM`, `DES_EDE3_CBC` its `DES-EDE3-CBC` (mbedTLS names them alike with `_`).
 */
function mbedCipher(f: CFile, type: string | undefined): string | undefined {
  const spelling = type?.replace(/_/g, '-');
  return spelling && f.kb.findAlgorithm(spelling) ? spelling : undefined;
}

export const SODIUM_CALLS: ReadonlyArray<[string, CallHandler]> = sodiumTable;
export const MBEDTLS_CALLS: ReadonlyArray<[string, CallHandler]> = mbedTable;
