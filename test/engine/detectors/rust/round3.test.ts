// Rust detector, third round (rcgen, rustls-webpki and the openssl crate): rcgen's post-quantum
// signature constants and key generation, webpki's verification constants, PkeyCtx paddings after the
// operation's init, OAEP digests, TLS groups, and certificates signed by X509Builder. Every snippet is
// written for this test.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, protocols } from './helpers.js';

const lines = (...l: string[]): string => `${l.join('\n')}\n`;
const row = (a: { line: number; name: string; functions?: string[] }): [number, string, string] => [a.line, a.name, a.functions?.join('+') ?? ''];

describe('rcgen and rustls-webpki', () => {
  it('rcgen ML-DSA constants are ML-DSA-44/65/87 like their classical neighbours; webpki verification constants verify', () => {
    const source = lines(
      'use rcgen::{CertificateParams, PKCS_ML_DSA_87};',
      'use webpki::aws_lc_rs::ML_DSA_65;',
      'fn pick(kind: Kind) -> &\'static rcgen::SignatureAlgorithm {',
      '    match kind {',
      '        Kind::Small => &rcgen::PKCS_ML_DSA_44,',
      '        Kind::Medium => &rcgen::PKCS_ML_DSA_65,',
      '        Kind::Large => &PKCS_ML_DSA_87,',
      '        Kind::Classic => &rcgen::PKCS_ECDSA_P256_SHA256,',
      '    }',
      '}',
      'const VERIFIERS: &[&dyn SignatureVerificationAlgorithm] = &[ML_DSA_65, webpki::ring::ECDSA_P384_SHA384, webpki::ring::ED25519];',
    );
    assert.deepEqual(algorithms(source).map(row), [
      [5, 'ML-DSA-44', 'sign'], [6, 'ML-DSA-65', 'sign'], [7, 'ML-DSA-87', 'sign'], [8, 'ECDSA-P256-SHA-256', 'sign'],
      [11, 'ML-DSA-65', 'verify'], [11, 'ECDSA-P384-SHA-384', 'verify'], [11, 'Ed25519', 'verify'],
    ]);
  });

  it('rcgen key pairs: the default ECDSA P-256/SHA-256, the algorithm given to generate_for, the RSA key size of generate_rsa_for', () => {
    const source = lines(
      'use rcgen::{generate_simple_self_signed, KeyPair, RsaKeySize, PKCS_RSA_PSS_SHA256};',
      'fn issue(names: Vec<String>, strong: bool) {',
      '    let default_key = KeyPair::generate().unwrap();',
      '    let quick = generate_simple_self_signed(names).unwrap();',
      '    let ec = KeyPair::generate_for(&rcgen::PKCS_ECDSA_P384_SHA384).unwrap();',
      '    let rsa = KeyPair::generate_rsa_for(&rcgen::PKCS_RSA_SHA256, RsaKeySize::_3072).unwrap();',
      '    let pss = rcgen::KeyPair::generate_rsa_for(&PKCS_RSA_PSS_SHA256, RsaKeySize::_4096).unwrap();',
      '    let alg = &rcgen::PKCS_ED25519;',
      '    let ed = KeyPair::generate_for(alg).unwrap();',
      '}',
      'pub fn any(alg: &\'static rcgen::SignatureAlgorithm) -> KeyPair { KeyPair::generate_for(alg).unwrap() }',
    );
    assert.deepEqual(algorithms(source).map(row), [
      [3, 'ECDSA-P256-SHA-256', 'keygen'], [4, 'ECDSA-P256-SHA-256', 'keygen+sign'], [5, 'ECDSA-P384-SHA-384', 'keygen'],
      [6, 'RSA-PKCS1-1.5-SHA-256-3072', 'keygen'], [7, 'RSA-PSS-SHA-256-4096', 'keygen'],
      [8, 'Ed25519', 'sign'], [9, 'Ed25519', 'keygen'], [11, 'unknown-key-pair-generator', 'keygen'],
    ]);
  });

  it('a KeyPair that is not rcgen\'s (ring\'s trait, a local type) generates nothing', () => {
    const source = lines(
      'use ring::signature::{Ed25519KeyPair, KeyPair};',
      'struct KeyPairHolder;',
      'fn local() { let k = KeyPair::generate(); let p = crate::tls::KeyPair::generate(); }',
      'mod other { pub struct KeyPair; impl KeyPair { pub fn generate() -> Self { KeyPair } } pub fn g() { let _ = KeyPair::generate(); } }',
    );
    assert.deepEqual(algorithms(source).map(row), []);
  });
});

