// go-acme/lego's certcrypto: the keys of the certificates an ACME client obtains (go/lego.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms } from './helpers.js';

const rows = (source: string) => algorithms(source).map((a) => `${a.line} ${a.name}`).sort();

describe('Go: lego certcrypto key types', () => {
  it('reads GeneratePrivateKey and a client\'s Certificate.KeyType, by constant or by its value', () => {
    const source = [
      'package acme',
      'import (',
      '\t"github.com/go-acme/lego/v4/certcrypto"',
      '\t"github.com/go-acme/lego/v4/lego"',
      ')',
      'func accountKey() (any, error) { return certcrypto.GeneratePrivateKey(certcrypto.EC384) }', // 6
      'func certKey(kind string) (any, error) { return certcrypto.GeneratePrivateKey(certcrypto.KeyType(kind)) }', // 7
      'func legacyKey() (any, error) { return certcrypto.GeneratePrivateKey("2048") }', // 8
      'func setup(u lego.User) *lego.Config {',
      '\tcfg := lego.NewConfig(u)',
      '\tcfg.Certificate.KeyType = certcrypto.RSA4096', // 11
      '\treturn cfg',
      '}',
      'func literal() lego.CertificateConfig { return lego.CertificateConfig{KeyType: certcrypto.EC256, Timeout: 30} }', // 14
    ].join('\n');
    assert.deepEqual(rows(source), ['11 RSA-4096', '14 ECDSA-P256', '6 ECDSA-P384', '7 unknown-key-pair-generator', '8 RSA-2048']);
  });

  it('reads nothing from another package\'s KeyType or GeneratePrivateKey', () => {
    const source = [
      'package vault',
      'import "example.com/internal/certcrypto"',
      'type Options struct{ KeyType string }',
      'func f() { o := Options{KeyType: "rsa"}; o.KeyType = certcrypto.RSA4096; certcrypto.GeneratePrivateKey(certcrypto.EC256) }',
    ].join('\n');
    assert.deepEqual(rows(source), []);
  });
});
