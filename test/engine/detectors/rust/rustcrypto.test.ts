// Rust detector, RustCrypto's symmetric side: types found through `use` trees, globs, renames and type
// aliases; generic types (`Hmac<Sha256>`, `cbc::Encryptor<Aes128>`) named from their arguments; key and
// IV bytes written in the source; and code that names crypto without using it.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, names, rsFile, signals } from './helpers.js';

test('AEADs, hashes and HMAC through nested use trees, a rename, a glob and a type alias', () => {
  const src = rsFile(
    'use aes_gcm::{aead::{Aead, KeyInit}, Aes256Gcm as Cipher};\nuse sha2::*;\nuse hmac::{Hmac, Mac};\nuse md5::Md5;',
    '    let c = Cipher::new_from_slice(key).unwrap();\n    let d = Sha512::digest(data);\n    let mut mac = HmacSha256::new_from_slice(key).expect("key");\n    let legacy = Md5::new();',
    'type HmacSha256 = Hmac<Sha256>;',
  );
  assert.deepEqual(names(src), ['AES-256-GCM', 'SHA-512', 'HMAC-SHA-256', 'MD5']);
});

test('generic constructions take the cipher, hash and padding of their type arguments', () => {
  const src = rsFile(
    'use aes::{Aes128, Aes256};\nuse block_modes::{BlockMode, Cbc, block_padding::Pkcs7};\nuse hkdf::Hkdf;\nuse sha2::Sha384;\nuse cmac::{Cmac, Mac};',
    `    let enc = cbc::Encryptor::<Aes128>::new(key.into(), data.into());
    let ctr = ctr::Ctr128BE::<Aes256>::new(key.into(), data.into());
    let legacy = Cbc::<Aes256, Pkcs7>::new_from_slices(key, data).unwrap();
    let hk = Hkdf::<Sha384>::new(Some(data), key);
    let tag = <Cmac<Aes128> as Mac>::new_from_slice(key).unwrap();
    let gcm = aes_gcm::AesGcm::<Aes256, U12>::new(key.into());`,
  );
  assert.deepEqual(names(src), ['AES-128-CBC', 'AES-256-CTR', 'AES-256-CBC-PKCS7', 'HKDF-SHA-384', 'AES-128-CMAC', 'AES-256-GCM']);
  assert.deepEqual(algorithms(src)[0]!.functions, ['encrypt']);
});

test('a key or IV written in the source is hard-coded or static; a random or filled buffer is not', () => {
  const src = rsFile(
    'use aes_gcm::{aead::{Aead, AeadCore, KeyInit, OsRng}, Aes256Gcm, Nonce};\nuse aes::Aes128;',
    `    let fixed = Aes256Gcm::new_from_slice(b"an example very very secret key.").unwrap();
    let nonce = Nonce::from_slice(NONCE);
    let ct = fixed.encrypt(nonce, data).unwrap();
    let zero_iv = [0u8; 16];
    let enc = cbc::Encryptor::<Aes128>::new(key.into(), &zero_iv.into());
    let mut buf = [0u8; 32];
    OsRng.fill_bytes(&mut buf);
    let good = Aes256Gcm::new_from_slice(&buf).unwrap();
    let n2 = Aes256Gcm::generate_nonce(&mut OsRng);
    let ok = good.encrypt(&n2, data).unwrap();
    let reused = good.encrypt(GenericArray::from_slice(&[0u8; 12]), data).unwrap();`,
    'const NONCE: &[u8; 12] = b"unique nonce";',
  );
  assert.deepEqual(signals(src).map((s) => [s.occurrence.line, s.signal]), [
    [7, 'hardcoded-key'], [8, 'static-iv'], [11, 'static-iv'], [17, 'static-iv'],
  ]);
});

test('pbkdf2, argon2, scrypt and bcrypt with their parameters; the crates\' documented defaults only where the API fixes them', () => {
  const src = rsFile(
    'use pbkdf2::{pbkdf2_hmac, pbkdf2_hmac_array};\nuse sha2::{Sha256, Sha512};\nuse argon2::{Algorithm, Argon2, Params, Version};\nuse scrypt::{scrypt, Params as ScryptParams};',
    `    let mut out = [0u8; 32];
    pbkdf2_hmac::<Sha256>(data, key, ROUNDS, &mut out);
    let arr = pbkdf2_hmac_array::<Sha512, 64>(data, key, 210_000);
    let a = Argon2::new(Algorithm::Argon2i, Version::V0x13, Params::new(65536, 3, 4, Some(32)).unwrap());
    let d = Argon2::default();
    let p = ScryptParams::new(15, 8, 1, 32).unwrap();
    scrypt(data, key, &p, &mut out).unwrap();
    let h = bcrypt::hash(data, bcrypt::DEFAULT_COST).unwrap();
    let weak = bcrypt::hash(data, 4).unwrap();
    let unknown = pbkdf2_hmac::<Sha256>(data, key, n, &mut out);`,
    'const ROUNDS: u32 = 100_000;',
  );
  assert.deepEqual(names(src), [
    'PBKDF2-SHA-256-100000', 'PBKDF2-SHA-512-210000', 'Argon2i-65536-3-4', 'Argon2id-19456-2-1', 'scrypt-32768', 'bcrypt', 'bcrypt-4', 'PBKDF2-SHA-256',
  ]);
  const pbkdf2 = algorithms(src)[0]!;
  assert.deepEqual(pbkdf2.params, { hash: 'SHA-256', iterations: 100000, outputLength: 256 });
  assert.deepEqual(algorithms(src)[7]!.unresolved, ['iterations']);
});

test('names that only mention crypto are not uses: use lines, type positions, local look-alikes, strings, comments', () => {
  const src = rsFile(
    'use sha2::Sha256;\nuse aes_gcm::Aes256Gcm;',
    `    // Sha256::digest(data) would go here
    let label = "Aes256Gcm::new";
    let size = <Sha256 as OutputSizeUser>::output_size();
    let local = SigningKey::random();
    log::info!("hashing with {}", "sha256");`,
    'struct Holder { cipher: Aes256Gcm, h: Sha256 }\nfn take(c: &Aes256Gcm) -> Sha256 { todo!() }\nstruct SigningKey;\nimpl SigningKey { fn random() -> Self { SigningKey } }',
  );
  assert.deepEqual(names(src), []);
  assert.deepEqual(signals(src), []);
});

test('a file without crypto crates gives nothing, even with crypto-sounding local items', () => {
  const src = `use std::collections::HashMap;\npub enum Algorithm { HS256, RS256 }\npub struct Config { pub aes: bool, pub ring: Vec<u8> }\nfn f(a: Algorithm) -> u8 {\n    let x = Algorithm::HS256;\n    match a { Algorithm::HS256 => 1, Algorithm::RS256 => 2 }\n}\n`;
  assert.deepEqual(names(src), []);
});

test('Keccak-256 (Ethereum\'s pre-FIPS padding) is its own hash, not SHA3-256', () => {
  const src = rsFile('use sha3::{Digest, Keccak256, Sha3_256};', '    let a = Keccak256::digest(data);\n    let b = Sha3_256::digest(data);');
  assert.deepEqual(names(src), ['Keccak-256', 'SHA3-256']);
});
