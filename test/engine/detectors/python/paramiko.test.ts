// paramiko's key classes: generated SSH keys with their size or curve (paramiko's defaults where the
// call leaves them out), loaded keys as signing keys of their algorithm with the size unknown.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, detect } from './helpers.js';

const summary = (source: string) => algorithms(source).map((a) => [a.name, a.line, a.occurrence.symbol, a.functions?.join('+'), a.unresolved?.join('+') ?? '', a.library?.name ?? '']);

describe('paramiko keys', () => {
  it('generated keys: RSA and DSA sizes, ECDSA curves by object or bits, and the DSA and ECDSA defaults', () => {
    const source = [
      'import paramiko',
      'from cryptography.hazmat.primitives.asymmetric import ec',
      'from paramiko.dsskey import DSSKey',
      '',
      'KEY_BITS = 1024',
      '',
      'def make_keys(path):',
      '    rsa_key = paramiko.RSAKey.generate(bits=KEY_BITS)',
      '    rsa_key.write_private_key_file(path)',
      '    paramiko.RSAKey.generate(4096)',
      '    DSSKey.generate()',
      '    paramiko.ECDSAKey.generate(curve=ec.SECP384R1())',
      '    paramiko.ECDSAKey.generate(bits=521)',
      '    paramiko.ECDSAKey.generate()',
      '',
    ].join('\n');
    assert.deepEqual(summary(source), [
      ['RSA-1024', 8, 'RSAKey.generate', 'keygen', '', 'paramiko'],
      ['RSA-4096', 10, 'RSAKey.generate', 'keygen', '', 'paramiko'],
      ['DSA-1024', 11, 'DSSKey.generate', 'keygen', '', 'paramiko'],
      ['ECDSA-P384', 12, 'ECDSAKey.generate', 'keygen', '', 'paramiko'],
      ['ECDSA-P521', 13, 'ECDSAKey.generate', 'keygen', '', 'paramiko'],
      ['ECDSA-P256', 14, 'ECDSAKey.generate', 'keygen', '', 'paramiko'],
    ]);
  });

  it('loaded keys sign (the constructor also takes public keys) with an algorithm whose size is in the key file', () => {
    const source = [
      'import paramiko',
      '',
      'def connect(host, key_path, ed_path):',
      '    pkey = paramiko.RSAKey.from_private_key_file(key_path)',
      '    other = paramiko.Ed25519Key(filename=ed_path)',
      '    client = paramiko.SSHClient()',
      '    client.connect(host, pkey=pkey)',
      '    return client',
      '',
    ].join('\n');
    assert.deepEqual(summary(source), [
      ['RSA', 4, 'RSAKey.from_private_key_file', 'sign', 'keySize', 'paramiko'],
      ['Ed25519', 5, 'Ed25519Key', 'sign+verify', '', 'paramiko'],
    ]);
  });

  it('a class of the same name that is not paramiko, and other paramiko calls, are not keys', () => {
    const source = [
      'import paramiko',
      'from myapp.keys import RSAKey',
      '',
      'def run(host):',
      '    RSAKey.generate(512)',
      '    client = paramiko.SSHClient()',
      '    transport = paramiko.Transport((host, 22))',
      '    return client, transport',
      '',
    ].join('\n');
    assert.deepEqual(detect(source), []);
  });
});
