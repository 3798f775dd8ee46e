// Rust: values a helper's parameters receive from the file's own calls (rust/call-sites.ts). Free
// functions by name or `self::name` in their module, methods by `self.name(..)`, `Self::name(..)` and
// `Type::name(..)`; a function other files can reach (pub, a module with child modules in other files,
// callers in a child module, a callback) keeps an unknown case.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, signals } from './helpers.js';

const names = (source: string): string[] => algorithms(source).map((a) => `${a.line} ${a.name}`).sort();
const lines = (...l: string[]): string => l.join('\n');

describe('Rust: values passed by the file\'s own calls', () => {
  it('takes every argument of one call together, never a mix of two calls', () => {
    const source = lines(
      'use argon2::{Algorithm, Argon2, Params, Version};',
      'fn hasher(m: u32, t: u32) -> Argon2<\'static> {',
      '    Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(m, t, 1, None).unwrap())',
      '}',
      'pub fn interactive() -> Argon2<\'static> { hasher(19_456, 2) }',
      'pub fn sensitive() -> Argon2<\'static> { hasher(262_144, 4) }',
    );
    assert.deepEqual(names(source), ['3 Argon2id-19456-2-1', '3 Argon2id-262144-4-1', '5 Argon2id-19456-2-1', '6 Argon2id-262144-4-1']);
  });

  it('adds the unknown case of other callers to a pub function, and to a private one of a module with child modules elsewhere', () => {
    const helper = lines(
      'use openssl::rsa::{Rsa, Padding};',
      'KEYGEN fn keypair(bits: u32) -> Rsa<openssl::pkey::Private> { Rsa::generate(bits).unwrap() }',
      'pub fn server() -> Rsa<openssl::pkey::Private> { keypair(3072) }',
    );
    assert.deepEqual(names(helper.replace('KEYGEN ', 'pub ')), ['2 RSA', '2 RSA-3072', '3 RSA-3072']);
    assert.deepEqual(names(helper.replace('KEYGEN ', 'pub(crate) ')), ['2 RSA', '2 RSA-3072', '3 RSA-3072']);
    assert.deepEqual(names(helper.replace('KEYGEN ', '')), ['2 RSA-3072', '3 RSA-3072']);
    assert.deepEqual(names(`mod store;\n${helper.replace('KEYGEN ', '')}`), ['3 RSA', '3 RSA-3072', '4 RSA-3072']);
    // Tests in a child module (`use super::*`) call it too: their values are not read, their case is unknown.
    assert.deepEqual(names(`${helper.replace('KEYGEN ', '')}\nmod tests { use super::*; fn small() { keypair(512); } }`), ['2 RSA', '2 RSA-3072', '3 RSA-3072']);
    // Named as a value, it is called where the file does not show.
    assert.deepEqual(names(`${helper.replace('KEYGEN ', '')}\nfn all(b: &[u32]) { b.iter().copied().map(keypair).count(); }`), ['2 RSA', '2 RSA-3072', '3 RSA-3072']);
  });

  it('methods: self.name(..), Self::name(..) and Type::name(..) of the same type only', () => {
    const source = lines(
      'use openssl::rsa::Rsa;',
      'struct Keys;',
      'impl Keys {',
      '    fn generate(&self, bits: u32) -> Rsa<openssl::pkey::Private> { Rsa::generate(bits).unwrap() }',
      '    fn legacy(bits: u32) -> Rsa<openssl::pkey::Private> { Rsa::generate(bits).unwrap() }',
      '    pub fn all(&self) { self.generate(4096); Self::generate(self, 3072); Keys::legacy(2048); }',
      '}',
      'struct Other;',
      'impl Other {',
      '    fn generate(&self, bits: u32) -> u32 { bits }',
      '    fn legacy(bits: u32) -> u32 { bits }',
      '    fn run(&self) { self.generate(1024); Other::legacy(512); }',
      '}',
    );
    assert.deepEqual(names(source), ['4 RSA-3072', '4 RSA-4096', '5 RSA-2048', '6 RSA-2048', '6 RSA-3072', '6 RSA-4096']);
    // On another receiver the method may be this one: its value is not read, the case is unknown.
    assert.deepEqual(names(source.replace('Other::legacy(512);', 'Other::legacy(512); Keys.generate(1024);')), ['4 RSA', '4 RSA-3072', '4 RSA-4096', '5 RSA-2048', '6 RSA-2048', '6 RSA-3072', '6 RSA-4096']);
    // Calls from another module (tests) are callers whose values are not read.
    assert.deepEqual(names(`${source}\nmod tests { use super::*; fn small() { Keys::legacy(512); } }`), ['4 RSA-3072', '4 RSA-4096', '5 RSA', '5 RSA-2048', '6 RSA-2048', '6 RSA-3072', '6 RSA-4096']);
  });

  it('a function of another module, a block\'s own function or a local closure of the name is not the helper', () => {
    const source = lines(
      'use openssl::rsa::Rsa;',
      'fn keypair(bits: u32) { Rsa::generate(bits).unwrap(); }',
      'fn setup() {',
      '    keypair(3072);',
      '    let keypair = |bits: u32| bits;',
      '    keypair(512);',
      '}',
      'fn nested() {',
      '    fn keypair(bits: u32) -> u32 { bits }',
      '    keypair(1024);',
      '}',
      'mod legacy {',
      '    fn keypair(bits: u32) -> u32 { bits }',
      '    fn run() { keypair(768); self::keypair(640); }',
      '}',
    );
    assert.deepEqual(names(source), ['2 RSA-3072', '4 RSA-3072']);
  });

  it('leaves out recursive calls, reads calls in a macro\'s arguments, and leaves a utility called from too many places unknown', () => {
    const recursive = lines(
      'use openssl::rsa::Rsa;',
      'fn retry(bits: u32, left: u32) -> Rsa<openssl::pkey::Private> {',
      '    match Rsa::generate(bits) { Ok(k) => k, Err(_) if left > 0 => retry(bits, left - 1), Err(e) => panic!("{e}") }',
      '}',
      'fn main() { let k = retry(4096, 3); println!("{:?}", retry(2048, 1)); }',
    );
    assert.deepEqual(names(recursive), ['3 RSA-2048', '3 RSA-4096', '5 RSA-2048', '5 RSA-4096']);
    const calls = Array.from({ length: 17 }, (_, i) => `fn c${i}() { keypair(2048); }`);
    const utility = lines('use openssl::rsa::Rsa;', 'fn keypair(bits: u32) { Rsa::generate(bits).unwrap(); }', ...calls);
    assert.deepEqual(names(utility), ['2 RSA']);
  });

  it('takes a key\'s size from a caller but not its literal origin: no hard-coded key at the helper', () => {
    const source = lines(
      'use aes_gcm::{Aes256Gcm, KeyInit};',
      'fn cipher(key: &[u8]) -> Aes256Gcm { Aes256Gcm::new_from_slice(key).unwrap() }',
      'fn demo() -> Aes256Gcm { cipher(b"0123456789abcdef0123456789abcdef") }',
    );
    assert.deepEqual(names(source), ['2 AES-256-GCM']);
    assert.deepEqual(signals(source).map((s) => s.signal), []);
    // A string stays a string through the call (it may name an algorithm): its bytes are still not the helper's literal.
    const text = source.replace('key: &[u8]', 'key: &str').replace('new_from_slice(key)', 'new_from_slice(key.as_bytes())').replace('cipher(b"', 'cipher("');
    assert.deepEqual(names(text), ['2 AES-256-GCM']);
    assert.deepEqual(signals(text).map((s) => s.signal), []);
    // Written in the helper itself, it is.
    assert.deepEqual(signals(text.replace('key.as_bytes()', '"0123456789abcdef0123456789abcdef".as_bytes()')).map((s) => s.signal), ['hardcoded-key']);
  });

  it('a helper\'s return value: its tail or `return`, the `match` arm or `if` branch the call\'s argument selects', () => {
    const source = lines(
      'use openssl::ec::EcGroup;',
      'use openssl::hash::MessageDigest;',
      'use openssl::nid::Nid;',
      'use openssl::pkcs5::pbkdf2_hmac;',
      'use openssl::rsa::Rsa;',
      'fn key_bits() -> u32 { 3072 }',
      'fn curve_for(level: &str) -> Nid {',
      '    match level {',
      '        "high" => Nid::SECP384R1,',
      '        "legacy" | "compat" => Nid::X9_62_PRIME192V1,',
      '        _ => Nid::X9_62_PRIME256V1,',
      '    }',
      '}',
      'fn iterations(strong: bool) -> usize {',
      '    if strong {',
      '        return 600_000;',
      '    }',
      '    1_000',
      '}',
      'struct Keys;',
      'impl Keys {',
      '    fn bits(&self) -> u32 { 4096 }',
      '    fn make(&self) -> Rsa<openssl::pkey::Private> { Rsa::generate(self.bits()).unwrap() }', // 23
      '}',
      'fn main() {',
      '    let rsa = Rsa::generate(key_bits()).unwrap();', // 26
      '    let high = EcGroup::from_curve_name(curve_for("high")).unwrap();', // 27
      '    let other = EcGroup::from_curve_name(curve_for("other")).unwrap();', // 28
      '    let compat = EcGroup::from_curve_name(curve_for("compat")).unwrap();', // 29
      '    let mut key = [0u8; 32];',
      '    pbkdf2_hmac(b"pw", b"salt", iterations(true), MessageDigest::sha256(), &mut key).unwrap();', // 31
      '    pbkdf2_hmac(b"pw", b"salt", iterations(false), MessageDigest::sha256(), &mut key).unwrap();', // 32
      '}',
    );
    assert.deepEqual(names(source), [
      '23 RSA-4096', '26 RSA-3072', '27 ECDSA-P384', '28 ECDSA-P256', '29 ECDSA-P192', '31 PBKDF2-SHA-256-600000', '32 PBKDF2-SHA-256-1000',
    ]);
    // A local closure of the helper's name shadows it; a trait's default method may be overridden elsewhere.
    const shadowed = lines(
      'use openssl::rsa::Rsa;',
      'fn key_bits() -> u32 { 1024 }',
      'fn main() { let key_bits = |x: u32| x * 2; let rsa = Rsa::generate(key_bits(2048)).unwrap(); }',
      'trait Policy { fn bits(&self) -> u32 { 2048 } fn key(&self) { Rsa::generate(self.bits()).unwrap(); } }',
    );
    assert.deepEqual(names(shadowed), ['3 RSA', '4 RSA', '4 RSA-2048']);
  });
});
