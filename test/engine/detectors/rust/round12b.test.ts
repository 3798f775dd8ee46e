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
