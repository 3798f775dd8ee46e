// ACME clients' key types: go-acme/lego's certcrypto and caddyserver/certmagic, the keys of the certificates they obtain (go/acme.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms } from './helpers.js';
import { goDetector } from '../../../../src/engine/detectors/source/go/index.js';

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

describe('Go: certmagic key types', () => {
  it('a StandardKeyGenerator\'s KeyType, in a literal or assigned, is the key certmagic makes for each certificate', () => {
    const source = [
      'package webserver', // 1
      'import "github.com/caddyserver/certmagic"',
      'func managed(domains []string) error {',
      '\tcertmagic.Default.KeySource = certmagic.StandardKeyGenerator{KeyType: certmagic.RSA4096}', // 4
      '\treturn certmagic.ManageSync(nil, domains)',
      '}',
      'func perTenant(cache *certmagic.Cache) *certmagic.Config {',
      '\treturn certmagic.New(cache, certmagic.Config{KeySource: certmagic.StandardKeyGenerator{KeyType: certmagic.P384}})', // 8
      '}',
      'func edge() certmagic.StandardKeyGenerator {',
      '\tvar gen certmagic.StandardKeyGenerator',
      '\tgen.KeyType = certmagic.ED25519', // 12
      '\treturn gen',
      '}',
    ].join('\n');
    assert.deepEqual(rows(source), ['12 Ed25519', '4 RSA-4096', '8 ECDSA-P384']);
    assert.deepEqual(algorithms(source).map((a) => a.library?.name), Array(3).fill('github.com/caddyserver/certmagic'));
  });

  it('a key type from configuration, and certmagic\'s default, are not reported', () => {
    const source = [
      'package webserver',
      'import "github.com/caddyserver/certmagic"',
      'type Settings struct{ KeyType string }',
      'func fromConfig(s Settings) *certmagic.Config {',
      '\tcfg := certmagic.NewDefault()',
      '\tcfg.KeySource = certmagic.StandardKeyGenerator{KeyType: certmagic.KeyType(s.KeyType)}',
      '\treturn cfg',
      '}',
      'func plain() certmagic.KeyGenerator { return certmagic.DefaultKeyGenerator }',
      'func settings() Settings { return Settings{KeyType: "rsa2048"} }',
    ].join('\n');
    assert.deepEqual(rows(source), []);
  });

  it('a file that imports only certmagic passes the prefilter', () => {
    assert.ok(goDetector.keywords!.some((k) => 'import "github.com/caddyserver/certmagic"'.includes(k)));
  });
});
