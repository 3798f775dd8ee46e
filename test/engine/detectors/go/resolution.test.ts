// Go detector: argument resolution cases a user's migration plan depends on (key sizes from
// constants, allocations and literals; hashes and curves passed as values; unknown stays unknown).
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, detect, goFile, names, protocols, signals } from './helpers.js';

test('AES key size comes from make([]byte, const), [N]byte arrays, byte literals and hex literals', () => {
  const src = goFile(['"crypto/aes"', '"encoding/hex"'], `
	k1 := make([]byte, keySize)
	aes.NewCipher(k1)
	var k2 [keyBytes]byte
	aes.NewCipher(k2[:])
	aes.NewCipher([]byte("0123456789abcdef"))
	k4, _ := hex.DecodeString("000102030405060708090a0b0c0d0e0f1011121314151617")
	aes.NewCipher(k4)
	aes.NewCipher(param)`, 'const keySize = 32\n\ntype size int\n\nconst keyBytes size = 16\n');
  assert.deepEqual(names(src), ['AES-256', 'AES-128', 'AES-128', 'AES-192', 'AES']);
  const last = algorithms(src).at(-1)!;
  assert.deepEqual(last.unresolved, ['keySize'], 'a key passed in as a parameter is reported as unknown');
});

test('an AES key made from a digest has the digest\'s length: sha256.Sum256, Sum512_256, h.Sum(nil), a helper returning h[:]', () => {
  const src = goFile(['"crypto/aes"', '"crypto/hmac"', '"crypto/sha256"', '"crypto/sha512"'], `
	h := sha256.Sum256(param)
	aes.NewCipher(h[:])
	t := sha512.Sum512_256(param)
	aes.NewCipher(t[:])
	d := sha256.New()
	d.Write(param)
	aes.NewCipher(d.Sum(nil))
	aes.NewCipher(hmac.New(sha256.New, param).Sum(nil))
	aes.NewCipher(vaultKey(param))
	aes.NewCipher(d.Sum(param))
	l := sha512.Sum384(param)
	aes.NewCipher(l[:16])`, 'func vaultKey(pass []byte) []byte {\n\tk := sha256.Sum256(pass)\n\treturn k[:]\n}\n');
  assert.deepEqual(algorithms(src).filter((a) => a.name.startsWith('AES')).map((a) => a.name), [
    'AES-256', 'AES-256', 'AES-256', 'AES-256', 'AES-256',
    'AES', // Sum(b) appends the digest to b: its length is not the digest's
    'AES', // a sub-slice
  ]);
});

test('an AES key of a length AES does not accept is not reported as a key size', () => {
  assert.deepEqual(names(goFile(['"crypto/aes"'], '\taes.NewCipher(make([]byte, 20))')), ['AES']);
});

test('cipher modes carry the block cipher and key size of the block they wrap', () => {
  const src = goFile(['"crypto/aes"', 'c "crypto/cipher"', '"crypto/des"'], `
	block, err := aes.NewCipher(make([]byte, 32))
	_ = err
	c.NewGCM(block)
	c.NewGCMWithTagSize(block, 12)
	d, _ := des.NewTripleDESCipher(param)
	c.NewCBCEncrypter(d, param)`);
  assert.deepEqual(names(src), ['AES-256', 'AES-256-GCM', 'AES-256-GCM-96', '3DES-168', '3DES-168-CBC']);
});

test('a mode over a block the file does not create is an unknown block cipher in that mode, never a guessed AES', () => {
  const src = goFile(['"crypto/cipher"'], '\tvar b cipher.Block\n\tcipher.NewGCM(b)');
  assert.deepEqual(names(src), ['unknown-block-cipher']);
  const [gcm] = algorithms(src);
  assert.equal(gcm!.params.mode, 'GCM');
  assert.deepEqual(gcm!.unresolved, ['keySize']);
});

