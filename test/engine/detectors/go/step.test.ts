// smallstep's go.step.sm/crypto beyond keyutil: the jose package's key generators and algorithm
// constants (step-ca's provisioner keys and tokens) and sshutil's SSH certificate signing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { goDetector } from '../../../../src/engine/detectors/source/go/index.js';
import { snippetHelpers } from '../source-helpers.js';

const { algorithms } = snippetHelpers(goDetector, 'authority/provisioners.go');
const rows = (source: string) =>
  algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+'), a.library?.name]).sort((x, y) => Number(x[0]) - Number(y[0]) || String(x[1]).localeCompare(String(y[1])));

const file = (body: string, imports = ['"go.step.sm/crypto/jose"']) =>
  ['package authority', '', 'import (', ...imports.map((i) => `\t${i}`), ')', '', body].join('\n');

describe('go.step.sm/crypto/jose', () => {
  it('GenerateJWK names the key its kty, crv and size make, with jose defaults for empty ones', () => {
    const source = file([
      'func keys(kty string) {',
      '\tec, _ := jose.GenerateJWK("EC", "P-384", "ES384", "sig", "", 0)', // 8
      '\tdef, _ := jose.GenerateJWK("EC", "", "ES256", "sig", "", 0)', // 9
      '\trsa, _ := jose.GenerateJWK("RSA", "", "RS256", "sig", "", 0)', // 10
      '\tbig, _ := jose.GenerateJWK("RSA", "", "PS256", "sig", "", 4096)', // 11
      '\ted, _ := jose.GenerateJWK("OKP", "", "EdDSA", "sig", "", 0)', // 12
      '\tmac, _ := jose.GenerateJWK("oct", "", "HS256", "sig", "", 32)', // 13
      '\tany, _ := jose.GenerateJWK(kty, "", "", "sig", "", 0)', // 14
      '\t_, _, _, _, _, _, _ = ec, def, rsa, big, ed, mac, any',
      '}',
    ].join('\n'));
    assert.deepEqual(rows(source), [
      [8, 'ECDSA-P384', 'keygen', 'go.step.sm/crypto'],
      [9, 'ECDSA-P256', 'keygen', 'go.step.sm/crypto'],
      [10, 'RSA-2048', 'keygen', 'go.step.sm/crypto'],
      [11, 'RSA-4096', 'keygen', 'go.step.sm/crypto'],
      [12, 'Ed25519', 'keygen', 'go.step.sm/crypto'],
      // "oct" is a random secret: no algorithm at the generation.
      [14, 'unknown-key-generator', 'keygen', 'go.step.sm/crypto'],
    ]);
  });

  it('GenerateDefaultKeyPair is an ECDSA P-256 key whose private half is encrypted with PBES2 and A256GCM', () => {
    const source = file([
      'func provisionerKey(password string) error {',
      '\tjwk, jwe, err := jose.GenerateDefaultKeyPair([]byte(password))', // 8
      '\t_, _ = jwk, jwe',
      '\treturn err',
      '}',
    ].join('\n'));
    assert.deepEqual(rows(source), [
      [8, 'AES-128-KW', 'encrypt', 'go.step.sm/crypto'],
      [8, 'AES-256-GCM', 'encrypt', 'go.step.sm/crypto'],
      [8, 'ECDSA-P256', 'keygen', 'go.step.sm/crypto'],
      [8, 'PBKDF2-SHA-256-600000', 'keyderive', 'go.step.sm/crypto'],
    ]);
    const kdf = algorithms(source).find((a) => a.name === 'PBKDF2-SHA-256-600000');
    assert.equal(kdf?.params.iterations, 600000);
  });

  it('smallstep jose re-exports go-jose algorithm constants; a local jose package does not', () => {
    const source = file([
      'func sign(key []byte) (jose.Signer, error) {',
      '\treturn jose.NewSigner(jose.SigningKey{Algorithm: jose.HS256, Key: key}, nil)', // 8
      '}',
      'func accepted(alg string) bool { return alg == string(jose.ES384) }', // 10
    ].join('\n'));
    assert.deepEqual(rows(source), [
      [8, 'HMAC-SHA-256', 'tag', 'go.step.sm/crypto'],
      [10, 'ECDSA-P384-SHA-384', 'sign+verify', 'go.step.sm/crypto'],
    ]);
    const local = file('func f() { _ = jose.HS256; _, _ = jose.GenerateJWK("EC", "", "", "", "", 0) }', ['"example.com/internal/jose"']);
    assert.deepEqual(rows(local), []);
  });
});

