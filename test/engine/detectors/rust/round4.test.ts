// Rust detector, fourth round (an audit of rustls/rustls): ring and aws-lc-rs key pairs and RSA
// encryption keys, aws-lc-rs cipher modes, rust-openssl's Mozilla acceptor profiles, rustls 0.24's
// provider crates, NamedGroup variants, HPKE suites and SignatureScheme lists. Every snippet is written
// for this test.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildInventory } from '../../../../src/engine/inventory/build.js';
import { evaluateFindings } from '../../../../src/engine/findings/index.js';
import { SKIP_REASONS, type ScanStats } from '../../../../src/engine/inventory/model.js';
import { algorithms, detect, kb, protocols, signals } from './helpers.js';

const lines = (...l: string[]): string => `${l.join('\n')}\n`;
const stats: ScanStats = {
  filesSeen: 1, filesScanned: 1, bytesScanned: 1, skipped: Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as ScanStats['skipped'],
  filesByDetector: {}, truncated: false,
};
/** The findings of one snippet's inventory, as `ruleId asset` pairs. */
const findings = (source: string): string[] =>
  [...new Set(evaluateFindings(buildInventory(detect(source), stats, kb)).findings.map((f) => `${f.ruleId} ${f.assetRef ?? ''}`))].sort();
const row = (a: { line: number; name: string; functions?: string[] }): [number, string, string] => [a.line, a.name, a.functions?.join('+') ?? ''];

describe('ring and aws-lc-rs key pairs', () => {
  it('Ed25519 key pairs are generated or loaded to sign; RSA key pairs loaded from PKCS#8/DER sign; EcdsaKeyPair::generate_pkcs8 generates', () => {
    const source = lines(
      'use ring::rand::SystemRandom;',
      'use ring::signature::{self, Ed25519KeyPair, EcdsaKeyPair, RsaKeyPair};',
      'pub fn enrol_device(rng: &SystemRandom) -> Vec<u8> {',
      '    let doc = Ed25519KeyPair::generate_pkcs8(rng).expect("ed25519 keygen");',
      '    doc.as_ref().to_vec()',
      '}',
      'pub fn device_signer(stored: &[u8]) -> Ed25519KeyPair {',
      '    Ed25519KeyPair::from_pkcs8_maybe_unchecked(stored).expect("pkcs8")',
      '}',
      'pub fn release_signer(der: &[u8]) -> RsaKeyPair { signature::RsaKeyPair::from_der(der).unwrap() }',
      'pub fn attestation_key(rng: &SystemRandom) -> Vec<u8> {',
      '    let alg = &signature::ECDSA_P256_SHA256_ASN1_SIGNING;',
      '    let doc = EcdsaKeyPair::generate_pkcs8(&signature::ECDSA_P384_SHA384_ASN1_SIGNING, rng).unwrap();',
      '    let loaded = EcdsaKeyPair::from_pkcs8(alg, doc.as_ref(), rng).unwrap();',
      '    doc.as_ref().to_vec()',
      '}',
    );
    assert.deepEqual(algorithms(source).map(row), [
      [4, 'Ed25519', 'keygen'], [8, 'Ed25519', 'sign'], [10, 'RSA', 'sign'], [12, 'ECDSA-P256-SHA-256', 'sign'], [13, 'ECDSA-P384-SHA-384', 'keygen'],
    ]);
  });

  it('aws-lc-rs: Ed25519KeyPair::generate, an RSA decryption key loaded, OAEP with its hash, PKCS#1 v1.5 encryption keys', () => {
    const source = lines(
      'use aws_lc_rs::rsa::{KeySize, OaepPrivateDecryptingKey, OaepPublicEncryptingKey, Pkcs1PrivateDecryptingKey, Pkcs1PublicEncryptingKey, PrivateDecryptingKey, OAEP_SHA384_MGF1SHA384};',
      'use aws_lc_rs::signature::{Ed25519KeyPair, RsaKeyPair};',
      'pub fn node_identity() -> Ed25519KeyPair { Ed25519KeyPair::generate().unwrap() }',
      'pub fn escrow_key() -> PrivateDecryptingKey { PrivateDecryptingKey::generate(KeySize::Rsa4096).unwrap() }',
      'pub fn seal_for_escrow(pkcs8: &[u8], secret: &[u8], out: &mut [u8]) {',
      '    let escrow = PrivateDecryptingKey::from_pkcs8(pkcs8).unwrap();',
      '    let sealer = OaepPublicEncryptingKey::new(escrow.public_key()).unwrap();',
      '    sealer.encrypt(&OAEP_SHA384_MGF1SHA384, secret, out, None).unwrap();',
      '    let opener = OaepPrivateDecryptingKey::new(escrow).unwrap();',
      '    opener.decrypt(&aws_lc_rs::rsa::OAEP_SHA1_MGF1SHA1, out, &mut [0u8; 512], None).unwrap();',
      '}',
      'pub fn legacy_wrap(pkcs8: &[u8], secret: &[u8], out: &mut [u8]) {',
      '    let escrow = PrivateDecryptingKey::from_pkcs8(pkcs8).unwrap();',
      '    let wrapper = Pkcs1PublicEncryptingKey::new(escrow.public_key()).unwrap();',
      '    wrapper.encrypt(secret, out).unwrap();',
      '    let unwrapper = Pkcs1PrivateDecryptingKey::new(escrow).unwrap();',
      '}',
    );
    assert.deepEqual(algorithms(source).map(row), [
      [3, 'Ed25519', 'keygen'], [4, 'RSA-4096', 'keygen'], [6, 'RSA', 'decrypt'], [8, 'RSA-OAEP-SHA-384', 'encrypt'], [10, 'RSA-OAEP-SHA-1', 'decrypt'],
      [13, 'RSA', 'decrypt'], [14, 'RSA-PKCS1-1.5', 'encrypt'], [16, 'RSA-PKCS1-1.5', 'decrypt'],
    ]);
  });

  it('a seed or PKCS#8 document written in the source is a hard-coded key; ring\'s KeyPair trait and a local type are not read', () => {
    const source = lines(
      'use ring::signature::{Ed25519KeyPair, KeyPair};',
      'struct RsaKeyPair;',
      'impl RsaKeyPair { fn from_der(_: &[u8]) -> Self { RsaKeyPair } }',
      'fn fixtures(pk: &[u8]) {',
      '    let fixed = Ed25519KeyPair::from_seed_unchecked(&[9u8; 32]).unwrap();',
      '    let mine = RsaKeyPair::from_der(pk);',
      '    let public = fixed.public_key();',
      '}',
    );
    assert.deepEqual(algorithms(source).map(row), [[5, 'Ed25519', 'sign']]);
    assert.deepEqual(signals(source).map((s) => [s.occurrence.line, s.signal]), [[5, 'hardcoded-key']]);
  });
});