test('a zero IV is static unless the file fills it from a reader', () => {
  const fixed = goFile(['"crypto/aes"', '"crypto/cipher"'], `
	b, _ := aes.NewCipher(param)
	iv := make([]byte, aes.BlockSize)
	cipher.NewCBCEncrypter(b, iv)`);
  assert.deepEqual(signals(fixed).map((s) => s.signal), ['static-iv']);
  const filled = goFile(['"crypto/aes"', '"crypto/cipher"', '"crypto/rand"', '"io"'], `
	b, _ := aes.NewCipher(param)
	iv := make([]byte, aes.BlockSize)
	io.ReadFull(rand.Reader, iv)
	cipher.NewCBCEncrypter(b, iv)`);
  assert.deepEqual(signals(filled), []);
});

test('RSA sizes from typed constants and expressions; curves from variables holding elliptic.P384()', () => {
  const src = goFile(['"crypto/rsa"', '"crypto/rand"', '"crypto/ecdsa"', '"crypto/elliptic"'], `
	rsa.GenerateKey(rand.Reader, int(bits))
	rsa.GenerateKey(rand.Reader, 1 << 12)
	ecdsa.GenerateKey(curve, rand.Reader)
	ecdsa.GenerateKey(someCurve(), rand.Reader)`, 'type Bits int\n\nconst bits Bits = 3072\n\nvar curve = elliptic.P384()\n');
  assert.deepEqual(names(src), ['RSA-3072', 'RSA-4096', 'ECDSA-P384', 'ECDSA']);
  assert.deepEqual(algorithms(src)[3]!.unresolved, ['curve']);
});

test('a local variable shadows a package constant of the same name', () => {
  const src = goFile(['"crypto/rsa"', '"crypto/rand"'], '\tbits := n\n\trsa.GenerateKey(rand.Reader, bits)', 'const bits = 2048\n');
  assert.deepEqual(names(src), ['RSA']);
});

test('hashes passed as functions, crypto.Hash constants, calls and func literals name HMAC, HKDF, OAEP, signatures', () => {
  const src = goFile(['"crypto"', '"crypto/hmac"', 's2 "crypto/sha256"', '"crypto/sha512"', '"crypto/rsa"', '"crypto/rand"', '"hash"', '"golang.org/x/crypto/hkdf"'], `
	hmac.New(s2.New, param)
	hmac.New(func() hash.Hash { return sha512.New384() }, param)
	hkdf.New(crypto.SHA512.New, param, nil, nil)
	rsa.EncryptOAEP(s2.New(), rand.Reader, nil, param, nil)
	rsa.SignPSS(rand.Reader, nil, crypto.SHA256, param, nil)`);
  assert.deepEqual(names(src), ['HMAC-SHA-256', 'HMAC-SHA-384', 'HKDF-SHA-512', 'RSA-OAEP-SHA-256', 'RSA-PSS-SHA-256'],
    'hash constructors handed to these calls are not reported as separate hash assets');
});

test('crypto/pbkdf2 and x/crypto/pbkdf2 read their different argument orders', () => {
  const src = goFile(['std "crypto/pbkdf2"', '"crypto/sha256"', '"crypto/sha1"', '"golang.org/x/crypto/pbkdf2"'], `
	std.Key(sha256.New, "pw", param, iterations, 32)
	pbkdf2.Key(param, param, 4096, 20, sha1.New)`, 'const iterations = 310_000\n');
  const a = algorithms(src);
  assert.deepEqual(a.map((x) => x.params), [
    { hash: 'SHA-256', iterations: 310000, outputLength: 256 },
    { hash: 'SHA-1', iterations: 4096, outputLength: 160 },
  ]);
  assert.deepEqual(a.map((x) => x.library?.name), ['stdlib', 'golang.org/x/crypto']);
  assert.deepEqual(signals(src).map((s) => s.signal), ['hardcoded-password']);
});