describe('go.step.sm/crypto/kms/apiv1', () => {
  it('a CreateKeyRequest names the key the KMS makes: type and curve by signature algorithm, RSA size by Bits', () => {
    const source = file([
      'func caKeys(alg kmsapi.SignatureAlgorithm) []*kmsapi.CreateKeyRequest {',
      '\treturn []*kmsapi.CreateKeyRequest{',
      '\t\t{Name: "root"},', // 9: an element of a slice of pointers is not its own literal: not read
      '\t\t&kmsapi.CreateKeyRequest{SignatureAlgorithm: kmsapi.ECDSAWithSHA384},', // 10
      '\t\t&kmsapi.CreateKeyRequest{SignatureAlgorithm: kmsapi.SHA256WithRSAPSS, Bits: 4096},', // 11
      '\t\t&kmsapi.CreateKeyRequest{SignatureAlgorithm: kmsapi.SHA256WithRSA},', // 12
      '\t\t&kmsapi.CreateKeyRequest{SignatureAlgorithm: kmsapi.PureEd25519},', // 13
      '\t\t&kmsapi.CreateKeyRequest{Name: "intermediate"},', // 14: no algorithm is the KMS default, EC P-256
      '\t\t&kmsapi.CreateKeyRequest{SignatureAlgorithm: alg},', // 15
      '\t}',
      '}',
    ].join('\n'), ['kmsapi "go.step.sm/crypto/kms/apiv1"']);
    assert.deepEqual(rows(source), [
      [10, 'ECDSA-P384', 'keygen', 'go.step.sm/crypto'],
      [11, 'RSA-4096', 'keygen', 'go.step.sm/crypto'],
      [12, 'RSA', 'keygen', 'go.step.sm/crypto'],
      [13, 'Ed25519', 'keygen', 'go.step.sm/crypto'],
      [14, 'ECDSA-P256', 'keygen', 'go.step.sm/crypto'],
      [15, 'unknown-key-pair-generator', 'keygen', 'go.step.sm/crypto'],
    ]);
  });

  it('a look-alike CreateKeyRequest of another package is nothing', () => {
    const source = file('var r = apiv1.CreateKeyRequest{SignatureAlgorithm: apiv1.ECDSAWithSHA256}', ['"example.com/kms/apiv1"', '"crypto/sha256"']);
    assert.deepEqual(rows(source), []);
  });
});

describe('go.step.sm/crypto/minica', () => {
  it('New makes ECDSA P-256 CA keys unless a signer function is given', () => {
    const source = file([
      'func cas() {',
      '\tdef, _ := minica.New(minica.WithName("Test CA"))', // 9
      '\tcustom, _ := minica.New(minica.WithGetSignerFunc(func() (crypto.Signer, error) { return signer, nil }))', // 10
      '\t_, _ = def, custom',
      '}',
    ].join('\n'), ['"crypto"', '"go.step.sm/crypto/minica"']);
    assert.deepEqual(rows(source), [[9, 'ECDSA-P256', 'keygen', 'go.step.sm/crypto']]);
  });
});

describe('go.step.sm/crypto/sshutil', () => {
  it('CreateCertificate is an SSH CA signature: unknown for a signer handed in, the default for a key the file made', () => {
    const source = file([
      'func signSSH(cert *ssh.Certificate, signer ssh.Signer) (*ssh.Certificate, error) {',
      '\treturn sshutil.CreateCertificate(cert, signer)', // 11
      '}',
      'func selfSigned(cert *ssh.Certificate) (*ssh.Certificate, error) {',
      '\t_, priv, _ := ed25519.GenerateKey(rand.Reader)', // 14
      '\treturn sshutil.CreateCertificate(cert, priv)', // 15
      '}',
    ].join('\n'), ['"crypto/ed25519"', '"crypto/rand"', '"go.step.sm/crypto/sshutil"', '"golang.org/x/crypto/ssh"']);
    assert.deepEqual(rows(source), [
      [11, 'unknown-signature', 'sign', 'go.step.sm/crypto'],
      [14, 'Ed25519', 'keygen', 'stdlib'],
      [15, 'Ed25519', 'sign', 'go.step.sm/crypto'],
    ]);
  });

  it('sshutil calls that sign nothing are not reported', () => {
    const source = file('func data() any { return sshutil.NewTemplateData() }', ['"go.step.sm/crypto/sshutil"']);
    assert.deepEqual(rows(source), []);
  });
});
