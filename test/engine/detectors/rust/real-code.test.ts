// Rust detector: cases found by scanning real repositories (rustls, russh, jsonwebtoken, rage,
// vaultwarden, RustCrypto/password-hashes, rust-openssl). Every snippet is written for this test.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rustDetector } from '../../../../src/engine/detectors/source/rust/index.js';
import { snippetHelpers } from '../source-helpers.js';

const { algorithms, names, signals, protocols } = snippetHelpers(rustDetector, 'src/lib.rs');
const lines = (...l: string[]): string => `${l.join('\n')}\n`;

describe('Rust detector on real-code shapes', () => {
  it('a constant in a match pattern, also inside a tuple pattern, is not a use', () => {
    const source = lines(
      'use rustls::CipherSuite;',
      'fn pick(v: u8, s: CipherSuite) -> u8 {',
      '    match (v, s) {',
      '        (_, CipherSuite::TLS13_AES_256_GCM_SHA384) => 1,',
      '        (1, CipherSuite::TLS13_AES_128_GCM_SHA256) | (2, CipherSuite::TLS13_CHACHA20_POLY1305_SHA256) => 2,',
      '        _ => 0,',
      '    }',
      '}',
      'fn want() -> CipherSuite { CipherSuite::TLS13_AES_128_GCM_SHA256 }',
    );
    assert.deepEqual(protocols(source).map((p) => [p.occurrence.line, p.protocol.cipherSuites]), [[9, ['TLS_AES_128_GCM_SHA256']]]);
  });

  it('a constant imported under another name is read where the alias is used', () => {
    const source = lines(
      'use ring::aead::{AES_128_GCM as ALGORITHM_AES_128_GCM, AES_256_GCM as ALGORITHM_AES_256_GCM};',
      'pub const AES_128_GCM: Name = Name("aes128-gcm@openssh.com");',
      'static GCM_128: GcmCipher = GcmCipher(&ALGORITHM_AES_128_GCM);',
      'static GCM_256: GcmCipher = GcmCipher(&ALGORITHM_AES_256_GCM);',
    );
    // Line 2 is russh's SSH name table entry, reported by the shared SSH-name reader.
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name]).sort((a, b) => Number(a[0]) - Number(b[0])), [[2, 'AES-128-GCM'], [3, 'AES-128-GCM'], [4, 'AES-256-GCM']]);
  });

  it('constants written as paths in a macro call are read; the same in an assertion or a log line are not', () => {
    const source = lines(
      'use aws_lc_rs::hmac;',
      'use jsonwebtoken::Algorithm;',
      'define_hmac_signer!(Hs256Signer, Algorithm::HS256, hmac::HMAC_SHA256);',
      'define_hmac_signer!(Hs512Signer, Algorithm::HS512, aws_lc_rs::hmac::HMAC_SHA512);',
      'fn t(k: &hmac::Key) {',
      '    assert_eq!(k.algorithm(), hmac::HMAC_SHA384);',
      '    log::debug!("using {:?}", hmac::HMAC_SHA1_FOR_LEGACY_USE_ONLY);',
      '}',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name]), [
      [3, 'HMAC-SHA-256'], [3, 'HMAC-SHA-256'], [4, 'HMAC-SHA-512'], [4, 'HMAC-SHA-512'],
    ]);
  });

  it('an associated type of a trait (`<Kem as hpke::Kem>::PublicKey`) is not the imported type of the same name', () => {
    const source = lines(
      'use p256::PublicKey;',
      'fn f(b: &[u8]) {',
      '    let pk = <Kem as hpke::Kem>::PublicKey::from_bytes(b);',
      '    let ec = PublicKey::from_sec1_bytes(b);',
      '}',
    );
    assert.deepEqual(algorithms(source).map((a) => a.line), [4]);
  });
});

describe('password-hash API on real-code shapes', () => {
  it('verify_password checks with the stored hash\'s algorithm and parameters, not the hasher\'s defaults', () => {
    const source = lines(
      'use argon2::{Argon2, PasswordHash, PasswordHasher, PasswordVerifier};',
      'use scrypt::Scrypt;',
      'fn check(pw: &[u8], stored: &str, salt: &SaltString) -> bool {',
      '    let h = PasswordHash::new(stored).unwrap();',
      '    let _ = Argon2::default().hash_password(pw, salt);',
      '    let _ = Scrypt.verify_password(pw, &h);',
      '    argon2::Argon2::default().verify_password(pw, &h).is_ok()',
      '}',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+'), (a.unresolved ?? []).join(',')]), [
      [5, 'Argon2id-19456-2-1', 'keyderive', ''],
      [6, 'scrypt', 'verify', 'cost'],
      [7, 'Argon2', 'verify', 'cost,memoryCost,parallelism'],
    ]);
  });

  it('an Argon2 variant imported by name (`use argon2::Algorithm::Argon2id`) names the algorithm', () => {
    const source = lines(
      'use argon2::{Algorithm::Argon2id, Argon2, Params, Version::V0x13};',
      'fn hasher(p: Params) -> Argon2<\'static> { Argon2::new(Argon2id, V0x13, p) }',
    );
    assert.deepEqual(algorithms(source).map((a) => a.name), ['Argon2id']);
  });
});

