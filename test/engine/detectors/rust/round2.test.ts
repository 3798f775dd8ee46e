// Rust detector, second round: EC keys used for ECDH, a ring PBKDF2 algorithm kept in a static, rustls
// builders given a provider, curve25519-dalek's Montgomery points, a struct field's declared type, and
// calls inside macro arguments. Every snippet is written for this test.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, names, protocols } from './helpers.js';

const lines = (...l: string[]): string => `${l.join('\n')}\n`;

describe('Rust detector, round 2', () => {
  it('a parsed EC public key given to diffie_hellman is ECDH on its curve; one whose use is unknown is the bare EC key', () => {
    const source = lines(
      'use p256::{PublicKey, SecretKey};',
      'use elliptic_curve::ecdh::diffie_hellman;',
      'fn agree(sk: &SecretKey, peer: &[u8]) -> Vec<u8> {',
      '    let their = PublicKey::from_sec1_bytes(peer).expect("point");',
      '    diffie_hellman(sk.to_nonzero_scalar(), their.as_affine()).raw_secret_bytes().to_vec()',
      '}',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name]), [[4, 'ECDH-P256']]);
    // Nothing in this file agrees a secret: the bare key, which the knowledge base names as ECDSA on its curve.
    const unknown = lines('use p384::ecdsa::Signature;', 'fn load(b: &[u8]) { let k = p384::PublicKey::from_sec1_bytes(b).unwrap(); store(k); }');
    assert.deepEqual(algorithms(unknown).map((a) => [a.line, a.spelling, a.name]), [[2, 'EC', 'ECDSA-P384']]);
  });

  it('a curve-generic public key in a file that does ECDH with the ecdh module (and signs with nothing) is ECDH', () => {
    const source = lines(
      'use elliptic_curve::ecdh::{EphemeralSecret, SharedSecret};',
      'use elliptic_curve::{PublicKey, Curve};',
      'fn kex<C: Curve>(remote: &[u8]) -> Result<PublicKey<p384::NistP384>, Error> {',
      '    let server = PublicKey::<p384::NistP384>::from_sec1_bytes(remote)?;',
      '    Ok(server)',
      '}',
    );
    assert.deepEqual(names(source), ['ECDH-P384']);
  });

  it('a ring PBKDF2 algorithm kept in a static takes the rounds of the derive/verify calls that agree on them', () => {
    const source = lines(
      'use std::num::NonZeroU32;',
      'use ring::{digest, pbkdf2};',
      'static DIGEST_ALG: pbkdf2::Algorithm = pbkdf2::PBKDF2_HMAC_SHA256;',
      'const ROUNDS: u32 = 600_000;',
      'pub fn hash(secret: &[u8], salt: &[u8]) -> Vec<u8> {',
      '    let mut out = vec![0u8; 32];',
      '    pbkdf2::derive(DIGEST_ALG, NonZeroU32::new(ROUNDS).unwrap(), salt, secret, &mut out);',
      '    out',
      '}',
      'pub fn check(secret: &[u8], salt: &[u8], prev: &[u8]) -> bool {',
      '    pbkdf2::verify(DIGEST_ALG, NonZeroU32::new(600_000).unwrap(), salt, secret, prev).is_ok()',
      '}',
    );
    const a = algorithms(source);
    assert.deepEqual(a.map((x) => [x.line, x.name]), [[3, 'PBKDF2-SHA-256-600000']]);
    assert.deepEqual(a[0]!.params, { hash: 'SHA-256', iterations: 600000, outputLength: 256 });
  });

  it('a PBKDF2 static used with rounds the code does not fix (or that disagree) keeps them unknown', () => {
    const source = lines(
      'use ring::pbkdf2;',
      'static ALG: pbkdf2::Algorithm = pbkdf2::PBKDF2_HMAC_SHA512;',
      'pub fn hash(secret: &[u8], salt: &[u8], iterations: u32, out: &mut [u8]) {',
      '    pbkdf2::derive(ALG, NonZeroU32::new(iterations).unwrap(), salt, secret, out);',
      '    pbkdf2::derive(ALG, NonZeroU32::new(100_000).unwrap(), salt, secret, out);',
      '}',
    );
    const [a] = algorithms(source);
    assert.deepEqual([a!.params, a!.unresolved], [{ hash: 'SHA-512' }, ['iterations']]);
  });

  it('rustls builders given a provider claim versions only for a provider whose versions are known', () => {
    const source = lines(
      'use std::sync::Arc;',
      'use rustls::{ClientConfig, ServerConfig};',
      'use rustls_aws_lc_rs::DEFAULT_TLS13_PROVIDER;',
      'fn a() { let c = ClientConfig::builder(rustls_aws_lc_rs::DEFAULT_PROVIDER.into()).with_root_certificates(roots); }',
      'fn b() { let c = ClientConfig::builder(Arc::new(DEFAULT_TLS13_PROVIDER)); }',
      'fn c(provider: Arc<CryptoProvider>) { let c = ServerConfig::builder(provider).with_no_client_auth(); }',
      'fn d() {',
      '    let p = rustls::crypto::ring::default_provider();',
      '    let c = ClientConfig::builder_with_provider(p.into()).with_safe_default_protocol_versions().unwrap();',
      '}',
      'fn e(p: Arc<CryptoProvider>) { let c = ClientConfig::builder_with_provider(p).with_safe_default_protocol_versions(); }',
      'fn f() { let c = ClientConfig::builder(); }',
    );
    assert.deepEqual(protocols(source).map((p) => [p.occurrence.line, p.protocol.version]), [
      [4, '1.2'], [4, '1.3'], [5, '1.3'], [9, '1.2'], [9, '1.3'], [12, '1.2'], [12, '1.3'],
    ]);
  });

  it("a provider returned by the file's own function (one per feature) is followed", () => {
    const source = lines(
      'use rustls::{ClientConfig, crypto};',
      'pub fn client_config() -> ClientConfig {',
      '    ClientConfig::builder_with_provider(Arc::new(default_provider())).with_safe_default_protocol_versions().unwrap()',
      '        .with_root_certificates(roots).with_no_client_auth()',
      '}',
      '#[cfg(not(feature = "tls-ring"))]',
      'pub fn default_provider() -> CryptoProvider {',
      '    crypto::aws_lc_rs::default_provider()',
      '}',
      '#[cfg(feature = "tls-ring")]',
      'pub fn default_provider() -> CryptoProvider {',
      '    crypto::ring::default_provider()',
      '}',
      'fn other() { ClientConfig::builder_with_provider(Arc::new(custom())).with_safe_default_protocol_versions(); }',
      'fn custom() -> CryptoProvider { CryptoProvider { tls12_cipher_suites: vec![], ..crypto::ring::default_provider() } }',
    );
    assert.deepEqual(protocols(source).map((p) => [p.occurrence.line, p.protocol.version]), [[3, '1.2'], [3, '1.3']]);
  });

  it('libcrux ML-KEM and ML-DSA name the parameter set by module', () => {
    const source = lines(
      'use libcrux_ml_kem::{kyber1024, mlkem768};',
      'use libcrux_ml_kem::mlkem1024::{decapsulate, encapsulate, generate_key_pair};',
      'fn kem(seed: [u8; 64], r: [u8; 32]) {',
      '    let (sk, pk) = kyber1024::generate_key_pair(seed).into_parts();',
      '    let (ct, ss) = mlkem768::encapsulate(&pk768, r);',
      '    let kp = generate_key_pair(seed);',
      '    let ss2 = decapsulate(kp.private_key(), &ct);',
      '    let s = libcrux_ml_dsa::ml_dsa_65::sign(&sk, msg, ctx, r);',
      '}',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name, a.functions]), [
      [4, 'ML-KEM-1024', ['keygen']], [5, 'ML-KEM-768', ['encapsulate']], [6, 'ML-KEM-1024', ['keygen']], [7, 'ML-KEM-1024', ['decapsulate']], [8, 'ML-DSA-65', ['sign']],
    ]);
  });

  it('sodiumoxide modules name the algorithm, also through a crate that re-exports it', () => {
    const source = lines(
      'use hbb_common::{sodiumoxide::crypto::{box_, secretbox, sign}, ResultType};',
      'use sodiumoxide::crypto::hash::sha256;',
      'fn f(their: [u8; 32], data: &[u8], pk: &sign::PublicKey) {',
      '    let (our_pk, our_sk) = box_::gen_keypair();',
      '    let key = secretbox::gen_key();',
      '    let sealed = box_::seal(&key.0, &nonce, &box_::PublicKey(their), &our_sk);',
      '    let ok = sign::verify(data, pk);',
      '    let h = sha256::hash(data);',
      '    let n = secretbox::gen_nonce();',
      '}',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name, a.functions]), [
      [4, 'X25519', ['keygen']], [5, 'XSalsa20-Poly1305', ['keygen']], [6, 'XSalsa20-Poly1305', ['encrypt']], [7, 'Ed25519', ['verify']], [8, 'SHA-256', ['digest']],
    ]);
  });

  it("curve25519-dalek's Montgomery points are X25519; Edwards arithmetic is not named", () => {
    const source = lines(
      'use curve25519_dalek::montgomery::MontgomeryPoint;',
      'use curve25519_dalek::constants::X25519_BASEPOINT;',
      'use curve25519_dalek::edwards::EdwardsPoint;',
      'fn kx(sk: [u8; 32], peer: [u8; 32]) -> [u8; 32] {',
      '    let public = MontgomeryPoint::mul_base_clamped(sk);',
      '    let public2 = X25519_BASEPOINT.mul_clamped(sk);',
      '    let point = MontgomeryPoint(peer);',
      '    let shared = point.mul_clamped(sk);',
      '    let e = EdwardsPoint::mul_base_clamped(sk);',
      '    shared.to_bytes()',
      '}',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name, a.functions]), [
      [5, 'X25519', ['keygen']], [6, 'X25519', ['keygen']], [8, 'X25519', undefined],
    ]);
  });

  it("a trait constructor assigned to a struct field takes the field's declared type", () => {
    const source = lines(
      'use hmac::{Hmac, Mac};',
      'use sha2::Sha256;',
      'pub(crate) struct HmacWriter {',
      '    inner: Hmac<Sha256>,',
      '}',
      'impl HmacWriter {',
      '    pub(crate) fn new(key: &[u8]) -> Self {',
      '        HmacWriter { inner: Hmac::new_from_slice(key).expect("key is the correct length") }',
      '    }',
      '    pub(crate) fn again(key: &[u8]) -> Self {',
      '        Self { inner: Mac::new_from_slice(key).unwrap() }',
      '    }',
      '}',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name]), [[8, 'HMAC-SHA-256'], [11, 'HMAC-SHA-256']]);
  });

  it('calls written in macro arguments are read at their own line and column; constants only compared or printed are not', () => {
    const source = lines(
      'use md5::{Digest, Md5};',
      'use sha2::Sha256;',
      'use ring::digest;',
      'fn etag(body: &[u8]) -> String {',
      '    let tag = format!("{:x}", Md5::digest(body));',
      '    println!("{} {}", tag, hex::encode(digest::digest(&digest::SHA384, body)));',
      '    log::debug!("alg {:?} {:?}", digest::SHA512, format!("{:x}", Sha256::digest(body)));',
      '    assert_eq!(Sha256::digest(body).len(), 32);',
      '    assert_eq!(alg, &digest::SHA1_FOR_LEGACY_USE_ONLY);',
      '    tag',
      '}',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.occurrence.column, a.name, a.occurrence.snippet.length > 0]), [
      [5, 31, 'MD5', true], [6, 56, 'SHA-384', true], [7, 66, 'SHA-256', true], [8, 16, 'SHA-256', true],
    ]);
  });

  it('macro templates (quote!) and macro definitions are not parsed as calls', () => {
    const source = lines(
      'use sha2::Sha256;',
      'macro_rules! h { ($x:expr) => { Sha256::digest($x) }; }',
      'fn gen() -> TokenStream { quote! { let d = Sha256::digest(#input); } }',
    );
    assert.deepEqual(names(source), []);
  });
});
