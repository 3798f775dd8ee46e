// The Rust crate items the detector knows, keyed by canonical path. A type is looked up by its full
// path first (`rsa::pss::SigningKey`), then as `crate::Name` (`aes_gcm::aead::Aes256Gcm` and
// `aes_gcm::Aes256Gcm` are one re-exported type). Crate names are the library names code writes
// (`aes_gcm`, `ed25519_dalek`, `md5` for the md-5 crate). Parameters are those the type fixes; generic
// types (`Hmac<H>`, `cbc::Encryptor<C>`, `AesGcm<C, N>`) take theirs from their arguments.
import type { AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import type { RustType } from './paths.js';

export type TypeSpec =
  | { role: 'hash'; spelling: string; params?: AlgorithmParams }
  | { role: 'block'; spelling: string; params?: AlgorithmParams }
  | { role: 'cipher'; spelling: string; params?: AlgorithmParams }
  /** A block cipher in a mode, the cipher its first argument: `AesGcm<Aes256, U12>`, `cbc::Encryptor<Aes128>`. */
  | { role: 'mode'; mode: string; functions?: CryptoFunction[]; paddingArg?: number }
  /** Keyed over a hash argument (`Hmac<Sha256>`, `Hkdf<Sha256>`) or a cipher (`Cmac<Aes128>`). */
  | { role: 'over-hash'; spelling: string; functions: CryptoFunction[] }
  | { role: 'over-cipher'; spelling: string; functions: CryptoFunction[] }
  /** Typed bytes of a crate (`aes_gcm::Nonce`, `chacha20poly1305::Key`): checked for constants, not assets. */
  | { role: 'nonce'; of: string }
  | { role: 'key'; of?: string }
  /** Types with their own handler (keys, password hashers, post-quantum schemes). */
  | { role: 'handled'; family: string };

const hash = (spelling: string, params?: AlgorithmParams): TypeSpec => ({ role: 'hash', spelling, ...(params ? { params } : {}) });
const block = (spelling: string, keySize?: number): TypeSpec => ({ role: 'block', spelling, ...(keySize ? { params: { keySize } } : {}) });
const cipher = (spelling: string, params?: AlgorithmParams): TypeSpec => ({ role: 'cipher', spelling, ...(params ? { params } : {}) });
const mode = (m: string, functions?: CryptoFunction[], paddingArg?: number): TypeSpec => ({ role: 'mode', mode: m, ...(functions ? { functions } : {}), ...(paddingArg !== undefined ? { paddingArg } : {}) });
const handled = (family: string): TypeSpec => ({ role: 'handled', family });

export const TYPES: ReadonlyMap<string, TypeSpec> = new Map<string, TypeSpec>([
  // Hashes (RustCrypto `digest` implementors).
  ['sha2::Sha224', hash('SHA-224')], ['sha2::Sha256', hash('SHA-256')], ['sha2::Sha384', hash('SHA-384')],
  ['sha2::Sha512', hash('SHA-512')], ['sha2::Sha512_224', hash('SHA-512/224')], ['sha2::Sha512_256', hash('SHA-512/256')],
  ['sha1::Sha1', hash('SHA-1')], ['sha1_smol::Sha1', hash('SHA-1')], ['md5::Md5', hash('MD5')], ['md4::Md4', hash('MD4')],
  ['ripemd::Ripemd160', hash('RIPEMD-160')], ['ripemd160::Ripemd160', hash('RIPEMD-160')],
  ['sha3::Sha3_224', hash('SHA3-224')], ['sha3::Sha3_256', hash('SHA3-256')], ['sha3::Sha3_384', hash('SHA3-384')],
  ['sha3::Sha3_512', hash('SHA3-512')], ['sha3::Shake128', hash('SHAKE128')], ['sha3::Shake256', hash('SHAKE256')],
  ['sha3::Keccak256', hash('Keccak-256')], ['sha3::Keccak512', hash('Keccak-512')],
  ['blake2::Blake2b512', hash('BLAKE2b-512')], ['blake2::Blake2s256', hash('BLAKE2s-256')], ['blake2::Blake2bVar', hash('BLAKE2b')],
  ['blake2::Blake2sVar', hash('BLAKE2s')], ['blake2::Blake2b', hash('BLAKE2b')], ['blake2::Blake2s', hash('BLAKE2s')],
  ['blake3::Hasher', hash('BLAKE3')], ['sm3::Sm3', hash('SM3')],
  // Block ciphers.
  ['aes::Aes128', block('AES', 128)], ['aes::Aes192', block('AES', 192)], ['aes::Aes256', block('AES', 256)],
  ['des::Des', block('DES')], ['des::TdesEde3', block('3DES')], ['des::TdesEee3', block('3DES')], ['des::TdesEde2', block('3DES', 112)],
  ['blowfish::Blowfish', block('Blowfish')], ['cast5::Cast5', block('CAST5')], ['idea::Idea', block('IDEA')], ['rc2::Rc2', block('RC2')],
  ['camellia::Camellia128', block('Camellia-128')], ['camellia::Camellia192', block('Camellia-192')], ['camellia::Camellia256', block('Camellia-256')],
  ['sm4::Sm4', block('SM4')], ['twofish::Twofish', block('Twofish')],
  // AEADs and stream ciphers with fixed parameters.
  ['aes_gcm::Aes128Gcm', cipher('AES', { keySize: 128, mode: 'GCM' })], ['aes_gcm::Aes256Gcm', cipher('AES', { keySize: 256, mode: 'GCM' })],
  ['aes_gcm_siv::Aes128GcmSiv', cipher('AES', { keySize: 128, mode: 'GCM-SIV' })], ['aes_gcm_siv::Aes256GcmSiv', cipher('AES', { keySize: 256, mode: 'GCM-SIV' })],
  ['aes_siv::Aes128SivAead', cipher('AES-SIV', { keySize: 128 })], ['aes_siv::Aes256SivAead', cipher('AES-SIV', { keySize: 256 })],
  ['aes_siv::Aes128Siv', cipher('AES-SIV', { keySize: 128 })], ['aes_siv::Aes256Siv', cipher('AES-SIV', { keySize: 256 })],
  ['chacha20poly1305::ChaCha20Poly1305', cipher('ChaCha20-Poly1305')], ['chacha20poly1305::XChaCha20Poly1305', cipher('XChaCha20-Poly1305')],
  ['xsalsa20poly1305::XSalsa20Poly1305', cipher('XSalsa20-Poly1305')], ['crypto_secretbox::XSalsa20Poly1305', cipher('XSalsa20-Poly1305')],
  ['chacha20::ChaCha20', cipher('ChaCha20')], ['chacha20::XChaCha20', cipher('XChaCha20')], ['salsa20::Salsa20', cipher('Salsa20')],
  ['salsa20::XSalsa20', cipher('XSalsa20')], ['rc4::Rc4', cipher('RC4')],
  ['aes_kw::KekAes128', cipher('AES-KW', { keySize: 128 })], ['aes_kw::KekAes192', cipher('AES-KW', { keySize: 192 })], ['aes_kw::KekAes256', cipher('AES-KW', { keySize: 256 })],
  ['poly1305::Poly1305', cipher('Poly1305')],
  // Generic AEADs and modes over a block cipher.
  ['aes_gcm::AesGcm', mode('GCM')], ['aes_gcm_siv::AesGcmSiv', mode('GCM-SIV')], ['ccm::Ccm', mode('CCM')], ['eax::Eax', mode('EAX')], ['ocb3::Ocb3', mode('OCB')],
  ['cbc::Encryptor', mode('CBC', ['encrypt'])], ['cbc::Decryptor', mode('CBC', ['decrypt'])],
  ['ecb::Encryptor', mode('ECB', ['encrypt'])], ['ecb::Decryptor', mode('ECB', ['decrypt'])],
  ['cfb_mode::Encryptor', mode('CFB', ['encrypt'])], ['cfb_mode::Decryptor', mode('CFB', ['decrypt'])],
  ['cfb_mode::BufEncryptor', mode('CFB', ['encrypt'])], ['cfb_mode::BufDecryptor', mode('CFB', ['decrypt'])],
  ['cfb8::Encryptor', mode('CFB8', ['encrypt'])], ['cfb8::Decryptor', mode('CFB8', ['decrypt'])], ['ofb::Ofb', mode('OFB')],
  ...['Ctr128BE', 'Ctr128LE', 'Ctr64BE', 'Ctr64LE', 'Ctr32BE', 'Ctr32LE'].map((n): [string, TypeSpec] => [`ctr::${n}`, mode('CTR')]),
  // The block-modes crate (before cbc/ecb/cfb-mode): `Cbc<Aes128, Pkcs7>`.
  ['block_modes::Cbc', mode('CBC', undefined, 1)], ['block_modes::Ecb', mode('ECB', undefined, 1)], ['block_modes::Cfb', mode('CFB', undefined, 1)],
  ['block_modes::Ofb', mode('OFB', undefined, 1)], ['block_modes::Pcbc', mode('PCBC', undefined, 1)],
  // MACs and KDFs over a hash or a cipher.
  ['hmac::Hmac', { role: 'over-hash', spelling: 'HMAC', functions: ['tag'] }], ['hmac::SimpleHmac', { role: 'over-hash', spelling: 'HMAC', functions: ['tag'] }],
  ['hkdf::Hkdf', { role: 'over-hash', spelling: 'HKDF', functions: ['keyderive'] }], ['hkdf::SimpleHkdf', { role: 'over-hash', spelling: 'HKDF', functions: ['keyderive'] }],
  ['cmac::Cmac', { role: 'over-cipher', spelling: 'CMAC', functions: ['tag'] }],
  // Typed key and nonce bytes.
  ['aes_gcm::Nonce', { role: 'nonce', of: 'AES-GCM' }], ['aes_gcm_siv::Nonce', { role: 'nonce', of: 'AES-GCM-SIV' }],
  ['chacha20poly1305::Nonce', { role: 'nonce', of: 'ChaCha20-Poly1305' }], ['chacha20poly1305::XNonce', { role: 'nonce', of: 'XChaCha20-Poly1305' }],
  ['aes_gcm::Key', { role: 'key', of: 'AES-GCM' }], ['chacha20poly1305::Key', { role: 'key', of: 'ChaCha20-Poly1305' }], ['aes_gcm_siv::Key', { role: 'key', of: 'AES-GCM-SIV' }],
  // Handled types (see keys.ts, passwords.ts, pqc.ts).
  ['rsa::RsaPrivateKey', handled('rsa-key')], ['rsa::RsaPublicKey', handled('rsa-key')], ['rsa::Oaep', handled('rsa-oaep')],
  ['rsa::Pkcs1v15Sign', handled('rsa-pkcs1v15-sign')], ['rsa::Pss', handled('rsa-pss')],
  ['rsa::pkcs1v15::SigningKey', handled('rsa-pkcs1v15-sign')], ['rsa::pkcs1v15::VerifyingKey', handled('rsa-pkcs1v15-sign')],
  ['rsa::pss::SigningKey', handled('rsa-pss')], ['rsa::pss::BlindedSigningKey', handled('rsa-pss')], ['rsa::pss::VerifyingKey', handled('rsa-pss')],
  ...['p256', 'p384', 'p521', 'k256', 'p224', 'p192', 'sm2'].flatMap((c): Array<[string, TypeSpec]> =>
    ['SigningKey', 'VerifyingKey', 'SecretKey', 'EphemeralSecret', 'PublicKey', 'SharedSecret'].map((n): [string, TypeSpec] => [`${c}::${n}`, handled('ec')])),
  // The curve-generic types (`elliptic_curve::ecdh::EphemeralSecret<NistP256>`, `ecdsa::SigningKey<C>`): the curve is the argument.
  ...['EphemeralSecret', 'SecretKey', 'PublicKey'].map((n): [string, TypeSpec] => [`elliptic_curve::${n}`, handled('ec')]),
  ...['SigningKey', 'VerifyingKey'].map((n): [string, TypeSpec] => [`ecdsa::${n}`, handled('ec')]),
  ...['SigningKey', 'VerifyingKey', 'Keypair', 'SecretKey', 'PublicKey'].map((n): [string, TypeSpec] => [`ed25519_dalek::${n}`, handled('ed25519')]),
  ...['EphemeralSecret', 'StaticSecret', 'ReusableSecret', 'PublicKey'].map((n): [string, TypeSpec] => [`x25519_dalek::${n}`, handled('x25519')]),
  ['curve25519_dalek::MontgomeryPoint', handled('montgomery')],
  ['argon2::Argon2', handled('argon2')], ['argon2::Params', handled('argon2-params')], ['scrypt::Params', handled('scrypt-params')],
  ['pbkdf2::Pbkdf2', handled('pbkdf2-phc')], ['scrypt::Scrypt', handled('scrypt-phc')],
  ...['MlKem512', 'MlKem768', 'MlKem1024'].map((n): [string, TypeSpec] => [`ml_kem::${n}`, handled('ml-kem')]),
  ...['MlDsa44', 'MlDsa65', 'MlDsa87'].map((n): [string, TypeSpec] => [`ml_dsa::${n}`, handled('ml-dsa')]),
  ['slh_dsa::SigningKey', handled('slh-dsa')], ['slh_dsa::VerifyingKey', handled('slh-dsa')],
  ['openssl::Cipher', handled('openssl-cipher')], ['openssl::MessageDigest', handled('openssl-digest')], ['openssl::Rsa', handled('openssl-rsa')],
  ['openssl::Dsa', handled('openssl-dsa')], ['openssl::EcGroup', handled('openssl-ec')], ['openssl::PKey', handled('openssl-pkey')],
  ['openssl::SslMethod', handled('openssl-method')], ['openssl::Dh', handled('openssl-dh')], ['openssl::SslAcceptor', handled('openssl-acceptor')],
  ['rustls::ClientConfig', handled('rustls-config')], ['rustls::ServerConfig', handled('rustls-config')],
  ['jsonwebtoken::EncodingKey', handled('jwt-key')], ['jsonwebtoken::DecodingKey', handled('jwt-key')],
  ['jsonwebtoken::Header', handled('jwt-default')], ['jsonwebtoken::Validation', handled('jwt-default')],
  // ring and aws-lc-rs key types whose constructors name the algorithm (ring.ts, ringKeyCall).
  ...['ring', 'aws_lc_rs'].flatMap((c): Array<[string, TypeSpec]> => ['Ed25519KeyPair', 'RsaKeyPair'].map((n): [string, TypeSpec] => [`${c}::${n}`, handled('ring-key')])),
  ...['PrivateDecryptingKey', 'PublicEncryptingKey', 'Pkcs1PublicEncryptingKey', 'Pkcs1PrivateDecryptingKey'].map((n): [string, TypeSpec] => [`aws_lc_rs::${n}`, handled('ring-key')]),
  ['rcgen::KeyPair', handled('rcgen-keypair')],
  ['opaque_ke::ServerSetup', handled('opaque-setup')],
  // ruma-signatures' key pair (ruma.ts): `generate()` makes one, `from_der`/`from_pkcs8` load one to sign with.
  ['ruma_signatures::Ed25519KeyPair', handled('ed25519')], ['ruma::Ed25519KeyPair', handled('ed25519')],
]);

/** The crate and last segment of a canonical path: `aes_gcm::aead::Aes256Gcm` -> `aes_gcm::Aes256Gcm`. */
export function crateItem(path: string): string {
  const segs = path.split('::');
  return segs.length > 2 ? `${segs[0]}::${segs[segs.length - 1]}` : path;
}

export function lookupType(path: string): TypeSpec | undefined {
  return TYPES.get(path) ?? TYPES.get(crateItem(path));
}

/** Last segments of every known type: the names the detector's query looks for. */
export const TYPE_NAMES: readonly string[] = [...new Set([...TYPES.keys()].map((k) => k.split('::').pop()!))];

/** `block_modes` padding type -> the registry's padding name. */
const PADDINGS: Record<string, string> = {
  Pkcs7: 'PKCS7', NoPadding: 'NoPadding', ZeroPadding: 'ZeroPadding', Iso7816: 'ISO7816-4', AnsiX923: 'X923', Iso10126: 'ISO10126',
};

export interface TypeAlgorithm {
  spelling: string;
  params: AlgorithmParams;
  unresolved: ('keySize' | 'hash')[];
  functions: CryptoFunction[];
}

/** The algorithm a (possibly generic) RustCrypto type stands for; undefined when it is not one. */
export function algorithmOf(t: RustType | undefined): TypeAlgorithm | undefined {
  if (!t) return undefined;
  const spec = lookupType(t.path);
  if (!spec) return undefined;
  switch (spec.role) {
    case 'hash':
      return { spelling: spec.spelling, params: { ...spec.params }, unresolved: [], functions: ['digest'] };
    case 'block':
      return { spelling: spec.spelling, params: { ...spec.params }, unresolved: spec.spelling === 'AES' && !spec.params?.keySize ? ['keySize'] : [], functions: [] };
    case 'cipher':
      return { spelling: spec.spelling, params: { ...spec.params }, unresolved: [], functions: [] };
    case 'mode': {
      const inner = algorithmOf(t.args[0]);
      const padding = spec.paddingArg !== undefined ? PADDINGS[t.args[spec.paddingArg]?.path.split('::').pop() ?? ''] : undefined;
      // A mode over a cipher the file does not name (`cbc::Decryptor<C>` of a generic `C`) is a block cipher of
      // unknown kind; only the aes-gcm and aes-gcm-siv crates' types are AES by their API.
      if (!inner) {
        const spelling = /^GCM/.test(spec.mode) ? 'AES' : unresolvedSpelling('block-cipher');
        return { spelling, params: { mode: spec.mode, ...(padding ? { padding } : {}) }, unresolved: ['keySize'], functions: spec.functions ?? [] };
      }
      return { spelling: inner.spelling, params: { ...inner.params, mode: spec.mode, ...(padding ? { padding } : {}) }, unresolved: inner.unresolved, functions: spec.functions ?? [] };
    }
    case 'over-hash': {
      const h = algorithmOf(t.args[0]);
      const hashName = h && lookupType(t.args[0]!.path)?.role === 'hash' ? h.spelling : undefined;
      return { spelling: spec.spelling, params: hashName ? { hash: hashName } : {}, unresolved: hashName ? [] : ['hash'], functions: spec.functions };
    }
    case 'over-cipher': {
      const c = algorithmOf(t.args[0]);
      if (c?.spelling === 'AES') return { spelling: 'AES-CMAC', params: { ...(c.params.keySize ? { keySize: c.params.keySize } : {}) }, unresolved: c.params.keySize ? [] : ['keySize'], functions: spec.functions };
      return { spelling: spec.spelling, params: {}, unresolved: [], functions: spec.functions };
    }
    default:
      return undefined;
  }
}
