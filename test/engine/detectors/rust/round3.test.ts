// Rust detector, third round (rcgen, rustls-webpki and the openssl crate): rcgen's post-quantum
// signature constants and key generation, webpki's verification constants, PkeyCtx paddings after the
// operation's init, OAEP digests, TLS groups, and certificates signed by X509Builder. Every snippet is
// written for this test.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms } from './helpers.js';

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
