// cloudflare/cfssl as a library: the key pairs its key requests ask for (go/cfssl.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms } from './helpers.js';

const rows = (source: string) => algorithms(source).map((a) => `${a.line} ${a.name}`).sort();

describe('Go: cfssl key requests', () => {
  it('a KeyRequest literal, keyed or positional, alone, in a request or in a table of requests, is the key cfssl generates', () => {
    const source = [
      'package pki', // 1
      'import (',
      '\t"github.com/cloudflare/cfssl/csr"',
      '\t"github.com/cloudflare/cfssl/initca"',
      ')',
      'func rootCA() ([]byte, []byte, []byte, error) {',
      '\treq := &csr.CertificateRequest{',
      '\t\tCN: "Example Root",',
      '\t\tKeyRequest: &csr.KeyRequest{A: "rsa", S: 4096},', // 9
      '\t}',
      '\treturn initca.New(req)',
      '}',
      'var leafKey = csr.KeyRequest{"ecdsa", 384}', // 13
      'var profiles = []csr.KeyRequest{',
      '\t{A: "rsa", S: 3072},', // 15
      '\t{A: "ed25519"},', // 16
      '}',
      'func legacy() *csr.BasicKeyRequest { return &csr.BasicKeyRequest{A: "ecdsa", S: 521} }', // 18
      'func defaults() *csr.CertificateRequest { return &csr.CertificateRequest{KeyRequest: csr.NewKeyRequest()} }', // 19
    ].join('\n');
    assert.deepEqual(rows(source), ['13 ECDSA-P384', '15 RSA-3072', '16 Ed25519', '18 ECDSA-P521', '19 ECDSA-P256', '9 RSA-4096']);
    assert.deepEqual(new Set(algorithms(source).map((a) => a.library?.name)), new Set(['github.com/cloudflare/cfssl']));
  });

  it('a request built from a helper\'s parameters takes the values its callers pass; an unread size is unknown', () => {
    const source = [
      'package pki',
      'import "github.com/cloudflare/cfssl/csr"',
      'func request(algo string, size int) *csr.KeyRequest {',
      '\treturn &csr.KeyRequest{A: algo, S: size}', // 4
      '}',
      'func ca() *csr.KeyRequest { return request("rsa", 2048) }',
      'func leaf() *csr.KeyRequest { return request("ecdsa", 256) }',
      'func sized(bits int) { kr := &csr.KeyRequest{A: "rsa"}; kr.S = bits; use(kr) }', // 8
    ].join('\n');
    // As for every helper, each caller's line is an occurrence too (shared "Values passed by the file's own calls").
    assert.deepEqual(rows(source), ['4 ECDSA-P256', '4 RSA-2048', '6 RSA-2048', '7 ECDSA-P256', '8 RSA']);
  });

  it('nothing from a request cfssl refuses, one from configuration, or another package\'s KeyRequest', () => {
    const source = [
      'package pki',
      'import (',
      '\t"github.com/cloudflare/cfssl/csr"',
      '\tother "example.com/internal/csr"',
      ')',
      'type Settings struct{ Algo string; Size int }',
      'func f(s Settings) {',
      '\tuse(&csr.KeyRequest{A: s.Algo, S: s.Size})',
      '\tuse(csr.KeyRequest{A: "ecdsa", S: 255})',
      '\tuse(csr.KeyRequest{A: "yolocrypto", S: 2048})',
      '\tuse([]csr.KeyRequest{{A: "rsa", S: 1024}})', // "RSA key is too weak": cfssl makes no key
      '\tuse(other.KeyRequest{A: "rsa", S: 2048})',
      '\tuse(other.NewKeyRequest())',
      '}',
    ].join('\n');
    assert.deepEqual(rows(source), []);
  });
});