describe('aws-lc-rs cipher modes', () => {
  it('the mode of an UnboundCipherKey is the key it is given to; ECB is a mode of its own', () => {
    const source = lines(
      'use aws_lc_rs::cipher::{DecryptingKey, EncryptingKey, PaddedBlockDecryptingKey, PaddedBlockEncryptingKey, UnboundCipherKey, AES_128, AES_256};',
      'pub fn seal_record(k: &[u8], rec: &mut Vec<u8>) {',
      '    let unbound = UnboundCipherKey::new(&AES_256, k).unwrap();',
      '    let sealer = PaddedBlockEncryptingKey::cbc_pkcs7(unbound).unwrap();',
      '    sealer.encrypt(rec).unwrap();',
      '}',
      'pub fn open_legacy(k: &[u8], rec: &mut [u8]) {',
      '    let opener = PaddedBlockDecryptingKey::ecb_pkcs7(UnboundCipherKey::new(&AES_128, k).unwrap()).unwrap();',
      '}',
      'pub fn stream(k: &[u8], buf: &mut [u8]) {',
      '    let key = UnboundCipherKey::new(&aws_lc_rs::cipher::AES_128, k).unwrap();',
      '    let ctr = EncryptingKey::ctr(key).unwrap();',
      '    let feedback = DecryptingKey::cfb128(UnboundCipherKey::new(&AES_256, k).unwrap()).unwrap();',
      '}',
      'pub fn kept(k: &[u8]) -> UnboundCipherKey { UnboundCipherKey::new(&AES_256, k).unwrap() }',
    );
    assert.deepEqual(algorithms(source).map(row), [
      [3, 'AES-256-CBC-PKCS7', 'encrypt'], [8, 'AES-128-ECB-PKCS7', 'decrypt'], [11, 'AES-128-CTR', 'encrypt'], [13, 'AES-256-CFB128', 'decrypt'],
      [15, 'AES-256', 'decrypt+encrypt'],
    ]);
    assert.deepEqual(algorithms(source).map((a) => a.params.mode ?? null), ['CBC', 'ECB', 'CTR', 'CFB128', null]);
  });
});