describe('the openssl crate', () => {
  it('a PkeyCtx padding is a signature after sign_init/verify_recover_init and encryption after encrypt_init/decrypt_init', () => {
    const source = lines(
      'use openssl::md::Md;',
      'use openssl::pkey::PKey;',
      'use openssl::pkey_ctx::PkeyCtx;',
      'use openssl::rsa::{Padding, Rsa};',
      'fn roundtrip(msg: &[u8], digest: &[u8]) {',
      '    let pkey = PKey::from_rsa(Rsa::generate(3072).unwrap()).unwrap();',
      '    let mut ctx = PkeyCtx::new(&pkey).unwrap();',
      '    ctx.sign_init().unwrap();',
      '    ctx.set_rsa_padding(Padding::PKCS1).unwrap();',
      '    ctx.set_signature_md(Md::sha384()).unwrap();',
      '    let mut ctx = PkeyCtx::new(&pkey).unwrap();',
      '    ctx.verify_recover_init().unwrap();',
      '    ctx.set_rsa_padding(Padding::PKCS1).unwrap();',
      '    let mut ctx = PkeyCtx::new(&pkey).unwrap();',
      '    ctx.encrypt_init().unwrap();',
      '    ctx.set_rsa_padding(Padding::PKCS1).unwrap();',
      '    ctx.decrypt_init().unwrap();',
      '    ctx.set_rsa_padding(Padding::PKCS1_OAEP).unwrap();',
      '    ctx.set_rsa_oaep_md(Md::sha256()).unwrap();',
      '}',
      'fn shared(ctx: &mut PkeyCtx<Private>) { ctx.sign_init().unwrap(); ctx.set_rsa_padding(Padding::PKCS1_PSS).unwrap(); ctx.set_signature_md(Md::sha256()).unwrap(); }',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+')]), [
      [6, 'RSA-3072', 'keygen'], [9, 'RSA-PKCS1-1.5-SHA-384-3072', 'sign'], [13, 'RSA-PKCS1-1.5-3072', 'verify'],
      [16, 'RSA-PKCS1-1.5-3072', 'encrypt'], [18, 'RSA-OAEP-SHA-256-3072', 'decrypt'], [21, 'RSA-PSS-SHA-256', 'sign'],
    ]);
    // Only the encryption padding is PKCS#1 v1.5 encryption.
    assert.deepEqual(algorithms(source).filter((a) => a.params.padding === 'PKCS1v15').map((a) => a.line), [16]);
  });

  it('an OAEP digest set on an Encrypter/Decrypter replaces the SHA-1 default; without one it stays SHA-1', () => {
    const source = lines(
      'use openssl::encrypt::{Decrypter, Encrypter};',
      'use openssl::hash::MessageDigest;',
      'use openssl::rsa::Padding;',
      'fn wrap(pkey: &PKey<Private>, data: &[u8]) {',
      '    let md = MessageDigest::sha256();',
      '    let mut e = Encrypter::new(pkey).unwrap();',
      '    e.set_rsa_padding(Padding::PKCS1_OAEP).unwrap();',
      '    e.set_rsa_oaep_md(md).unwrap();',
      '    let mut d = Decrypter::new(pkey).unwrap();',
      '    d.set_rsa_padding(Padding::PKCS1_OAEP).unwrap();',
      '    d.set_rsa_oaep_label(b"label").unwrap();',
      '}',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+')]), [
      [5, 'SHA-256', 'digest'], [7, 'RSA-OAEP-SHA-256', 'encrypt'], [10, 'RSA-OAEP-SHA-1', 'decrypt'],
    ]);
  });

  it('TLS groups set on an SslContextBuilder or SslRef are reported, the hybrid X25519MLKEM768 included; a list from elsewhere is not', () => {
    const source = lines(
      'use openssl::ssl::{SslContextBuilder, SslMethod, SslRef};',
      'fn context() -> SslContextBuilder {',
      '    let mut b = SslContextBuilder::new(SslMethod::tls()).unwrap();',
      '    b.set_groups_list("X25519MLKEM768:P-384").unwrap();',
      '    b',
      '}',
      'fn per_connection(ssl: &mut SslRef, configured: &str) {',
      '    ssl.set_curves_list("prime256v1").unwrap();',
      '    ssl.set_groups_list(configured).unwrap();',
      '}',
    );
    assert.deepEqual(protocols(source).map((p) => [p.occurrence.line, p.protocol.groups?.join()]), [[4, 'X25519MLKEM768,P-384'], [8, 'prime256v1']]);
  });

  it('X509Builder::sign is a certificate signature with its digest and the key\'s scheme; a digest in a signature is no hash of its own', () => {
    const source = lines(
      'use openssl::ec::{EcGroup, EcKey};',
      'use openssl::hash::MessageDigest;',
      'use openssl::nid::Nid;',
      'use openssl::pkey::PKey;',
      'use openssl::rsa::Rsa;',
      'use openssl::x509::{X509, X509ReqBuilder};',
      'fn self_signed() {',
      '    let rsa = Rsa::generate(2048).unwrap();',
      '    let key = PKey::from_rsa(rsa).unwrap();',
      '    let mut cert = X509::builder().unwrap();',
      '    cert.sign(&key, MessageDigest::sha1()).unwrap();',
      '    let group = EcGroup::from_curve_name(Nid::SECP384R1).unwrap();',
      '    let ec = PKey::from_ec_key(EcKey::generate(&group).unwrap()).unwrap();',
      '    let mut req = X509ReqBuilder::new().unwrap();',
      '    req.sign(&ec, MessageDigest::sha384()).unwrap();',
      '}',
      'fn issue(ca_key: &PKey<Private>, b: &mut X509Builder) { b.sign(ca_key, MessageDigest::sha256()).unwrap(); }',
      'fn not_openssl(k: &SigningKey, msg: &[u8]) { let s = k.sign(msg); let t = k.sign(&mut rng, msg); }',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+')]), [
      [8, 'RSA-2048', 'keygen'], [11, 'RSA-PKCS1-1.5-SHA-1-2048', 'sign'], [12, 'ECDSA-P384', 'keygen'],
      [15, 'ECDSA-P384-SHA-384', 'sign'], [17, 'unknown-signature', 'sign'],
    ]);
    assert.equal(algorithms(source).find((a) => a.line === 17)?.params.hash, 'SHA-256');
  });
});
