// Rust, tried on lldap and ruma (v1.12, round 2): opaque-ke cipher suites, rust-argon2's `Config`
// literal, the jwt crate's `AlgorithmType`, an HMAC key kept in a generic struct's field. Every snippet
// is written for this test.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms } from './helpers.js';

const lines = (...l: string[]): string => `${l.join('\n')}\n`;
const rows = (source: string): Array<[number, string]> => algorithms(source).map((a) => [a.line, a.name]);

describe('opaque-ke cipher suites', () => {
  it('0.6: the Group, TripleDH and Hash associated types name ECDH on ristretto255 and SHA-512', () => {
    const source = lines(
      'use opaque_ke::ciphersuite::CipherSuite;',
      'use opaque_ke::key_exchange::tripledh::TripleDH;',
      'pub struct PasswordSuite;',
      'impl CipherSuite for PasswordSuite {',
      '    type Group = curve25519_dalek::ristretto::RistrettoPoint;',
      '    type KeyExchange = TripleDH;',
      '    type Hash = sha2::Sha512;',
      '    type SlowHash = crate::stretch::Stretcher;',
      '}',
    );
    assert.deepEqual(rows(source), [[6, 'ECDH-ristretto255'], [7, 'SHA-512']]);
  });

  it('3.x: TripleDh<Group, Hash> carries the group and hash; an argon2 Ksf is Argon2', () => {
    const source = lines(
      'use opaque_ke::{CipherSuite, Ristretto255, TripleDh};',
      'use opaque_ke::ksf::Identity;',
      'struct Suite;',
      'impl CipherSuite for Suite {',
      '    type OprfCs = Ristretto255;',
      '    type KeyExchange = TripleDh<p256::NistP256, sha2::Sha384>;',
      "    type Ksf = argon2::Argon2<'static>;",
      '}',
    );
    assert.deepEqual(rows(source), [[6, 'ECDH-P256'], [6, 'SHA-384'], [7, 'Argon2']]);
  });

  it('2.x: KeGroup names the exchange group; an unknown group leaves the curve unresolved', () => {
    const known = lines(
      'use opaque_ke::key_exchange::tripledh::TripleDh;',
      'struct S;',
      'impl opaque_ke::CipherSuite for S {',
      '    type OprfCs = opaque_ke::Ristretto255;',
      '    type KeGroup = opaque_ke::Curve25519;',
      '    type KeyExchange = TripleDh;',
      '    type Ksf = opaque_ke::ksf::Identity;',
      '}',
    );
    assert.deepEqual(rows(known), [[6, 'X25519']]);
    const unknown = known.replace(/ {4}type OprfCs.*\n {4}type KeGroup.*\n/, '    type OprfCs = crate::groups::Custom;\n');
    const a = algorithms(unknown);
    assert.equal(a.length, 1);
    assert.equal(a[0]!.spelling, 'ECDH');
    assert.deepEqual(a[0]!.unresolved, ['curve']);
  });

  it('a CipherSuite trait that is not opaque-ke\'s declares nothing', () => {
    const source = lines(
      'use crate::tls::CipherSuite;',
      'use opaque_ke::ServerSetup;',
      'struct Mine;',
      'impl CipherSuite for Mine {',
      '    type Group = curve25519_dalek::ristretto::RistrettoPoint;',
      '    type KeyExchange = TripleDH;',
      '}',
      'pub fn setup() -> usize { 0 }',
    );
    assert.deepEqual(rows(source), []);
  });
});

describe('rust-argon2 Config literals', () => {
  it('a Config kept in an associated const gives hash_raw its variant and work factors', () => {
    const source = lines(
      'pub struct Stretcher;',
      'impl Stretcher {',
      '    const SALT: &\'static [u8] = b"fixed-domain-salt";',
      '    const PARAMS: &\'static argon2::Config<\'static> = &argon2::Config {',
      '        ad: &[], hash_length: 64, lanes: 2, mem_cost: 32 * 1024, secret: &[], time_cost: 3,',
      '        variant: argon2::Variant::Argon2id, version: argon2::Version::Version13,',
      '    };',
      '    pub fn stretch(input: &[u8]) -> Vec<u8> {',
      '        argon2::hash_raw(input, Self::SALT, Self::PARAMS).unwrap()',
      '    }',
      '}',
    );
    const a = algorithms(source);
    assert.deepEqual(a.map((x) => [x.line, x.name]), [[9, 'Argon2id-32768-3-2']]);
    assert.deepEqual(a[0]!.params, { memoryCost: 32768, cost: 3, parallelism: 2, outputLength: 512 });
  });

  it('a let-bound Config with shorthand fields and a base; Config::default() stays unknown', () => {
    const source = lines(
      'use argon2::{Config, Variant};',
      'pub fn hash(pw: &[u8], salt: &[u8]) -> String {',
      '    let lanes = 4;',
      '    let config = Config { variant: Variant::Argon2i, lanes, time_cost: 4, ..Config::default() };',
      '    argon2::hash_encoded(pw, salt, &config).unwrap()',
      '}',
      'pub fn hash_default(pw: &[u8], salt: &[u8]) -> String {',
      '    argon2::hash_encoded(pw, salt, &Config::default()).unwrap()',
      '}',
      'pub fn check(stored: &str, pw: &[u8]) -> bool {',
      '    argon2::verify_encoded(stored, pw).unwrap()',
      '}',
    );
    const a = algorithms(source);
    assert.deepEqual(a.map((x) => [x.line, x.spelling]), [[5, 'Argon2i'], [8, 'Argon2'], [11, 'Argon2']]);
    assert.equal(a[0]!.params.parallelism, 4);
    assert.equal(a[0]!.params.cost, 4);
    assert.equal(a[0]!.params.memoryCost, undefined);
    assert.deepEqual(a[1]!.params, {});
    assert.deepEqual(a[2]!.unresolved ?? [], []);
  });
});