describe('rust-openssl acceptor profiles', () => {
  const version = (p: { protocol: { version?: string } }): string | undefined => p.protocol.version;

  it('Mozilla v5 profiles: modern is TLS 1.3 with three suites, intermediate adds TLS 1.2 with ECDHE/DHE AEAD suites and ffdhe2048', () => {
    const source = lines(
      'use openssl::ssl::{SslAcceptor, SslMethod};',
      'fn public_listener() -> SslAcceptor { SslAcceptor::mozilla_modern_v5(SslMethod::tls_server()).unwrap().build() }',
      'fn partner_listener() -> SslAcceptor {',
      '    let builder = openssl::ssl::SslAcceptor::mozilla_intermediate_v5(SslMethod::tls()).unwrap();',
      '    builder.build()',
      '}',
    );
    const ps = protocols(source);
    assert.deepEqual(ps.map((p) => [p.occurrence.line, version(p)]), [[2, '1.3'], [4, '1.2'], [4, '1.3']]);
    assert.deepEqual(ps[0]!.protocol.cipherSuites, ['TLS_AES_128_GCM_SHA256', 'TLS_AES_256_GCM_SHA384', 'TLS_CHACHA20_POLY1305_SHA256']);
    assert.equal(ps[1]!.protocol.cipherSuites?.length, 8);
    assert.ok(ps[1]!.protocol.cipherSuites?.every((s) => /(GCM|CHACHA20)/.test(s) && /^(ECDHE|DHE)-/.test(s)));
    assert.deepEqual(ps[1]!.protocol.groups, ['ffdhe2048']);
    assert.equal(ps[2]!.protocol.groups, undefined);
    assert.deepEqual(signals(source), []);
  });

  it('Mozilla v4 profiles: intermediate allows TLS 1.0 and 1.1 with 3DES suites, modern is TLS 1.2 only', () => {
    const source = lines(
      'use openssl::ssl::{SslAcceptor, SslMethod, SslVersion};',
      'fn old_clients() -> SslAcceptor { SslAcceptor::mozilla_intermediate(SslMethod::tls()).unwrap().build() }',
      'fn tls12_only() -> SslAcceptor { SslAcceptor::mozilla_modern(SslMethod::tls()).unwrap().build() }',
      'fn tightened() -> SslAcceptor {',
      '    let mut b = SslAcceptor::mozilla_intermediate(SslMethod::tls()).unwrap();',
      '    b.set_min_proto_version(Some(SslVersion::TLS1_2)).unwrap();',
      '    b.build()',
      '}',
    );
    const ps = protocols(source);
    assert.deepEqual(ps.map((p) => [p.occurrence.line, version(p)]), [[2, '1.0'], [2, '1.1'], [2, '1.2'], [3, '1.2'], [5, '1.0'], [5, '1.1'], [5, '1.2'], [6, '1.2']]);
    // TLS 1.0 negotiates only the SHA-1 CBC and 3DES suites of the list; TLS 1.2 all thirty.
    assert.ok(ps[0]!.protocol.cipherSuites?.includes('DES-CBC3-SHA'));
    assert.ok(!ps[0]!.protocol.cipherSuites?.includes('ECDHE-RSA-AES128-GCM-SHA256'));
    assert.equal(ps[2]!.protocol.cipherSuites?.length, 30);
    assert.equal(ps[3]!.protocol.cipherSuites?.length, 10);
    assert.ok(ps[3]!.protocol.cipherSuites?.every((s) => s.startsWith('ECDHE-')));
    assert.deepEqual(signals(source).map((s) => [s.occurrence.line, s.signal]), [
      [2, 'insecure-protocol-version'], [2, 'insecure-protocol-version'], [5, 'insecure-protocol-version'], [5, 'insecure-protocol-version'],
    ]);
  });

  it('other SslAcceptor calls, SslConnector::builder and a local SslAcceptor type claim no profile', () => {
    const source = lines(
      'use openssl::ssl::{SslAcceptor, SslConnector, SslMethod};',
      'fn client() -> SslConnector { SslConnector::builder(SslMethod::tls()).unwrap().build() }',
      'fn wrap(ctx: SslContext) -> SslAcceptor { SslAcceptor::from(ctx) }',
    );
    assert.deepEqual(protocols(source), []);
    const local = lines(
      'pub struct SslAcceptor;',
      'impl SslAcceptor { pub fn mozilla_modern() -> Self { SslAcceptor } }',
      'fn listener() -> SslAcceptor { SslAcceptor::mozilla_modern() }',
    );
    assert.deepEqual(protocols(local), []);
  });
});

