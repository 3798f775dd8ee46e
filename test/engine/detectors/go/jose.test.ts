// Go JOSE libraries: golang-jwt signing methods, go-jose and jwx algorithm constants, and the 'none'
// algorithm; a local package with a JOSE-like member name is not one of them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { goDetector } from '../../../../src/engine/detectors/source/go/index.js';
import { snippetHelpers } from '../source-helpers.js';

const { algorithms, signals, detect } = snippetHelpers(goDetector, 'internal/auth/tokens.go');
const rows = (source: string) => algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+'), a.library?.name]);

describe('Go JOSE libraries', () => {
  it('golang-jwt signing methods (v5 and the old jwt-go), and the none method', () => {
    const source = [
      'package auth',
      '',
      'import (',
      '\t"github.com/golang-jwt/jwt/v5"',
      '\tjwtgo "github.com/dgrijalva/jwt-go"',
      ')',
      '',
      'func Issue(secret []byte, claims jwt.MapClaims) (string, error) {',
      '\treturn jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(secret)',
      '}',
      '',
      'func Legacy() *jwtgo.Token { return jwtgo.New(jwtgo.SigningMethodRS512) }',
      '',
      'func Debug(claims jwt.MapClaims) (string, error) {',
      '\treturn jwt.NewWithClaims(jwt.SigningMethodNone, claims).SignedString(jwt.UnsafeAllowNoneSignatureType)',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [9, 'HMAC-SHA-256', 'tag', 'github.com/golang-jwt/jwt/v5'],
      [12, 'RSA-PKCS1-1.5-SHA-512', 'sign+verify', 'github.com/dgrijalva/jwt-go'],
    ]);
    assert.deepEqual(signals(source).map((s) => [s.signal, s.occurrence.line]), [['jwt-none-algorithm', 15], ['jwt-none-algorithm', 15]]);
  });

  it('go-jose: signature, key management and content encryption constants', () => {
    const source = [
      'package auth',
      '',
      'import jose "github.com/go-jose/go-jose/v4"',
      '',
      'func Seal(pub any) (jose.Encrypter, error) {',
      '\treturn jose.NewEncrypter(jose.A128CBC_HS256, jose.Recipient{Algorithm: jose.RSA1_5, Key: pub}, nil)',
      '}',
      '',
      'func Signer(k any) (jose.Signer, error) {',
      '\treturn jose.NewSigner(jose.SigningKey{Algorithm: jose.ES384, Key: k}, nil)',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [6, 'AES-128-CBC', 'encrypt+decrypt', 'github.com/go-jose/go-jose/v4'],
      [6, 'HMAC-SHA-256', 'tag', 'github.com/go-jose/go-jose/v4'],
      [6, 'RSA-PKCS1-1.5', 'encrypt+decrypt', 'github.com/go-jose/go-jose/v4'],
      [10, 'ECDSA-P384-SHA-384', 'sign+verify', 'github.com/go-jose/go-jose/v4'],
    ]);
  });

  it('go-jose: ECDH-ES and PBES2 with AES key wrap are two algorithms each; ECDH-ES alone is one', () => {
    const source = [
      'package auth',
      '',
      'import jose "github.com/go-jose/go-jose/v4"',
      '',
      'var keyAlgs = []jose.KeyAlgorithm{jose.ECDH_ES_A192KW, jose.PBES2_HS512_A256KW, jose.ECDH_ES}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source).map((r) => [r[1], r[2]]), [
      ['ECDH', 'keyderive'], ['AES-192-KW', 'encrypt+decrypt'],
      ['PBKDF2-SHA-512', 'keyderive'], ['AES-256-KW', 'encrypt+decrypt'],
      ['ECDH', 'keyderive'],
    ]);
  });

  it('golang-jwt PEM key parsers name the key type, size and curve unknown', () => {
    const source = [
      'package auth',
      '',
      'import "github.com/golang-jwt/jwt/v5"',
      '',
      'func keys(b []byte) {',
      '\tjwt.ParseRSAPublicKeyFromPEM(b)',
      '\tjwt.ParseECPrivateKeyFromPEM(b)',
      '\tjwt.ParseEdPublicKeyFromPEM(b)',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source).map((r) => [r[0], r[1]]), [[6, 'RSA'], [7, 'ECDSA'], [8, 'Ed25519']]);
  });

  it('an unaliased go-jose import is the package jose; a local package named jwt is not golang-jwt', () => {
    const jose = ['package auth', '', 'import "gopkg.in/square/go-jose.v2"', '', 'var Alg = jose.PS256', ''].join('\n');
    assert.deepEqual(rows(jose).map((r) => r[1]), ['RSA-PSS-SHA-256']);
    const local = ['package auth', '', 'import "example.com/acme/jwt"', '', 'var M = jwt.SigningMethodHS256', ''].join('\n');
    assert.deepEqual(detect(local), []);
  });
});

describe('Azure Key Vault (azkeys)', () => {
  const AZKEYS = 'github.com/Azure/azure-sdk-for-go/sdk/security/keyvault/azkeys';
  it('the algorithm a vault key wraps, encrypts or signs with, as its JWA name', () => {
    const source = [
      'package azkv', // 1
      '',
      'import (',
      `\t"${AZKEYS}"`,
      '\t"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"',
      ')',
      '',
      'func wrap(c *azkeys.Client, name string, dataKey []byte) (azkeys.WrapKeyResponse, error) {',
      '\tparams := azkeys.KeyOperationParameters{Algorithm: to.Ptr(azkeys.EncryptionAlgorithmRSAOAEP256), Value: dataKey}', // 9
      '\treturn c.WrapKey(nil, name, "", params, nil)',
      '}',
      'var legacy = azkeys.EncryptionAlgorithmRSA15', // 12
      'var hsm = azkeys.EncryptionAlgorithmA256CBCPAD', // 13
      'var sig = azkeys.SignatureAlgorithmPS384', // 14
      'var types = azkeys.PossibleEncryptionAlgorithmValues()', // nothing: a list of every value
      'var alg azkeys.EncryptionAlgorithm', // nothing: the type
    ].join('\n');
    assert.deepEqual(rows(source), [
      [9, 'RSA-OAEP-SHA-256', 'encrypt+decrypt', AZKEYS],
      [12, 'RSA-PKCS1-1.5', 'encrypt+decrypt', AZKEYS],
      [13, 'AES-256-CBC', 'encrypt+decrypt', AZKEYS],
      [14, 'RSA-PSS-SHA-384', 'sign+verify', AZKEYS],
    ]);
  });

  it('the older sdk/keyvault/azkeys path too; another package\'s EncryptionAlgorithm constants are not read', () => {
    const old = ['package v', 'import "github.com/Azure/azure-sdk-for-go/sdk/keyvault/azkeys"', 'var a = azkeys.EncryptionAlgorithmRSAOAEP'].join('\n');
    assert.deepEqual(rows(old).map((r) => r[1]), ['RSA-OAEP-SHA-1']);
    const local = ['package v', 'import "example.com/vault/azkeys"', 'var a = azkeys.EncryptionAlgorithmRSAOAEP256'].join('\n');
    assert.deepEqual(detect(local), []);
  });
});