test('argon2, scrypt and bcrypt parameters, including x/crypto constants', () => {
  const src = goFile(['"golang.org/x/crypto/argon2"', '"golang.org/x/crypto/scrypt"', '"golang.org/x/crypto/bcrypt"'], `
	argon2.IDKey(param, param, 2, 19*1024, 1, 32)
	scrypt.Key(param, param, 1<<15, 8, 1, 32)
	bcrypt.GenerateFromPassword(param, bcrypt.DefaultCost)
	bcrypt.GenerateFromPassword(param, n)`);
  const a = algorithms(src);
  assert.deepEqual(a[0]!.params, { cost: 2, memoryCost: 19456, parallelism: 1, outputLength: 256 });
  assert.deepEqual(a[1]!.params, { cost: 32768, memoryCost: 32768, parallelism: 1, outputLength: 256 });
  assert.deepEqual(a[2]!.params, { cost: 10 });
  assert.deepEqual(a[3]!.params, {});
  assert.deepEqual(a[3]!.unresolved, ['cost']);
});

test('tls.Config: lowest accepted version, suites, groups and the risky settings', () => {
  const src = goFile(['"crypto/tls"'], `
	_ = &tls.Config{MinVersion: tls.VersionTLS11, CipherSuites: suites, CurvePreferences: []tls.CurveID{tls.X25519MLKEM768}}
	_ = tls.Config{MaxVersion: tls.VersionTLS13, InsecureSkipVerify: skip}
	cfg := &tls.Config{}
	cfg.MinVersion = tls.VersionTLS10`, 'var suites = []uint16{tls.TLS_AES_128_GCM_SHA256}\n\nconst skip = true\n');
  assert.deepEqual(protocols(src).map((p) => p.protocol), [
    { protocolType: 'tls', version: '1.1', cipherSuites: ['TLS_AES_128_GCM_SHA256'], groups: ['X25519MLKEM768'] },
    { protocolType: 'tls', version: '1.3' },
    { protocolType: 'tls' },
  ]);
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [
    ['insecure-protocol-version', 13],
    ['cert-verification-disabled', 14],
    ['insecure-protocol-version', 16],
  ]);
});

test('math/rand: Read and secret-named values are weak randomness; jitter and crypto/rand are not', () => {
  const src = goFile(['"math/rand"', 'cr "crypto/rand"'], `
	buf := make([]byte, 16)
	rand.Read(buf)
	sessionToken := rand.Int63()
	delay := rand.Intn(100)
	cr.Read(buf)
	_, _ = sessionToken, delay`);
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['weak-random', 12], ['weak-random', 13]]);
});

test('math/rand in a testing/quick generator makes test inputs, not secrets; the same code elsewhere is weak randomness', () => {
  const body = (name: string, result: string) => `package tls

import (
	"math/rand"
	"reflect"
)

type sessionState struct{ masterSecret []byte; key []byte }

func (*sessionState) ${name}(rand *rand.Rand, size int) ${result} {
	s := &sessionState{}
	s.masterSecret = make([]byte, rand.Intn(100))
	rand.Read(s.masterSecret)
	s.key = []byte{byte(rand.Intn(256))}
	return reflect.ValueOf(s)
}
`;
  // testing/quick.Generator: Generate(*rand.Rand, int) reflect.Value (its parameter named rand, as in cfssl's fork of crypto/tls).
  assert.deepEqual(signals(body('Generate', 'reflect.Value')), []);
  // A method of another name or result is not a generator: Read and the secret-named values are reported.
  assert.deepEqual(signals(body('Fill', 'reflect.Value')).map((s) => s.occurrence.line), [12, 13, 14]);
  assert.deepEqual(signals(body('Generate', 'any')).map((s) => s.occurrence.line), [12, 13, 14]);
});

