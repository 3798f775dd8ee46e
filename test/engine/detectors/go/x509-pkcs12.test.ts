// Go detector: certificate issuance through crypto/x509 (the template's SignatureAlgorithm, or an
// unknown signature when the key decides) and PKCS#12 files written with go-pkcs12 (the encoder's
// fixed algorithms).
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, goFile, names, signals } from './helpers.js';

const X509 = ['"crypto/rand"', '"crypto/x509"'];

test('x509: a SignatureAlgorithm in the template names the signature; none leaves it to the key (unknown)', () => {
  const named = goFile(X509, `
	t := &x509.Certificate{SignatureAlgorithm: x509.ECDSAWithSHA384}
	x509.CreateCertificate(rand.Reader, t, t, nil, nil)`);
  assert.deepEqual(names(named), ['ECDSA-SHA-384']);
  const assigned = goFile(X509, `
	var csr x509.CertificateRequest
	csr.SignatureAlgorithm = x509.SHA256WithRSAPSS
	x509.CreateCertificateRequest(rand.Reader, &csr, nil)`);
  assert.deepEqual(names(assigned), ['RSA-PSS-SHA-256']);
  const unnamed = goFile(X509, `
	x509.CreateCertificate(rand.Reader, &x509.Certificate{}, nil, nil, nil)
	x509.CreateCertificate(rand.Reader, tmplFrom(param), nil, nil, nil)`);
  assert.deepEqual(names(unnamed), ['unknown-signature', 'unknown-signature']);
  assert.deepEqual(algorithms(unnamed)[0]!.functions, ['sign']);
});

test('x509: comparing a parsed certificate\'s SignatureAlgorithm is not a use; PKCS#1 parsing is an RSA key', () => {
  const src = goFile(['"crypto/x509"'], `
	c, _ := x509.ParseCertificate(param)
	if c.SignatureAlgorithm == x509.MD5WithRSA {
		return
	}
	x509.ParsePKCS1PublicKey(param)
	x509.ParsePKCS8PrivateKey(param)`);
  assert.deepEqual(names(src), ['RSA']);
});

test('go-pkcs12: package Encode is LegacyRC2; named encoders, WithIterations and literal passwords', () => {
  const src = goFile(['"crypto/rand"', 'p12 "software.sslmate.com/src/go-pkcs12"'], `
	p12.Encode(rand.Reader, nil, nil, nil, "hunter2")
	p12.Modern2023.WithIterations(100000).WithRand(rand.Reader).Encode(nil, nil, nil, string(param))
	p12.LegacyDES.EncodeTrustStore(nil, "changeit")
	p12.Passwordless.EncodeTrustStore(nil, "")
	p12.Decode(param, "x")`);
  assert.deepEqual(names(src), [
    'RC2-40-CBC', '3DES-168-CBC', 'HMAC-SHA-1',
    'PBKDF2-SHA-256-100000', 'AES-256-CBC', 'HMAC-SHA-256',
    '3DES-168-CBC', 'HMAC-SHA-1',
  ]);
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['hardcoded-password', 11], ['hardcoded-password', 13]]);
  assert.deepEqual(names(goFile(['"example.com/acme/pkcs12"'], '\tpkcs12.Modern.Encode(nil, nil, nil, "x")')), [], 'a look-alike package');
});

test('x509 legacy PEM encryption: the named cipher in CBC, the MD5 key derivation, a literal password', () => {
  const src = goFile(['"crypto/rand"', '"crypto/x509"'], `
	x509.EncryptPEMBlock(rand.Reader, "RSA PRIVATE KEY", param, []byte("s3cret"), x509.PEMCipher3DES)
	x509.DecryptPEMBlock(nil, param)`);
  assert.deepEqual(names(src), ['3DES-168-CBC', 'MD5', 'unknown-block-cipher', 'MD5']);
  assert.deepEqual(signals(src).map((s) => s.signal), ['hardcoded-password']);
});

test('x509: without a template algorithm, a signer key the file generated gives Go\'s default signature', () => {
  const src = goFile(['"crypto/ecdsa"', '"crypto/ed25519"', '"crypto/elliptic"', '"crypto/rand"', '"crypto/rsa"', '"crypto/x509"'], `
	t := &x509.Certificate{}
	ek, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	x509.CreateCertificate(rand.Reader, t, t, &ek.PublicKey, ek)
	rk, _ := rsa.GenerateKey(rand.Reader, 4096)
	x509.CreateCertificateRequest(rand.Reader, &x509.CertificateRequest{}, rk)
	_, edk, _ := ed25519.GenerateKey(rand.Reader)
	x509.CreateCertificate(rand.Reader, t, t, nil, edk)`);
  // The key's size or curve is the signature's; the private half of ed25519.GenerateKey is its second result.
  assert.deepEqual(names(src), ['ECDSA-P256', 'ECDSA-P256-SHA-256', 'RSA-4096', 'RSA-PKCS1-1.5-SHA-256-4096', 'Ed25519', 'Ed25519']);
});