describe('rustls 0.24 provider crates, NamedGroup, HPKE', () => {
  it('cipher_suite, kx_group and hpke of rustls_ring/rustls_aws_lc_rs, also renamed with `use … as`, read as rustls 0.23\'s crypto::ring paths', () => {
    const source = lines(
      'use std::borrow::Cow;',
      'use rustls::crypto::CryptoProvider;',
      'use rustls_aws_lc_rs as backend;',
      'pub fn pinned() -> CryptoProvider {',
      '    CryptoProvider {',
      '        tls13_cipher_suites: Cow::Owned(vec![backend::cipher_suite::TLS13_AES_128_GCM_SHA256]),',
      '        kx_groups: Cow::Owned(vec![backend::kx_group::X25519MLKEM768, rustls_ring::kx_group::SECP256R1]),',
      '        ..backend::DEFAULT_PROVIDER',
      '    }',
      '}',
      'pub fn ech() -> &\'static dyn rustls::crypto::hpke::Hpke { rustls_aws_lc_rs::hpke::DH_KEM_P384_HKDF_SHA384_CHACHA20_POLY1305 }',
      'pub fn verifiers() -> [&\'static dyn SignatureVerificationAlgorithm; 2] { [rustls_ring::ED25519, rustls_aws_lc_rs::ECDSA_P256_SHA256] }',
    );
    assert.deepEqual(protocols(source).map((p) => [p.occurrence.line, p.protocol.cipherSuites?.join()]), [[6, 'TLS_AES_128_GCM_SHA256']]);
    assert.deepEqual(algorithms(source).map(row), [
      [7, 'X25519MLKEM768', 'keygen'], [7, 'ECDH-P256', 'keygen'],
      [11, 'ECDH-P384', 'encapsulate'], [11, 'HKDF-SHA-384', 'keyderive'], [11, 'ChaCha20-Poly1305', 'encrypt'],
      [12, 'Ed25519', 'verify'], [12, 'ECDSA-P256-SHA-256', 'verify'],
    ]);
  });

  it('NamedGroup variants in TLS\'s spelling (secp256r1, secp256r1MLKEM768, FFDHE3072) are groups; a match or a membership test is not', () => {
    const source = lines(
      'use rustls::crypto::kx::NamedGroup;',
      'pub struct Hybrid { pub name: NamedGroup }',
      'pub static P256_HYBRID: Hybrid = Hybrid { name: NamedGroup::secp256r1MLKEM768 };',
      'pub static CLASSIC: Hybrid = Hybrid { name: NamedGroup::secp384r1 };',
      'pub static FINITE: Hybrid = Hybrid { name: rustls::NamedGroup::FFDHE3072 };',
      'pub fn label(g: NamedGroup, offered: &[NamedGroup]) -> &\'static str {',
      '    if offered.contains(&NamedGroup::secp521r1) { return "p521"; }',
      '    match g { NamedGroup::secp256r1 => "p256", NamedGroup::FFDHE2048 => "dh", _ => "other" }',
      '}',
    );
    assert.deepEqual(algorithms(source).map(row), [[3, 'SecP256r1MLKEM768', 'keygen'], [4, 'ECDH-P384', 'keygen'], [5, 'FFDHE-ffdhe3072', 'keygen']]);
  });
});