describe('JWTs signed with the jwt crate and an HMAC key in a generic struct', () => {
  it('AlgorithmType::Hs512 in a Header is HS512; a comparison with it is not a use', () => {
    const source = lines(
      'use hmac::Hmac;',
      'use sha2::Sha384;',
      'use jwt::{SignWithKey, VerifyWithKey};',
      'pub fn issue(key: &Hmac<Sha384>, claims: Claims) -> String {',
      '    let header = jwt::Header { algorithm: jwt::AlgorithmType::Hs384, ..Default::default() };',
      '    jwt::Token::new(header, claims).sign_with_key(key).unwrap().as_str().to_owned()',
      '}',
      'pub fn check(token: &jwt::Token<jwt::Header, Claims, jwt::Verified>) -> bool {',
      '    token.header().algorithm == jwt::AlgorithmType::Hs384',
      '}',
    );
    assert.deepEqual(rows(source), [[5, 'HMAC-SHA-384']]);
  });

  it('Mac::new_from_slice into a field of `State::<B> { … }` takes the field\'s declared type', () => {
    const source = lines(
      'use hmac::{Hmac, Mac};',
      'use sha2::Sha512;',
      'pub struct State<B> { pub backend: B, pub signer: Hmac<Sha512> }',
      'pub fn state<B>(backend: B, secret: &str) -> State<B> {',
      '    State::<B> {',
      '        backend,',
      '        signer: hmac::Mac::new_from_slice(secret.as_bytes()).unwrap(),',
      '    }',
      '}',
    );
    assert.deepEqual(rows(source), [[7, 'HMAC-SHA-512']]);
  });
});

describe('ed25519-dalek keys as ruma writes them', () => {
  it('a secret filled by a generator then made a SigningKey is key generation; the zeroed buffer is not a key', () => {
    const source = lines(
      'use ed25519_dalek::{SecretKey, SigningKey};',
      'use rand::TryCryptoRng;',
      'fn fresh_key<R: TryCryptoRng + ?Sized>(rng: &mut R) -> Result<SigningKey, R::Error> {',
      '    let mut seed = SecretKey::default();',
      '    rng.try_fill_bytes(&mut seed)?;',
      '    Ok(SigningKey::from_bytes(&seed))',
      '}',
      'fn restore(seed: &SecretKey) -> SigningKey {',
      '    SigningKey::from_bytes(seed)',
      '}',
    );
    const a = algorithms(source);
    assert.deepEqual(a.map((x) => [x.line, x.name, x.functions]), [[6, 'Ed25519', ['keygen']], [9, 'Ed25519', ['sign']]]);
  });

  it('VerifyingKey::try_from(bytes) parses a public key to verify with (also renamed)', () => {
    const source = lines(
      'use ed25519_dalek::{Verifier as _, VerifyingKey as PeerKey, Signature};',
      'pub fn check(pk: &[u8], sig: &[u8; 64], msg: &[u8]) -> bool {',
      '    PeerKey::try_from(pk).map(|k| k.verify(msg, &Signature::from_bytes(sig)).is_ok()).unwrap_or(false)',
      '}',
    );
    assert.deepEqual(algorithms(source).map((x) => [x.line, x.name, x.functions]), [[3, 'Ed25519', ['verify']]]);
  });
});