describe('RustCrypto modes on real-code shapes', () => {
  it('a mode over a generic cipher is an unknown block cipher in that mode, not AES', () => {
    const source = lines(
      'use cbc::{Decryptor, Encryptor};',
      'use aes_gcm::AesGcm;',
      'struct W<C> { c: C, iv: Block<C> }',
      'impl<C: BlockCipherDecrypt + Clone> W<C> {',
      '    fn dec(&self) { let d = Decryptor::<&C>::inner_iv_init(&self.c, &self.iv); }',
      '    fn enc(&self) { let e = Encryptor::<C>::inner_iv_init(self.c.clone(), &self.iv); }',
      '    fn gcm(&self, k: &Key) { let g = AesGcm::<C, U12>::new(k); }',
      '}',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name, a.params.mode]), [
      [5, 'unknown-block-cipher', 'CBC'], [6, 'unknown-block-cipher', 'CBC'], [7, 'AES-GCM', 'GCM'],
    ]);
  });
});

describe('openssl crate on real-code shapes', () => {
  it('an RSA padding set on a Signer or Verifier is a signature scheme with the signer\'s digest', () => {
    const source = lines(
      'use openssl::hash::MessageDigest;',
      'use openssl::rsa::Padding;',
      'use openssl::sign::{Signer, Verifier};',
      'fn sign(pkey: &PKey<Private>, data: &[u8]) -> Vec<u8> {',
      '    let mut signer = Signer::new(MessageDigest::sha384(), pkey).unwrap();',
      '    signer.set_rsa_padding(Padding::PKCS1).unwrap();',
      '    let mut verifier = Verifier::new(MessageDigest::sha256(), pkey).unwrap();',
      '    verifier.set_rsa_padding(Padding::PKCS1_PSS).unwrap();',
      '    signer.sign_oneshot_to_vec(data).unwrap()',
      '}',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+')]), [
      [5, 'SHA-384', 'digest'], [6, 'RSA-PKCS1-1.5-SHA-384', 'sign'], [7, 'SHA-256', 'digest'], [8, 'RSA-PSS-SHA-256', 'verify'],
    ]);
  });
});

describe('rustls verifiers on real-code shapes', () => {
  it('a ServerVerifier whose verify_identity asserts every identity (rustls 0.24 API) disables certificate checks', () => {
    const source = lines(
      'use rustls::client::danger::{ServerIdentity, ServerVerifier};',
      'use rustls::crypto::VerifiedIdentity;',
      'struct AcceptAll;',
      'impl ServerVerifier for AcceptAll {',
      '    fn verify_identity<\'a>(&self, identity: &ServerIdentity<\'a, \'_>) -> Result<VerifiedIdentity<\'a>, Error> {',
      '        Ok(VerifiedIdentity::assertion(identity.identity.clone()))',
      '    }',
      '}',
      'struct Pinned;',
      'impl ServerVerifier for Pinned {',
      '    fn verify_identity<\'a>(&self, identity: &ServerIdentity<\'a, \'_>) -> Result<VerifiedIdentity<\'a>, Error> {',
      '        check_pin(identity)?;',
      '        Ok(VerifiedIdentity::assertion(identity.identity.clone()))',
      '    }',
      '}',
      'impl Identity for Other { fn verify_identity(&self) -> Result<VerifiedIdentity, E> { Ok(VerifiedIdentity::assertion(self.0)) } }',
    );
    assert.deepEqual(signals(source).map((s) => [s.signal, s.occurrence.line]), [['cert-verification-disabled', 5]]);
  });
});

describe('elliptic-curve generic types on real-code shapes', () => {
  it('EphemeralSecret<NistP256> and ecdsa::SigningKey<C> take the curve from their argument; a type parameter leaves it unknown', () => {
    const source = lines(
      'use elliptic_curve::ecdh::EphemeralSecret;',
      'use p256::NistP256;',
      'fn kex<C: CurveArithmetic>() {',
      '    let a = EphemeralSecret::<NistP256>::generate_from_rng(&mut rand::rng());',
      '    let b = elliptic_curve::ecdh::EphemeralSecret::<C>::generate_from_rng(&mut rand::rng());',
      '    let c = ecdsa::SigningKey::<p384::NistP384>::from_slice(bytes);',
      '}',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name, a.params.curve, a.functions?.join('+')]), [
      [4, 'ECDH-P256', 'P-256', 'keygen'], [5, 'ECDH', undefined, 'keygen'], [6, 'ECDSA-P384', 'P-384', 'sign'],
    ]);
  });
});

describe('password-hash API inside macro arguments', () => {
  it('Scrypt with customized parameters or verifying a stored hash, written inside a macro call, gets no defaults', () => {
    const source = lines(
      'use scrypt::Scrypt;',
      'fuzz_target!(|d: &[u8]| {',
      '    let h = Scrypt.hash_password_customized(d, None, None, params, &salt).unwrap();',
      '    Scrypt.verify_password(d, &h).unwrap();',
      '    let k = Scrypt.hash_password(d, &salt);',
      '});',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+')]), [
      [3, 'scrypt', 'keyderive'], [4, 'scrypt', 'verify'], [5, 'scrypt-131072', 'keyderive'],
    ]);
  });
});