describe('rustls SignatureScheme', () => {
  it('schemes listed by a verifier are signature algorithms, and SHA-1 ones sign with a weak hash', () => {
    const source = lines(
      'use rustls::SignatureScheme;',
      'impl ServerCertVerifier for LegacyAppliance {',
      '    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {',
      '        vec![',
      '            SignatureScheme::RSA_PKCS1_SHA1,',
      '            SignatureScheme::ECDSA_SHA1_Legacy,',
      '            SignatureScheme::RSA_PSS_SHA384,',
      '            SignatureScheme::ECDSA_NISTP521_SHA512,',
      '            SignatureScheme::ED448,',
      '            rustls::SignatureScheme::ML_DSA_65,',
      '        ]',
      '    }',
      '}',
    );
    const found = algorithms(source);
    assert.deepEqual(found.map(row), [
      [5, 'RSA-PKCS1-1.5-SHA-1', ''], [6, 'ECDSA-SHA-1', ''], [7, 'RSA-PSS-SHA-384', ''], [8, 'ECDSA-P521-SHA-512', ''], [9, 'Ed448', ''], [10, 'ML-DSA-65', ''],
    ]);
    assert.deepEqual(found.slice(0, 2).map((a) => a.params.hash), ['SHA-1', 'SHA-1']);
  });

  it('a scheme matched against, compared, asserted or looked for is not reported; one a signer is made for is', () => {
    const source = lines(
      'use rustls::SignatureScheme;',
      'fn digest_for(s: SignatureScheme) -> Option<&\'static str> {',
      '    match s {',
      '        SignatureScheme::RSA_PKCS1_SHA1 | SignatureScheme::ECDSA_SHA1_Legacy => None,',
      '        SignatureScheme::RSA_PSS_SHA256 => Some("sha256"),',
      '        _ => None,',
      '    }',
      '}',
      'fn accepts_sha1(offered: &[SignatureScheme], chosen: SignatureScheme) -> bool {',
      '    chosen == SignatureScheme::RSA_PKCS1_SHA1 || offered.contains(&SignatureScheme::ECDSA_SHA1_Legacy)',
      '}',
      'fn check(key: &SigningKeyImpl) {',
      '    assert_eq!(key.scheme(), SignatureScheme::ED25519);',
      '    assert!(matches!(key.choice(), Some(SignatureScheme::RSA_PKCS1_SHA1)));',
      '    let signer = key.signer_for(SignatureScheme::ECDSA_NISTP256_SHA256);',
      '}',
    );
    assert.deepEqual(algorithms(source).map(row), [[15, 'ECDSA-P256-SHA-256', '']]);
    // The project's own enum of the same name is not rustls's.
    const local = lines(
      '#[derive(Clone, Copy)]',
      'pub enum SignatureScheme { RSA_PKCS1_SHA1, ED25519 }',
      'pub fn legacy() -> Vec<SignatureScheme> { vec![SignatureScheme::RSA_PKCS1_SHA1, crate::SignatureScheme::ED25519] }',
    );
    assert.deepEqual(algorithms(local), []);
  });
});

describe('findings of what round four reads', () => {
  it('ECB raises ecb-mode, PKCS#1 v1.5 encryption rsa-pkcs1v15-encryption, a SHA-1 scheme weak-hash-in-signature, the v4 profile legacy versions and weak suites', () => {
    const source = lines(
      'use aws_lc_rs::cipher::{PaddedBlockEncryptingKey, UnboundCipherKey, AES_128};',
      'use aws_lc_rs::rsa::{Pkcs1PublicEncryptingKey, PublicEncryptingKey};',
      'use openssl::ssl::{SslAcceptor, SslMethod};',
      'use rustls::SignatureScheme;',
      'fn ecb(k: &[u8]) { let _ = PaddedBlockEncryptingKey::ecb_pkcs7(UnboundCipherKey::new(&AES_128, k).unwrap()); }',
      'fn wrap(der: &[u8]) { let _ = Pkcs1PublicEncryptingKey::new(PublicEncryptingKey::from_der(der).unwrap()); }',
      'fn schemes() -> Vec<SignatureScheme> { vec![SignatureScheme::RSA_PKCS1_SHA1] }',
      'fn listener() -> SslAcceptor { SslAcceptor::mozilla_intermediate(SslMethod::tls()).unwrap().build() }',
    );
    const ids = findings(source);
    for (const expected of ['ecb-mode algorithm/aes-128-ecb-pkcs7', 'rsa-pkcs1v15-encryption algorithm/rsa-pkcs1-1.5/rsaes-pkcs1',
      'weak-hash-in-signature algorithm/rsa-pkcs1-1.5-sha-1', 'weak-cipher algorithm/3des-168-cbc']) {
      assert.ok(ids.includes(expected), `${expected} in ${ids.join(', ')}`);
    }
    for (const rule of ['legacy-protocol-version', 'weak-cipher-suite']) {
      for (const v of ['1.0', '1.1']) assert.ok(ids.some((i) => i.startsWith(`${rule} protocol/tls/${v}/suites-`)), `${rule} ${v}`);
    }
  });
});