test('no crypto import, look-alike names, strings and comments produce nothing', () => {
  const src = `package util

import (
	"fmt"
	"hash/fnv"
)

// aes.NewCipher(key) and rsa.GenerateKey(rand.Reader, 1024) appear in docs only.
type desc struct{ sha256 string }

func shaky(d desc) string {
	h := fnv.New64a()
	h.Write([]byte(d.sha256))
	return fmt.Sprintf("md5.Sum %x uses tls.VersionTLS10", h.Sum64())
}
`;
  assert.deepEqual(detect(src), []);
});

test('a package named like a crypto package but imported from elsewhere is not crypto', () => {
  const src = `package x\n\nimport "github.com/acme/widgets/aes"\n\nfunc f() { aes.NewCipher(make([]byte, 32)) }\n`;
  assert.deepEqual(detect(src), []);
});

test('evidence: 1-based line and column, symbol as written, trimmed snippet, library', () => {
  const src = goFile(['x "golang.org/x/crypto/chacha20poly1305"'], '\t  x.NewX(param)');
  const [d] = detect(src);
  assert.ok(d && d.type === 'algorithm');
  assert.equal(d.occurrence.line, 9);
  assert.equal(d.occurrence.column, 4);
  assert.equal(d.occurrence.symbol, 'x.NewX');
  assert.equal(d.occurrence.snippet, 'x.NewX(param)');
  assert.equal(d.occurrence.detector, 'go');
  assert.deepEqual(d.library, { ecosystem: 'golang', name: 'golang.org/x/crypto' });
});

test('HPKE suites from crypto/hpke and filippo.io/hpke: KEM, KDF and AEAD, attributed to their module', () => {
  const src = (path: string) => `package seal

import (
	"crypto/ecdh"

	"${path}"
)

func suite() (hpke.KEM, hpke.KDF, hpke.AEAD) {
	return hpke.MLKEM1024(), hpke.HKDFSHA512(), hpke.AES128GCM()
}

func classic() hpke.KEM { return hpke.DHKEM(ecdh.X25519()) }
`;
  for (const [path, library] of [['crypto/hpke', 'stdlib'], ['filippo.io/hpke', 'filippo.io/hpke']] as const) {
    const found = algorithms(src(path));
    assert.deepEqual(found.map((a) => a.name), ['ML-KEM-1024', 'HKDF-SHA-512', 'AES-128-GCM', 'X25519'], path);
    assert.deepEqual(found.slice(0, 3).map((a) => a.library?.name), [library, library, library]);
  }
  assert.deepEqual(names(src('github.com/acme/hpke')), ['X25519'], 'a look-alike package is not HPKE');
});

test('after a switch or an if a name holds each value that reaches there; inside a case its own', () => {
  const src = goFile(['"crypto"', '"crypto/hmac"', '"crypto/rsa"', '"crypto/rand"', '"crypto/sha256"', '"crypto/sha512"', '"hash"'], `
	var h func() hash.Hash
	switch n {
	case 256:
		h = sha256.New
		hmac.New(h, param)
	case 512:
		h = sha512.New
	default:
		return
	}
	hmac.New(h, param)
	bits := n
	if bits == 0 {
		bits = 2048
	}
	rsa.GenerateKey(rand.Reader, bits)
	size := 3072
	if n > 0 {
		size := 4096
		_ = size
	}
	rsa.GenerateKey(rand.Reader, size)
	var alg crypto.Hash = crypto.SHA384
	rsa.SignPKCS1v15(rand.Reader, nil, alg, param)`);
  // After the switch: each case's hash (the default returns); after the if: the default and `n`.
  assert.deepEqual(names(src), ['HMAC-SHA-256', 'HMAC-SHA-256', 'HMAC-SHA-512', 'RSA-2048', 'RSA', 'RSA-3072', 'RSA-PKCS1-1.5-SHA-384']);
  const rsaKey = algorithms(src)[4];
  assert.deepEqual(rsaKey!.unresolved, ['keySize'], 'a default set in an if is not the only size');
});