test('x509: a signer returned by a same-file helper gives the key\'s default signature', () => {
  const source = `package pki

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"math/big"
)

func signer() crypto.Signer {
	k, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	return k
}

func rsaSigner() (crypto.Signer, error) {
	k, err := rsa.GenerateKey(rand.Reader, 3072)
	if err != nil {
		return nil, err
	}
	return k, nil
}

func wrapped() crypto.Signer {
	return signer()
}

func issue() ([]byte, error) {
	tpl := &x509.Certificate{SerialNumber: big.NewInt(1)}
	s := signer()
	a, _ := x509.CreateCertificate(rand.Reader, tpl, tpl, s.Public(), s)
	r, _ := rsaSigner()
	b, _ := x509.CreateCertificate(rand.Reader, tpl, tpl, r.Public(), r)
	c, _ := x509.CreateCertificate(rand.Reader, tpl, tpl, nil, wrapped())
	_ = a
	_ = b
	return c, nil
}
`;
  assert.deepEqual(algorithms(source, 'pki/issue.go').filter((a) => a.functions?.includes('sign')).map((a) => [a.line, a.name]), [
    [33, 'ECDSA-P384-SHA-384'], [35, 'RSA-PKCS1-1.5-SHA-256-3072'], [36, 'ECDSA-P384-SHA-384'],
  ]);
});

test('x509: a helper whose returns disagree, or that returns a parameter or a loaded key, stays unknown', () => {
  const source = `package pki

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
)

func pick(ec bool) crypto.Signer {
	if ec {
		k, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		return k
	}
	_, k, _ := ed25519.GenerateKey(rand.Reader)
	return k
}

func passThrough(k crypto.Signer) crypto.Signer {
	return k
}

func loaded(der []byte) crypto.Signer {
	k, _ := x509.ParsePKCS8PrivateKey(der)
	return k.(crypto.Signer)
}

func issue(tpl *x509.Certificate, ec bool, other crypto.Signer, der []byte) {
	x509.CreateCertificate(rand.Reader, tpl, tpl, nil, pick(ec))
	x509.CreateCertificate(rand.Reader, tpl, tpl, nil, passThrough(other))
	x509.CreateCertificate(rand.Reader, tpl, tpl, nil, loaded(der))
}
`;
  assert.deepEqual(algorithms(source, 'pki/pick.go').filter((a) => a.functions?.includes('sign')).map((a) => [a.line, a.name]), [
    [31, 'unknown-signature'], [32, 'unknown-signature'], [33, 'unknown-signature'],
  ]);
});

test('x509: an OCSP response is signed like a certificate: its template\'s algorithm, else Go\'s default for the key the file made', () => {
  const OCSP = ['"crypto/ecdsa"', '"crypto/elliptic"', '"crypto/rand"', '"crypto/x509"', '"golang.org/x/crypto/ocsp"'];
  const named = goFile(OCSP, `
	tpl := ocsp.Response{Status: ocsp.Good, SignatureAlgorithm: x509.SHA384WithRSA}
	ocsp.CreateResponse(nil, nil, tpl, nil)`);
  assert.deepEqual(names(named), ['RSA-PKCS1-1.5-SHA-384']);
  const byKey = goFile(OCSP, `
	k, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	ocsp.CreateResponse(nil, nil, ocsp.Response{Status: ocsp.Good}, k)`);
  assert.deepEqual(names(byKey), ['ECDSA-P384', 'ECDSA-P384-SHA-384']);
  // A responder whose key is a struct field: a signature of unknown algorithm; ocsp.ParseResponse signs nothing.
  const field = goFile(OCSP, `
	var s struct{ key any }
	ocsp.CreateResponse(nil, nil, ocsp.Response{}, s.key)
	ocsp.ParseResponse(param, nil)`);
  assert.deepEqual(names(field), ['unknown-signature']);
});

test('x509: a SEC 1 key parsed by the file is an ECDSA key, and signs with ECDSA', () => {
  const src = goFile(['"crypto/rand"', '"crypto/x509"'], `
	k, _ := x509.ParseECPrivateKey(param)
	x509.CreateCertificateRequest(rand.Reader, &x509.CertificateRequest{}, k)`);
  assert.deepEqual(algorithms(src).map((a) => [a.name, a.unresolved]), [['ECDSA', ['curve']], ['ECDSA', ['curve']]]);
});
