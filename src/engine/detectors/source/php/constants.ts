// PHP's own constants that the handlers read. A builtin constant cannot be redefined by a script, so the
// name alone says what it is. Sizes that arguments are computed from (`random_bytes(SODIUM_CRYPTO_SECRETBOX_NONCEBYTES)`)
// are integers; every other constant of the crypto extensions stays a symbolic name (`OPENSSL_ALGO_SHA256`,
// `PASSWORD_BCRYPT`, `MCRYPT_MODE_CBC`) for the handler to interpret.
import { int, type Value } from '../common/value.js';

/** libsodium sizes (bytes), fixed by the algorithms (libsodium's `crypto_*_BYTES` macros). */
const SIZES: Record<string, number> = {
  SODIUM_CRYPTO_SECRETBOX_KEYBYTES: 32, SODIUM_CRYPTO_SECRETBOX_NONCEBYTES: 24,
  SODIUM_CRYPTO_BOX_NONCEBYTES: 24, SODIUM_CRYPTO_BOX_SEEDBYTES: 32,
  SODIUM_CRYPTO_AEAD_XCHACHA20POLY1305_IETF_NPUBBYTES: 24, SODIUM_CRYPTO_AEAD_XCHACHA20POLY1305_IETF_KEYBYTES: 32,
  SODIUM_CRYPTO_AEAD_CHACHA20POLY1305_IETF_NPUBBYTES: 12, SODIUM_CRYPTO_AEAD_CHACHA20POLY1305_IETF_KEYBYTES: 32,
  SODIUM_CRYPTO_AEAD_CHACHA20POLY1305_NPUBBYTES: 8, SODIUM_CRYPTO_AEAD_CHACHA20POLY1305_KEYBYTES: 32,
  SODIUM_CRYPTO_AEAD_AES256GCM_NPUBBYTES: 12, SODIUM_CRYPTO_AEAD_AES256GCM_KEYBYTES: 32,
  SODIUM_CRYPTO_PWHASH_SALTBYTES: 16, SODIUM_CRYPTO_GENERICHASH_BYTES: 32, SODIUM_CRYPTO_GENERICHASH_BYTES_MIN: 16,
  SODIUM_CRYPTO_GENERICHASH_BYTES_MAX: 64, SODIUM_CRYPTO_GENERICHASH_KEYBYTES: 32, SODIUM_CRYPTO_KDF_KEYBYTES: 32,
  SODIUM_CRYPTO_STREAM_NONCEBYTES: 24, SODIUM_CRYPTO_STREAM_KEYBYTES: 32, SODIUM_CRYPTO_STREAM_XCHACHA20_NONCEBYTES: 24,
  SODIUM_CRYPTO_AUTH_KEYBYTES: 32, SODIUM_CRYPTO_SIGN_SEEDBYTES: 32,
};

/**
 * libsodium's Argon2id work limits (PHP's SODIUM_CRYPTO_PWHASH_* are libsodium's crypto_pwhash_* macros,
 * those of Argon2id since libsodium 1.0.15): time cost and memory in KiB.
 */
export const PWHASH_LIMITS: Record<string, number> = {
  SODIUM_CRYPTO_PWHASH_OPSLIMIT_INTERACTIVE: 2, SODIUM_CRYPTO_PWHASH_OPSLIMIT_MODERATE: 3, SODIUM_CRYPTO_PWHASH_OPSLIMIT_SENSITIVE: 4,
  SODIUM_CRYPTO_PWHASH_MEMLIMIT_INTERACTIVE: 64 * 1024 * 1024, SODIUM_CRYPTO_PWHASH_MEMLIMIT_MODERATE: 256 * 1024 * 1024,
  SODIUM_CRYPTO_PWHASH_MEMLIMIT_SENSITIVE: 1024 * 1024 * 1024,
};

/** Prefixes of the crypto extensions' constants, kept as names (`OPENSSL_PKCS1_OAEP_PADDING`). */
const SYMBOLIC = /^(OPENSSL_|PASSWORD_|MCRYPT_|CURLOPT_|CURL_SSLVERSION_|STREAM_CRYPTO_METHOD_|SODIUM_CRYPTO_PWHASH_ALG_|HASH_HMAC$|CRYPT_)/;

/** The value of a PHP builtin constant the detector knows, or undefined (a script's own constant). */
export function knownConstant(name: string): Value | undefined {
  const size = SIZES[name] ?? PWHASH_LIMITS[name];
  if (size !== undefined) return int(size);
  if (SYMBOLIC.test(name)) return { kind: 'member', path: name };
  return undefined;
}
