// Rust constants read from other files (detectors/cross-file.ts): a module of `pub const`s that calls
// no crypto API, read as `config::NAME` after `use crate::crypto::config`, as a full `crate::` path,
// through `use …::NAME` and an aliased type's associated constants; a crate root's constant read from
// another crate; and what must stay unknown (private and `static mut` items, two modules of one name
// with different values, a local named like the module, a name nothing imports).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namesIn, scanTree } from '../cross-file-helpers.js';

const CONFIG = `//! Algorithm choices of the vault, in one place.

pub const RSA_BITS: u32 = 1024;
pub const PBKDF2_ITERATIONS: u32 = 1_000;
pub const CIPHER_LIST: &str = "DES-CBC3-SHA:RC4-SHA";
pub(crate) const KEY_LEN: usize = 128 / 8;
const PRIVATE_BITS: u32 = 512;
pub static mut TUNABLE_BITS: u32 = 768;

pub struct KdfParams;

impl KdfParams {
    pub const ITERATIONS: u32 = 4_096;
    pub const SIGNING_BITS: u32 = 1536;
}

pub mod legacy {
    pub const DSA_BITS: u32 = 1024;
}
`;

const KEYS = `use openssl::hash::MessageDigest;
use openssl::pkcs5::pbkdf2_hmac;
use openssl::rsa::Rsa;
use openssl::dsa::Dsa;
use openssl::ssl::{SslConnector, SslMethod};
use crate::crypto::config::{self, PBKDF2_ITERATIONS};
use super::config::KdfParams;

pub fn new_identity() -> Rsa<openssl::pkey::Private> {
    Rsa::generate(config::RSA_BITS).unwrap()
}

pub fn signing_key() -> Rsa<openssl::pkey::Private> {
    Rsa::generate(KdfParams::SIGNING_BITS).unwrap()
}

pub fn legacy_dsa() -> Dsa<openssl::pkey::Private> {
    Dsa::generate(crate::crypto::config::legacy::DSA_BITS).unwrap()
}

pub fn stretch(pw: &[u8], salt: &[u8]) -> Vec<u8> {
    let mut key = vec![0u8; config::KEY_LEN];
    pbkdf2_hmac(pw, salt, PBKDF2_ITERATIONS as usize, MessageDigest::sha1(), &mut key).unwrap();
    key
}

pub fn connector() -> SslConnector {
    let mut b = SslConnector::builder(SslMethod::tls()).unwrap();
    b.set_cipher_list(config::CIPHER_LIST).unwrap();
    b.build()
}
`;

const STORE = `use std::num::NonZeroU32;
use ring::pbkdf2;
use crate::crypto::config::KdfParams as Params;

pub fn derive(secret: &[u8], salt: &[u8], out: &mut [u8]) {
    pbkdf2::derive(pbkdf2::PBKDF2_HMAC_SHA1, NonZeroU32::new(Params::ITERATIONS).unwrap(), salt, secret, out);
}
`;

const MOD = `pub mod config;
pub mod keys;
`;

const MAIN = `mod crypto;
mod store;
use openssl::rsa::Rsa;

fn main() {
    let _k = Rsa::generate(crypto::config::RSA_BITS).unwrap();
}
`;

const VAULT = {
  'vault/src/crypto/config.rs': CONFIG,
  'vault/src/crypto/keys.rs': KEYS,
  'vault/src/crypto/mod.rs': MOD,
  'vault/src/store.rs': STORE,
  'vault/src/main.rs': MAIN,
};

test('a module of constants that calls no crypto API gives its values to the modules that read them', async () => {
  const assets = await scanTree(VAULT);
  // `config::RSA_BITS` after `use …::config::{self, …}`, `PBKDF2_ITERATIONS` imported by name, an impl's
  // constant through `use super::config::KdfParams`, an inline module's by its full `crate::` path, a string.
  assert.deepEqual(namesIn(assets, 'vault/src/crypto/keys.rs'), [
    '3DES-168-CBC', 'DSA-1024', 'HMAC-SHA-1', 'PBKDF2-SHA-1-1000', 'RC4-128', 'RSA', 'RSA-1024', 'RSA-1536', 'RSA-PKCS1-1.5', 'TLS',
  ]);
  // `use crate::crypto::config::KdfParams as Params;` then `Params::ITERATIONS` (ring's PBKDF2).
  assert.deepEqual(namesIn(assets, 'vault/src/store.rs'), ['PBKDF2-SHA-1-4096']);
  // `crypto::config::RSA_BITS` under `mod crypto;`.
  assert.deepEqual(namesIn(assets, 'vault/src/main.rs'), ['RSA-1024']);
  assert.deepEqual(namesIn(assets, 'vault/src/crypto/config.rs'), []);
});

test("another crate's root constant, written with the crate's name", async () => {
  const assets = await scanTree({
    'crates/vault-core/src/lib.rs': `use openssl::rsa::Rsa;

pub const DEFAULT_BITS: u32 = 1024;

pub fn identity() -> Rsa<openssl::pkey::Private> {
    Rsa::generate(DEFAULT_BITS).unwrap()
}
`,
    'crates/cli/src/main.rs': `use openssl::rsa::Rsa;

fn main() {
    let key = Rsa::generate(vault_core::DEFAULT_BITS).unwrap();
    println!("{}", key.size());
}
`,
  });
  assert.deepEqual(namesIn(assets, 'crates/cli/src/main.rs'), ['RSA-1024']);
});

test('private and static mut items, a local named like the module and a name nothing imports stay unknown', async () => {
  const assets = await scanTree({
    'vault/src/crypto/config.rs': CONFIG,
    'vault/src/crypto/mod.rs': MOD,
    'vault/src/crypto/other.rs': `use openssl::rsa::Rsa;
use crate::crypto::config;

pub fn private_bits() -> Rsa<openssl::pkey::Private> {
    Rsa::generate(config::PRIVATE_BITS).unwrap()
}

pub unsafe fn tunable() -> Rsa<openssl::pkey::Private> {
    Rsa::generate(config::TUNABLE_BITS).unwrap()
}

pub fn from_settings(config: &Settings) -> Rsa<openssl::pkey::Private> {
    Rsa::generate(config.RSA_BITS).unwrap()
}

pub fn not_imported() -> Rsa<openssl::pkey::Private> {
    Rsa::generate(RSA_BITS).unwrap()
}
`,
  });
  assert.deepEqual(namesIn(assets, 'vault/src/crypto/other.rs'), ['RSA']);
});

test('two modules of one name that declare different values leave the reference unknown; agreeing ones stand', async () => {
  const other = CONFIG.replace('RSA_BITS: u32 = 1024', 'RSA_BITS: u32 = 4096');
  const assets = await scanTree({ ...VAULT, 'tools/src/config.rs': other });
  const names = namesIn(assets, 'vault/src/crypto/keys.rs');
  assert.ok(names.includes('RSA') && !names.includes('RSA-1024') && !names.includes('RSA-4096'), names.join(', '));
  assert.ok(names.includes('RSA-1536') && names.includes('PBKDF2-SHA-1-1000'), names.join(', '));
});
