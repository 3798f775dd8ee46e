// node-rsa and elliptic: generated RSA key sizes and the paddings node-rsa is told to use; elliptic's
// curves by name. Constructors of other modules with the same local names are not these libraries.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { javascriptDetector } from '../../../../src/engine/detectors/source/javascript/index.js';
import { snippetHelpers } from '../source-helpers.js';

const { algorithms, detect } = snippetHelpers(javascriptDetector, 'src/crypto/legacy-keys.js');
const rows = (source: string) => algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+'), a.library?.name]);

describe('node-rsa', () => {
  it('a generated key with its size, a key read from data, and the schemes written in the options', () => {
    const source = [
      "const NodeRSA = require('node-rsa');",
      '',
      'const key = new NodeRSA({ b: 1024 });',
      "const legacy = new NodeRSA(process.env.PEM, 'pkcs8-private', { encryptionScheme: 'pkcs1' });",
      "const signer = new NodeRSA({ b: 2048 }, { signingScheme: 'pss-sha512' });",
      'const loaded = new NodeRSA(process.env.PEM);',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [3, 'RSA-1024', 'keygen', 'node-rsa'],
      [4, 'RSA', undefined, 'node-rsa'],
      [4, 'RSA-PKCS1-1.5', 'encrypt+decrypt', 'node-rsa'],
      [5, 'RSA-2048', 'keygen', 'node-rsa'],
      [5, 'RSA-PSS-SHA-512-2048', 'sign+verify', 'node-rsa'],
      [6, 'RSA', undefined, 'node-rsa'],
    ]);
  });
});

describe('elliptic', () => {
  it('EC and EdDSA instances by curve name, through the module or its members', () => {
    const source = [
      "import elliptic from 'elliptic';",
      "const { ec: EC, eddsa: EdDSA } = require('elliptic');",
      '',
      "const secp = new EC('secp256k1');",
      "const p256 = new elliptic.ec('p256');",
      "const ed = new EdDSA('ed25519');",
      "const mont = new EC('curve25519');",
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [4, 'ECDSA-secp256k1', 'sign+verify', 'elliptic'],
      [5, 'ECDSA-P256', 'sign+verify', 'elliptic'],
      [6, 'Ed25519', 'sign+verify', 'elliptic'],
      [7, 'X25519', 'keygen', 'elliptic'],
    ]);
  });

  it('same-named constructors from other modules are not elliptic or node-rsa', () => {
    const source = [
      "const EC = require('./ec');",
      "const NodeRSA = require('./rsa-wrapper');",
      "new EC('secp256k1');",
      'new NodeRSA({ b: 512 });',
      '',
    ].join('\n');
    assert.deepEqual(detect(source), []);
  });
});
