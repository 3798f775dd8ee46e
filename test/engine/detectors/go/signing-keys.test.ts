// Go: a signature (or an RSA encryption) takes the size or curve of the key the same file generated for
// it (go/keys.ts), as Java and Python link keys to their signatures: crypto/rsa and crypto/ecdsa calls,
// x509.CreateCertificate's default for the signer key, and crypto.Signer's `k.Sign(…)` on such a key.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { buildInventory } from '../../../../src/engine/inventory/build.js';
import { evaluateFindings } from '../../../../src/engine/findings/index.js';
import { SKIP_REASONS, type ScanStats } from '../../../../src/engine/inventory/model.js';
import { algorithms, detect, kb } from './helpers.js';

const stats: ScanStats = {
  filesSeen: 1, filesScanned: 1, bytesScanned: 1, skipped: Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as ScanStats['skipped'],
  filesByDetector: {}, truncated: false,
};

/** `line name` of the signing, verifying and encrypting uses (key generations and digests left out). */
const uses = (source: string): string[] =>
  algorithms(source, 'notary/sign.go')
    .filter((a) => a.functions?.some((fn) => fn === 'sign' || fn === 'verify' || fn === 'encrypt'))
    .map((a) => `${a.line} ${a.name}`);

describe('Go: signatures with a key generated in sight', () => {
  it('crypto/rsa and crypto/ecdsa calls take the size or curve of the key, public half included', () => {
    const source = [
      'package notary', // 1
      'import (',
      '\t"crypto"',
      '\t"crypto/ecdsa"',
      '\t"crypto/elliptic"',
      '\t"crypto/rand"',
      '\t"crypto/rsa"',
      '\t"crypto/sha256"',
      ')',
      'func stamp(doc []byte) ([]byte, error) {', // 10
      '\tsigningKey, err := rsa.GenerateKey(rand.Reader, 3072)',
      '\tif err != nil {',
      '\t\treturn nil, err',
      '\t}',
      '\tsum := sha256.Sum256(doc)',
      '\tsig, err := rsa.SignPKCS1v15(rand.Reader, signingKey, crypto.SHA256, sum[:])', // 16
      '\t_ = rsa.VerifyPKCS1v15(&signingKey.PublicKey, crypto.SHA256, sum[:], sig)', // 17
      '\tpss, _ := rsa.SignPSS(rand.Reader, signingKey, crypto.SHA256, sum[:], nil)', // 18
      '\t_ = pss',
      '\treturn rsa.EncryptOAEP(sha256.New(), rand.Reader, &signingKey.PublicKey, doc, nil)', // 20
      '}',
      'func seal(digest []byte) ([]byte, error) {',
      '\tcurveKey, err := ecdsa.GenerateKey(elliptic.P521(), rand.Reader)',
      '\tif err != nil {',
      '\t\treturn nil, err',
      '\t}',
      '\tsig, err := ecdsa.SignASN1(rand.Reader, curveKey, digest)', // 27
      '\tif !ecdsa.VerifyASN1(curveKey.Public().(*ecdsa.PublicKey), digest, sig) {', // 28
      '\t\treturn nil, err',
      '\t}',
      '\treturn sig, nil',
      '}',
    ].join('\n');
    assert.deepEqual(uses(source), [
      '16 RSA-PKCS1-1.5-SHA-256-3072',
      '17 RSA-PKCS1-1.5-SHA-256-3072',
      '18 RSA-PSS-SHA-256-3072',
      '20 RSA-OAEP-SHA-256-3072',
      '27 ECDSA-P521',
      '28 ECDSA-P521',
    ]);
  });

  it('x509.CreateCertificate signs with the generated key\'s size: a 1024-bit RSA signature is a short key there', () => {
    const source = [
      'package notary', // 1
      'import (',
      '\t"crypto/ecdsa"',
      '\t"crypto/elliptic"',
      '\t"crypto/rand"',
      '\t"crypto/rsa"',
      '\t"crypto/x509"',
      ')',
      'func legacyRoot(tpl *x509.Certificate) ([]byte, error) {',
      '\tpriv, err := rsa.GenerateKey(rand.Reader, 1024)', // 10
      '\tif err != nil {',
      '\t\treturn nil, err',
      '\t}',
      '\treturn x509.CreateCertificate(rand.Reader, tpl, tpl, &priv.PublicKey, priv)', // 14
      '}',
      'func edgeCSR(tpl *x509.CertificateRequest) ([]byte, error) {',
      '\tk, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)',
      '\treturn x509.CreateCertificateRequest(rand.Reader, tpl, k)', // 18
      '}',
    ].join('\n');
    assert.deepEqual(uses(source), ['14 RSA-PKCS1-1.5-SHA-256-1024', '18 ECDSA-P384-SHA-384']);
    const { findings } = evaluateFindings(buildInventory(detect(source), stats, kb));
    const shortKey = findings.filter((f) => f.ruleId === 'short-key').flatMap((f) => f.locations.map((l) => l.line)).sort();
    assert.deepEqual(shortKey, [10, 14]);
  });

  it('k.Sign on a generated key: PKCS#1 v1.5 for a hash, PSS for PSSOptions, ECDSA on its curve, Ed25519', () => {
    const source = [
      'package notary', // 1
      'import (',
      '\t"crypto"',
      '\t"crypto/ecdsa"',
      '\t"crypto/ed25519"',
      '\t"crypto/elliptic"',
      '\t"crypto/rand"',
      '\t"crypto/rsa"',
      ')',
      'func all(digest, msg []byte) {', // 10
      '\trk, _ := rsa.GenerateKey(rand.Reader, 2048)',
      '\t_, _ = rk.Sign(rand.Reader, digest, crypto.SHA256)', // 12
      '\t_, _ = rk.Sign(rand.Reader, digest, &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash, Hash: crypto.SHA384})', // 13
      '\tek, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)',
      '\t_, _ = ek.Sign(rand.Reader, digest, crypto.SHA256)', // 15
      '\t_, edPriv, _ := ed25519.GenerateKey(rand.Reader)',
      '\t_, _ = edPriv.Sign(rand.Reader, msg, crypto.Hash(0))', // 17
      '}',
    ].join('\n');
    assert.deepEqual(uses(source), [
      '12 RSA-PKCS1-1.5-SHA-256-2048',
      '13 RSA-PSS-SHA-384-2048',
      '15 ECDSA-P256-SHA-256',
      '17 Ed25519',
    ]);
  });

  it('a key size chosen by the helper\'s callers gives one signature per call', () => {
    const source = [
      'package notary', // 1
      'import (',
      '\t"crypto"',
      '\t"crypto/rand"',
      '\t"crypto/rsa"',
      ')',
      'func sealWith(bits int, digest []byte) ([]byte, error) {',
      '\tk, err := rsa.GenerateKey(rand.Reader, bits)',
      '\tif err != nil {',
      '\t\treturn nil, err',
      '\t}',
      '\treturn rsa.SignPKCS1v15(rand.Reader, k, crypto.SHA256, digest)', // 12
      '}',
      'func archival(d []byte) { sealWith(4096, d) }',
      'func interactive(d []byte) { sealWith(2048, d) }',
    ].join('\n');
    // The function is open (other files of the package may call it): their size is the unknown case.
    assert.deepEqual(uses(source).filter((u) => u.startsWith('12 ')), [
      '12 RSA-PKCS1-1.5-SHA-256-4096',
      '12 RSA-PKCS1-1.5-SHA-256-2048',
      '12 RSA-PKCS1-1.5-SHA-256',
    ]);
  });

  it('keys not made in sight keep no size, and Sign on anything but a key is not read', () => {
    const source = [
      'package notary', // 1
      'import (',
      '\t"crypto"',
      '\t"crypto/rand"',
      '\t"crypto/rsa"',
      ')',
      'type kmsClient interface{ Sign(r any, d []byte, o any) ([]byte, error) }',
      'func rotate() {',
      '\tk, _ := rsa.GenerateKey(rand.Reader, 1024)', // another function's key
      '\t_ = k',
      '}',
      'func sign(k *rsa.PrivateKey, s crypto.Signer, kms kmsClient, digest []byte) {',
      '\t_, _ = rsa.SignPKCS1v15(rand.Reader, k, crypto.SHA256, digest)', // 13: a declared key: RSA, no size
      '\t_, _ = k.Sign(rand.Reader, digest, crypto.SHA512)', // 14
      '\t_, _ = s.Sign(rand.Reader, digest, crypto.SHA512)', // a Signer handed in: not read
      '\t_, _ = kms.Sign(nil, digest, nil)', // not a key
      '}',
    ].join('\n');
    assert.deepEqual(uses(source), ['13 RSA-PKCS1-1.5-SHA-256', '14 RSA-PKCS1-1.5-SHA-512']);
  });
});

