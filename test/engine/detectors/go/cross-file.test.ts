// Go constants read from other files (detectors/cross-file.ts): a package of constants that imports no
// crypto package read as `cryptoconf.Name` (also through an import alias), a sibling file's constant
// read bare, a TLS version constant, and what must stay unknown (a local variable named like the
// package, two packages of one name with different values, a name no file declares).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nonLibraryNamesIn as namesIn, scanTree } from '../cross-file-helpers.js';


const CRYPTOCONF = `package cryptoconf

import "crypto/tls"

type Count int

// Defaults shared by the services.
const (
\tRSABits      = 1024
\tIterations   = Count(1000)
\tsaltLen      = 8
\tDigestName   = "SHA" + "-1"
)

var MinTLS = tls.VersionTLS10

var PasswordKeyLen = saltLen * 4
`;

const SIGNER = `package signer

import (
\t"crypto/rand"
\t"crypto/rsa"
\t"crypto/sha1"
\t"crypto/tls"

\t"golang.org/x/crypto/pbkdf2"

\t"example.com/acme/internal/cryptoconf"
)

func NewKey() (*rsa.PrivateKey, error) {
\treturn rsa.GenerateKey(rand.Reader, cryptoconf.RSABits)
}

func Derive(pw, salt []byte) []byte {
\treturn pbkdf2.Key(pw, salt, cryptoconf.Iterations, cryptoconf.PasswordKeyLen, sha1.New)
}

func Server() *tls.Config {
\treturn &tls.Config{MinVersion: cryptoconf.MinTLS}
}
`;

const SEAL = `package vault

import (
\t"crypto/aes"
\t"crypto/cipher"
)

func seal(plain []byte) ([]byte, error) {
\tkey := make([]byte, KeySize)
\tblock, err := aes.NewCipher(key)
\tif err != nil {
\t\treturn nil, err
\t}
\tgcm, err := cipher.NewGCM(block)
\tif err != nil {
\t\treturn nil, err
\t}
\tnonce := make([]byte, gcm.NonceSize())
\treturn gcm.Seal(nil, nonce, plain, nil), nil
}
`;

const VAULT_CONSTS = `package vault

const KeySize = 16
`;

test('a package of constants gives its values to the packages that import it, and a sibling file to its package', async () => {
  const assets = await scanTree({
    'internal/cryptoconf/cryptoconf.go': CRYPTOCONF,
    'internal/signer/signer.go': SIGNER,
    'internal/vault/seal.go': SEAL,
    'internal/vault/consts.go': VAULT_CONSTS,
  });
  // RSABits (an integer), Iterations (a conversion), PasswordKeyLen (computed from an unexported constant), and
  // MinTLS (crypto/tls's VersionTLS10, crossing as its number).
  assert.deepEqual(namesIn(assets, 'internal/signer/signer.go'), ['PBKDF2-SHA-1-1000', 'RSA-1024', 'TLS 1.0']);
  // As with the constant in the file itself: the block cipher, then its GCM mode.
  assert.deepEqual(namesIn(assets, 'internal/vault/seal.go'), ['AES-128', 'AES-128-GCM']);
  assert.deepEqual(namesIn(assets, 'internal/cryptoconf/cryptoconf.go'), []);
});

test('an import alias names the package whose constants it reads', async () => {
  const aliased = SIGNER.replace('"example.com/acme/internal/cryptoconf"', 'cc "example.com/acme/internal/cryptoconf"').replaceAll('cryptoconf.', 'cc.');
  const assets = await scanTree({ 'internal/cryptoconf/cryptoconf.go': CRYPTOCONF, 'internal/signer/signer.go': aliased });
  assert.deepEqual(namesIn(assets, 'internal/signer/signer.go'), ['PBKDF2-SHA-1-1000', 'RSA-1024', 'TLS 1.0']);
});

test('a dot import brings the package constants in bare', async () => {
  const dotted = SIGNER.replace('"example.com/acme/internal/cryptoconf"', '. "example.com/acme/internal/cryptoconf"').replaceAll('cryptoconf.', '');
  const assets = await scanTree({ 'internal/cryptoconf/cryptoconf.go': CRYPTOCONF, 'internal/signer/signer.go': dotted });
  assert.deepEqual(namesIn(assets, 'internal/signer/signer.go'), ['PBKDF2-SHA-1-1000', 'RSA-1024', 'TLS 1.0']);
});

test('two packages of one name with different values leave the reference unknown', async () => {
  const other = CRYPTOCONF.replace('RSABits      = 1024', 'RSABits      = 4096');
  const assets = await scanTree({
    'internal/cryptoconf/cryptoconf.go': CRYPTOCONF,
    'legacy/cryptoconf/cryptoconf.go': other,
    'internal/signer/signer.go': SIGNER,
  });
  const names = namesIn(assets, 'internal/signer/signer.go');
  assert.ok(names.includes('RSA'), names.join(', '));
  assert.ok(!names.includes('RSA-1024') && !names.includes('RSA-4096'), names.join(', '));
  // Where both agree (Iterations), the value stands.
  assert.ok(names.includes('PBKDF2-SHA-1-1000'), names.join(', '));
});

test('a local variable named like the package, a constant inside a function, and a name nobody declares stay unknown', async () => {
  const assets = await scanTree({
    'internal/cryptoconf/cryptoconf.go': CRYPTOCONF + '\nfunc bits() int {\n\tconst LocalBits = 512\n\treturn LocalBits\n}\n',
    'internal/keys/keys.go': `package keys

import (
\t"crypto/rand"
\t"crypto/rsa"
)

type settings struct{ RSABits int }

func Shadowed(cryptoconf settings) (*rsa.PrivateKey, error) {
\treturn rsa.GenerateKey(rand.Reader, cryptoconf.RSABits)
}

func Undeclared() (*rsa.PrivateKey, error) {
\treturn rsa.GenerateKey(rand.Reader, DefaultBits)
}

func Local() (*rsa.PrivateKey, error) {
\treturn rsa.GenerateKey(rand.Reader, LocalBits)
}
`,
  });
  assert.deepEqual(namesIn(assets, 'internal/keys/keys.go'), ['RSA']);
});

test('crypto packages keep their members: a vendored crypto/tls declaring VersionTLS12 does not replace the symbol', async () => {
  const assets = await scanTree({
    'vendor/tls/common.go': 'package tls\n\nconst VersionTLS12 = 0x0301\n',
    'server.go': `package main

import "crypto/tls"

var cfg = &tls.Config{MinVersion: tls.VersionTLS12}
`,
  });
  assert.deepEqual(namesIn(assets, 'server.go'), ['TLS 1.2']);
});
