// Rust, tried on rcgen and ureq (v1.12): a module of the crate that re-exports ring or aws-lc-rs whole
// (a backend facade) read as the backend in the files that import through it; the RSA key size rcgen's
// `generate_for` gives; rustls's `ALL_VERSIONS`/`DEFAULT_VERSIONS` pinned with `with_protocol_versions`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namesAt, namesIn, scanTree } from '../cross-file-helpers.js';
import { algorithms, protocols, rsFile } from './helpers.js';

const FACADE = `#[cfg(feature = "aws_lc_rs")]
pub(crate) use aws_lc_rs::*;
#[cfg(all(feature = "ring", not(feature = "aws_lc_rs")))]
pub(crate) use ring::*;
`;

const SIGNER = `use crate::backend::rand::SystemRandom;
use crate::backend::signature::{self, EcdsaKeyPair, Ed25519KeyPair, KeyPair as _};
use crate::backend::rsa::KeySize;

pub enum Algorithm { P384, Ed25519 }

pub fn generate(alg: Algorithm) -> Vec<u8> {
    let rng = SystemRandom::new();
    match alg {
        Algorithm::P384 => EcdsaKeyPair::generate_pkcs8(&signature::ECDSA_P384_SHA384_ASN1_SIGNING, &rng).unwrap().as_ref().to_vec(),
        Algorithm::Ed25519 => Ed25519KeyPair::generate_pkcs8(&rng).unwrap().as_ref().to_vec(),
    }
}

pub fn rsa_size() -> KeySize {
    KeySize::Rsa3072
}
`;

const LIB = `mod backend;
pub mod signer;
use backend::signature::Ed25519KeyPair;

pub fn identity(seed: &[u8]) -> Ed25519KeyPair {
    Ed25519KeyPair::from_seed_unchecked(seed).unwrap()
}
`;

test('a backend facade (`pub(crate) use aws_lc_rs::*;`) is the backend in the files that import through it', async () => {
  const assets = await scanTree({ 'certgen/src/backend.rs': FACADE, 'certgen/src/signer.rs': SIGNER, 'certgen/src/lib.rs': LIB });
  assert.deepEqual(namesAt(assets, 'certgen/src/signer.rs', 10), ['ECDSA-P384-SHA-384']);
  assert.deepEqual(namesAt(assets, 'certgen/src/signer.rs', 11), ['Ed25519']);
  assert.deepEqual(namesAt(assets, 'certgen/src/signer.rs', 16), ['RSA-3072']);
  // `use backend::signature::Ed25519KeyPair;` under the crate root's own `mod backend;`.
  assert.deepEqual(namesAt(assets, 'certgen/src/lib.rs', 6), ['Ed25519']);
  assert.deepEqual(namesIn(assets, 'certgen/src/backend.rs'), []);
});

test('a module that re-exports a backend privately, or re-exports another crate, is no facade', async () => {
  const assets = await scanTree({
    // A private glob import is the module's own, not re-exported.
    'certgen/src/backend.rs': 'use ring::*;\n\npub fn id() -> u8 { 0 }\n',
    // Re-exporting some other crate whole says nothing of its names.
    'certgen/src/util.rs': 'pub use itertools::*;\n',
    'certgen/src/signer.rs': `use crate::backend::signature::{self, EcdsaKeyPair};
use crate::util::signature::ED25519;

pub fn alg() -> &'static signature::EcdsaSigningAlgorithm {
    &signature::ECDSA_P256_SHA256_ASN1_SIGNING
}

pub fn other() -> u8 {
    ED25519.len() as u8
}
`,
  });
  assert.deepEqual(namesIn(assets, 'certgen/src/signer.rs'), []);
});

test("rcgen's generate_for makes a 2048-bit key for an RSA algorithm; generate_rsa_for takes its size", () => {
  const src = rsFile('use rcgen::{KeyPair, RsaKeySize, PKCS_RSA_SHA256, PKCS_RSA_PSS_SHA256, PKCS_ECDSA_P384_SHA384};', `
    let a = KeyPair::generate_for(&PKCS_RSA_SHA256).unwrap();
    let b = KeyPair::generate_rsa_for(&PKCS_RSA_PSS_SHA256, RsaKeySize::_4096).unwrap();
    let c = KeyPair::generate_for(&PKCS_ECDSA_P384_SHA384).unwrap();
    let alg = &rcgen::PKCS_RSA_SHA384;
    let d = KeyPair::generate_for(alg).unwrap();`);
  const rows = algorithms(src).map((a) => [a.line, a.name, a.functions?.join(',') ?? '']);
  assert.deepEqual(rows, [
    [7, 'RSA-PKCS1-1.5-SHA-256-2048', 'keygen'],
    [8, 'RSA-PSS-SHA-256-4096', 'keygen'],
    [9, 'ECDSA-P384-SHA-384', 'keygen'],
    // The constant where it is written names the signature; the call through the variable generates the key.
    [10, 'RSA-PKCS1-1.5-SHA-384', 'sign'],
    [11, 'RSA-PKCS1-1.5-SHA-384-2048', 'keygen'],
  ]);
});

test("rustls's ALL_VERSIONS and DEFAULT_VERSIONS given to with_protocol_versions are TLS 1.2 and 1.3", () => {
  const src = rsFile('use std::sync::Arc;\nuse rustls::{ALL_VERSIONS, ClientConfig};', `
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let a = ClientConfig::builder_with_provider(provider.clone()).with_protocol_versions(ALL_VERSIONS);
    let b = ClientConfig::builder_with_provider(provider).with_protocol_versions(rustls::DEFAULT_VERSIONS);`);
  assert.deepEqual(protocols(src).map((p) => [p.occurrence.line, p.protocol.version]), [[9, '1.2'], [9, '1.3'], [10, '1.2'], [10, '1.3']]);
  // A constant of another crate named alike is not rustls's.
  const other = rsFile('use semver::ALL_VERSIONS;', '    let n = ALL_VERSIONS.len();');
  assert.deepEqual(protocols(other), []);
});

test("rcgen's generate_for given a variant of the project's enum, converted by the file's From impl", () => {
  const src = `use rcgen::{KeyPair, SignatureAlgorithm};

#[derive(Clone, Copy)]
pub enum KeyKind { Rsa, Ed25519, P384 }

impl From<KeyKind> for &'static SignatureAlgorithm {
    fn from(kind: KeyKind) -> Self {
        match kind {
            KeyKind::Rsa => &rcgen::PKCS_RSA_SHA256,
            KeyKind::Ed25519 => &rcgen::PKCS_ED25519,
            KeyKind::P384 => &rcgen::PKCS_ECDSA_P384_SHA384,
        }
    }
}

pub fn make(kind: KeyKind) -> (KeyPair, KeyPair, KeyPair) {
    let rsa = KeyPair::generate_for(KeyKind::Rsa.into()).unwrap();
    let p384 = KeyPair::generate_for(KeyKind::P384.into()).unwrap();
    // Which variant the parameter holds is the caller's.
    let any = KeyPair::generate_for(kind.into()).unwrap();
    (rsa, p384, any)
}
`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name, a.functions?.join(',') ?? '']), [
    [9, 'RSA-PKCS1-1.5-SHA-256', 'sign'],
    [10, 'Ed25519', 'sign'],
    [11, 'ECDSA-P384-SHA-384', 'sign'],
    [17, 'RSA-PKCS1-1.5-SHA-256-2048', 'keygen'],
    [18, 'ECDSA-P384-SHA-384', 'keygen'],
    [20, 'unknown-key-pair-generator', 'keygen'],
  ]);
});