describe('Go: a key chosen in an if or switch', () => {
  it('the signature is one algorithm per path, never mixing a key with another path\'s hash', () => {
    const source = [
      'package notary', // 1
      'import (',
      '\t"crypto"',
      '\t"crypto/ecdsa"',
      '\t"crypto/elliptic"',
      '\t"crypto/rand"',
      '\t"crypto/rsa"',
      '\t"crypto/x509"',
      ')',
      'func bySwitch(tpl *x509.Certificate, curve string) ([]byte, error) {', // 10
      '\tvar priv any',
      '\tvar err error',
      '\tswitch curve {',
      '\tcase "P256":',
      '\t\tpriv, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)',
      '\tcase "P384":',
      '\t\tpriv, err = ecdsa.GenerateKey(elliptic.P384(), rand.Reader)',
      '\tdefault:',
      '\t\tpriv, err = rsa.GenerateKey(rand.Reader, 2048)',
      '\t}',
      '\tif err != nil {',
      '\t\treturn nil, err',
      '\t}',
      '\treturn x509.CreateCertificate(rand.Reader, tpl, tpl, nil, priv)', // 24
      '}',
      'func byIf(digest []byte, strong bool) ([]byte, error) {',
      '\tvar key *rsa.PrivateKey',
      '\tvar h crypto.Hash',
      '\tif strong {',
      '\t\tkey, _ = rsa.GenerateKey(rand.Reader, 4096)',
      '\t\th = crypto.SHA512',
      '\t} else {',
      '\t\tkey, _ = rsa.GenerateKey(rand.Reader, 2048)',
      '\t\th = crypto.SHA256',
      '\t}',
      '\treturn rsa.SignPKCS1v15(rand.Reader, key, h, digest)', // 36
      '}',
      'func scoped(tpl *x509.Certificate, useEC bool) ([]byte, error) {',
      '\tvar signer any',
      '\tif useEC {',
      '\t\tk, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)',
      '\t\tsigner = k',
      '\t} else {',
      '\t\tk, _ := rsa.GenerateKey(rand.Reader, 3072)',
      '\t\tsigner = k',
      '\t}',
      '\treturn x509.CreateCertificate(rand.Reader, tpl, tpl, nil, signer)', // 47
      '}',
    ].join('\n');
    assert.deepEqual(uses(source), [
      '24 ECDSA-P256-SHA-256',
      '24 ECDSA-P384-SHA-384',
      '24 RSA-PKCS1-1.5-SHA-256-2048',
      '36 RSA-PKCS1-1.5-SHA-512-4096',
      '36 RSA-PKCS1-1.5-SHA-256-2048',
      '47 ECDSA-P384-SHA-384',
      '47 RSA-PKCS1-1.5-SHA-256-3072',
    ]);
  });
});