describe('orion', () => {
  it('aead seal/open are XChaCha20-Poly1305; hash, auth, pwhash and kdf name their fixed algorithms', () => {
    const source = lines(
      'use orion::{aead, kdf, pwhash};',
      'pub fn roundtrip(key: &aead::SecretKey, state: &[u8]) -> Vec<u8> {',
      '    let sealed = aead::seal(key, state).unwrap();',
      '    aead::open(key, &sealed).unwrap()',
      '}',
      'pub fn misc(pw: &pwhash::Password, data: &[u8], mac_key: &orion::auth::SecretKey) {',
      '    let _ = orion::hash::digest(data);',
      '    let _ = orion::auth::authenticate(mac_key, data);',
      '    let _ = pwhash::hash_password(pw, 3, 1 << 16);',
      '    let salt = kdf::Salt::default();',
      '    let _ = kdf::derive_key(&kdf::Password::from_slice(b"x").unwrap(), &salt, 3, 1 << 16, 32);',
      '}',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+')]), [
      [3, 'XChaCha20-Poly1305', 'encrypt'], [4, 'XChaCha20-Poly1305', 'decrypt'], [7, 'BLAKE2b-256', 'digest'], [8, 'BLAKE2b-256', 'tag'],
      [9, 'Argon2i-65536-3-1', 'keyderive'], [11, 'Argon2i-65536-3-1', 'keyderive'],
    ]);
  });

  it('another crate\'s seal/open and orion\'s hazardous layer are not read as the high-level API', () => {
    const source = lines(
      'use ring::aead::{self, LessSafeKey};',
      'pub fn f(k: &LessSafeKey, store: &Store) { let _ = store.seal(k); let _ = crate::vault::open(k); }',
      'pub fn g(d: &[u8]) { let _ = orion::hazardous::hash::blake2::blake2b::Hasher::Blake2b256.digest(d); }',
    );
    assert.deepEqual(algorithms(source), []);
  });
});

describe('opaque-ke server setup', () => {
  it('ServerSetup::new through the file\'s alias generates the key pair on the suite\'s group; deserialize loads one', () => {
    const source = lines(
      'use opaque_ke::ciphersuite::CipherSuite;',
      'pub struct Suite;',
      'impl CipherSuite for Suite {',
      '    type Group = curve25519_dalek::ristretto::RistrettoPoint;',
      '    type KeyExchange = opaque_ke::key_exchange::tripledh::TripleDH;',
      '    type Hash = sha2::Sha512;',
      '    type SlowHash = opaque_ke::slow_hash::NoOpHash;',
      '}',
      'pub type Setup = opaque_ke::ServerSetup<Suite>;',
      'pub fn fresh() -> Setup { Setup::new(&mut rand::rngs::OsRng) }',
      'pub fn stored(b: &[u8]) -> Setup { Setup::deserialize(b).unwrap() }',
      'pub fn other(b: &[u8]) -> opaque_ke::ServerSetup<crate::Elsewhere> { opaque_ke::ServerSetup::<crate::Elsewhere>::deserialize(b).unwrap() }',
    );
    const a = algorithms(source).filter((x) => x.line >= 10);
    assert.deepEqual(a.map((x) => [x.line, x.name, x.functions?.join('+') ?? '']), [
      [10, 'ECDH-ristretto255', 'keygen'], [11, 'ECDH-ristretto255', ''], [12, 'ECDH', ''],
    ]);
  });
});

describe('ruma-signatures', () => {
  it('its key pair is Ed25519 (generated or loaded), its signing and verifying functions Ed25519, its hashes SHA-256', () => {
    const source = lines(
      'use ruma_signatures::{Ed25519KeyPair, PublicKeyMap, sign_json, verify_event};',
      'use ruma::signatures::reference_hash;',
      'pub fn server_key() -> Vec<u8> { Ed25519KeyPair::generate().to_vec() }',
      'pub fn sign(doc: &[u8], obj: &mut Obj) {',
      '    let kp = Ed25519KeyPair::from_der(doc, "1".to_owned()).unwrap();',
      '    sign_json("example.org", &kp, obj).unwrap();',
      '}',
      'pub fn check(keys: &PublicKeyMap, ev: &Obj, rules: &Rules) {',
      '    let _ = verify_event(keys, ev, rules);',
      '    let _ = reference_hash(ev, rules);',
      '    let _ = ruma_signatures::hash_and_sign_event("example.org", &kp(), &mut ev.clone(), rules);',
      '}',
    );
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+') ?? '']), [
      [3, 'Ed25519', 'keygen'], [5, 'Ed25519', 'sign'], [6, 'Ed25519', 'sign'], [9, 'Ed25519', 'verify'], [10, 'SHA-256', 'digest'],
      [11, 'SHA-256', 'digest'], [11, 'Ed25519', 'sign'],
    ]);
  });

  it('the crate\'s own functions reached through crate:: paths, and another crate\'s sign_json, are not read', () => {
    const source = lines(
      'use crate::hash::content_hash;',
      'use other_crate::sign_json;',
      'pub fn f(o: &Obj) { let _ = content_hash(o); let _ = sign_json(o); let _ = crate::verify::verify_json(o); }',
    );
    assert.deepEqual(algorithms(source), []);
  });
});
