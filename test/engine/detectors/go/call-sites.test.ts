// Values a Go helper's parameters receive from the file's own calls (go/call-sites.ts with the shared
// Evaluator.eachCase): one use per call site with all its arguments together, the unknown case of the
// package's other files, local func literals closed, recursion, spreads and other types' methods left out.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, protocols, signals } from './helpers.js';

const rows = (source: string) => algorithms(source).map((a) => `${a.line} ${a.name}`);

describe('Go: values passed by the file\'s own calls', () => {
  it('takes every argument of one call together, plus the unknown case of other files\' callers', () => {
    const source = [
      'package vault', // 1
      '',
      'import (',
      '\t"crypto/sha1"',
      '\t"crypto/sha256"',
      '\t"hash"',
      '',
      '\t"golang.org/x/crypto/pbkdf2"',
      ')',
      '',
      'func derive(pw, salt []byte, iter int, h func() hash.Hash) []byte {',
      '\treturn pbkdf2.Key(pw, salt, iter, 32, h)', // 12
      '}',
      '',
      'func Keys(pw, salt []byte) ([]byte, []byte) {',
      '\treturn derive(pw, salt, 600000, sha256.New), derive(pw, salt, 1000, sha1.New)',
      '}',
    ].join('\n');
    // Never SHA-256 with 1,000 iterations: the iterations and the hash of one call go together.
    assert.deepEqual(rows(source), ['12 PBKDF2-SHA-256-600000', '16 PBKDF2-SHA-256-600000', '12 PBKDF2-SHA-1-1000', '16 PBKDF2-SHA-1-1000', '12 PBKDF2']);
  });

  it('a func literal bound to a local name is closed: its calls are all there are, unless the name escapes', () => {
    const closed = [
      'package keys',
      'import (',
      '\t"crypto/ecdsa"',
      '\t"crypto/elliptic"',
      '\t"crypto/rand"',
      ')',
      'func Provision() {',
      '\tmk := func(c elliptic.Curve) *ecdsa.PrivateKey {',
      '\t\tk, _ := ecdsa.GenerateKey(c, rand.Reader)', // 9
      '\t\treturn k',
      '\t}',
      '\tmk(elliptic.P256())',
      '\tmk(elliptic.P384())',
      '}',
    ];
    assert.deepEqual(rows(closed.join('\n')), ['9 ECDSA-P256', '12 ECDSA-P256', '9 ECDSA-P384', '13 ECDSA-P384']);
    // Handed to another function, the literal may be called with anything.
    const escapes = [...closed.slice(0, 13), '\tregister(mk)', '}', 'func register(f func(elliptic.Curve) *ecdsa.PrivateKey) {}'];
    assert.deepEqual(rows(escapes.join('\n')), ['9 ECDSA-P256', '12 ECDSA-P256', '9 ECDSA-P384', '13 ECDSA-P384', '9 ECDSA']);
  });

  it('a method is fed by calls on its receiver in methods of its type, not by a same-named method or function', () => {
    const source = [
      'package store',
      'import (',
      '\t"crypto/rand"',
      '\t"crypto/rsa"',
      ')',
      'type Store struct{}',
      'type Cache struct{}',
      'func (s *Store) key(bits int) *rsa.PrivateKey {',
      '\tk, _ := rsa.GenerateKey(rand.Reader, bits)', // 9
      '\treturn k',
      '}',
      'func (s *Store) Rotate() { s.key(3072) }',
      'func (c *Cache) key(bits int) int { return bits }',
      'func (c *Cache) Warm() { c.key(1024) }',
      'func key(bits int) int { return bits }',
      'var small = key(512)',
      'func Other(s *Store) { s.key(2048) }',
    ].join('\n');
    // `s.key(2048)` in a plain function: `s` is not a receiver the file types, so it is left to the unknown case.
    assert.deepEqual(rows(source), ['9 RSA-3072', '12 RSA-3072', '9 RSA']);
  });

  it('leaves out recursive calls, spreads and multi-value calls', () => {
    const source = [
      'package chain',
      'import (',
      '\t"crypto/rand"',
      '\t"crypto/rsa"',
      ')',
      'func gen(bits int, tries int) *rsa.PrivateKey {',
      '\tk, err := rsa.GenerateKey(rand.Reader, bits)', // 7
      '\tif err != nil && tries > 0 {',
      '\t\treturn gen(bits*2, tries-1)',
      '\t}',
      '\treturn k',
      '}',
      'func policy() (int, int) { return 1024, 1 }',
      'func Start(extra []int) {',
      '\tgen(4096, 3)',
      '\tgen(policy())',
      '}',
    ].join('\n');
    assert.deepEqual(rows(source), ['7 RSA-4096', '15 RSA-4096', '7 RSA', '7 RSA']);
  });

  it('takes a key\'s length from a caller but not its literal origin: no hard-coded key at the helper', () => {
    const source = [
      'package box',
      'import "crypto/aes"',
      'func seal(k []byte) { aes.NewCipher(k) }', // 3
      'func Demo() { seal([]byte("0123456789abcdef")) }',
    ].join('\n');
    assert.deepEqual(rows(source), ['3 AES-128', '4 AES-128', '3 AES']);
    assert.deepEqual(signals(source).map((s) => s.signal), []);
    // A password string passed in is no hard-coded password at the helper either; written at the call, it is one.
    const pkcs12 = [
      'package store',
      'import (',
      '\t"crypto/x509"',
      '\tpkcs12 "software.sslmate.com/src/go-pkcs12"',
      ')',
      'func bundle(key any, cert *x509.Certificate, password string) ([]byte, error) {',
      '\treturn pkcs12.Modern.Encode(key, cert, nil, password)', // 7
      '}',
      'func Export(key any, cert *x509.Certificate) ([]byte, error) { return bundle(key, cert, "changeit") }',
      'func Direct(key any, cert *x509.Certificate) ([]byte, error) { return pkcs12.Modern.Encode(key, cert, nil, "changeit") }', // 10
    ].join('\n');
    assert.deepEqual(signals(pkcs12).map((s) => `${s.occurrence.line} ${s.signal}`), ['10 hardcoded-password']);
  });

  it('a tls.Config literal or assignment takes a helper\'s version and switch from its callers', () => {
    const source = [
      'package edge',
      'import "crypto/tls"',
      'func newConfig(min uint16, skip bool) *tls.Config {',
      '\treturn &tls.Config{MinVersion: min, InsecureSkipVerify: skip}', // 4
      '}',
      'func Public() *tls.Config { return newConfig(tls.VersionTLS13, false) }',
      'func Legacy() *tls.Config { return newConfig(tls.VersionTLS10, false) }',
      'func set(c *tls.Config, v uint16) { c.MinVersion = v }', // 8
      'func Old(c *tls.Config) { set(c, tls.VersionTLS11) }',
    ].join('\n');
    // newConfig is open (other files may call it): its unknown case is TLS of unknown version, and a
    // switch that callers elsewhere may set.
    assert.deepEqual(protocols(source).map((p) => `${p.occurrence.line} ${p.protocol.version}`), ['4 1.3', '4 1.0', '4 undefined']);
    assert.deepEqual(signals(source).map((s) => `${s.occurrence.line} ${s.signal}`), ['4 insecure-protocol-version', '4 cert-verification-disabled', '8 insecure-protocol-version']);
  });

  it('a helper\'s return value: the case its caller\'s constant selects, or each one for an unknown argument', () => {
    const source = [
      'package jws',
      'import (',
      '\t"crypto"',
      '\t"crypto/rand"',
      '\t"crypto/rsa"',
      ')',
      'func hashFor(alg string) crypto.Hash {',
      '\tswitch alg {',
      '\tcase "RS384", "PS384":',
      '\t\treturn crypto.SHA384',
      '\tcase "RS512":',
      '\t\treturn crypto.SHA512',
      '\t}',
      '\treturn crypto.SHA256',
      '}',
      'func Sign384(k *rsa.PrivateKey, d []byte) ([]byte, error) { return rsa.SignPKCS1v15(rand.Reader, k, hashFor("RS384"), d) }', // 16
      'func Sign(k *rsa.PrivateKey, alg string, d []byte) ([]byte, error) { return rsa.SignPKCS1v15(rand.Reader, k, hashFor(alg), d) }', // 17
      'func defaultBits() int { return 3072 }',
      'func SignOther(k *rsa.PrivateKey, d []byte) ([]byte, error) { return rsa.SignPKCS1v15(rand.Reader, k, hashFor("HS256"), d) }', // 19
      'func legacy(alg string) crypto.Hash {',
      '	switch alg {',
      '	case "RS1":',
      '		log(alg)', // a case that does not return: the code after runs for it
      '	case "RS384":',
      '		return crypto.SHA384',
      '	default:',
      '		panic("unsupported")',
      '	}',
      '	return crypto.SHA1',
      '}',
      'func SignLegacy(k *rsa.PrivateKey, d []byte) ([]byte, error) { return rsa.SignPKCS1v15(rand.Reader, k, legacy("RS1"), d) }', // 31
      'func SignModern(k *rsa.PrivateKey, d []byte) ([]byte, error) { return rsa.SignPKCS1v15(rand.Reader, k, legacy("RS384"), d) }', // 32
      'func Key() (*rsa.PrivateKey, error) { return rsa.GenerateKey(rand.Reader, defaultBits()) }', // 33
    ].join('\n');
    const rows = [...new Set(algorithms(source).map((a) => `${a.line} ${a.name}`))].sort();
    // Line 16: the RS512 case cannot match "RS384", and the return after the switch runs only when no returning case matched.
    assert.deepEqual(rows, ['16 RSA-PKCS1-1.5-SHA-384', '17 RSA-PKCS1-1.5-SHA-256', '17 RSA-PKCS1-1.5-SHA-384', '17 RSA-PKCS1-1.5-SHA-512', '19 RSA-PKCS1-1.5-SHA-256', '31 RSA-PKCS1-1.5-SHA-1', '32 RSA-PKCS1-1.5-SHA-384', '33 RSA-3072']);
  });
});
