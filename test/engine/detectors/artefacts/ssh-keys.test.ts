import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sshPublicKeyDetector } from '../../../../src/engine/detectors/artefacts/ssh-public-key.js';
import type { AlgorithmDetection, MaterialDetection } from '../../../../src/engine/inventory/model.js';
import { fixture, run } from './helpers.js';

test('OpenSSH public key lines: type, size or curve, fingerprint of the blob', () => {
  const text = ['openssh-rsa3072.pub', 'openssh-ed25519.pub', 'openssh-ecdsa256.pub'].map((f) => fixture(`keys/${f}`).toString()).join('');
  const ds = run(sshPublicKeyDetector, '.ssh/authorized_keys', `# team keys\n${text}`) as MaterialDetection[];
  assert.deepEqual(ds.map((d) => [d.occurrence.line, d.material.algorithm?.spelling, d.material.size, d.material.algorithm?.params.curve]), [
    [2, 'RSA', 3072, undefined],
    [3, 'Ed25519', 255, undefined],
    [4, 'ECDSA', 256, 'P-256'],
  ]);
  assert.ok(ds.every((d) => d.material.materialType === 'public-key' && d.material.format === 'OpenSSH'));
});

test('keys embedded in YAML (cloud-init) are found; blobs that do not decode to their type are not', () => {
  const key = fixture('keys/openssh-ed25519.pub').toString().trim();
  assert.equal(run(sshPublicKeyDetector, 'cloud-init.yaml', `users:\n  - ssh_authorized_keys:\n      - "${key}"\n`).length, 1);
  const rsaBlobClaimingEd = fixture('keys/openssh-rsa3072.pub').toString().replace('ssh-rsa', 'ssh-ed25519');
  assert.deepEqual(run(sshPublicKeyDetector, 'a.pub', rsaBlobClaimingEd), []);
  assert.deepEqual(run(sshPublicKeyDetector, 'a.txt', 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQDthisisnotarealkeyblob user@host'), []);
  assert.deepEqual(run(sshPublicKeyDetector, 'notes.md', 'Use ssh-rsa or ssh-ed25519 keys.'), []);
});

test('OpenSSH certificates: the certified key (fingerprint of the plain key), the CA key and the CA signature sized by it', () => {
  const user = run(sshPublicKeyDetector, 'keys/alice-cert.pub', fixture('keys/openssh-ed25519-cert-by-rsa3072.pub'));
  const plain = run(sshPublicKeyDetector, 'keys/alice.pub', fixture('keys/openssh-ed25519-user.pub')) as MaterialDetection[];
  const materials = user.filter((d): d is MaterialDetection => d.type === 'material');
  assert.deepEqual(materials.map((d) => [d.material.format, d.material.algorithm?.spelling, d.material.size]), [
    ['OpenSSH certificate', 'Ed25519', 255],
    ['OpenSSH', 'RSA', 3072],
  ]);
  assert.equal(materials[0]!.material.fingerprintSha256, plain[0]!.material.fingerprintSha256, 'a key and its certificate are one key');
  const signature = user.find((d): d is AlgorithmDetection => d.type === 'algorithm');
  assert.deepEqual([signature?.spelling, signature?.params], ['rsa-sha2-512', { keySize: 3072 }]);

  const host = run(sshPublicKeyDetector, 'etc/ssh/ssh_host_rsa_key-cert.pub', fixture('keys/openssh-rsa2048-cert-by-p384.pub'));
  assert.deepEqual(host.map((d) => d.type === 'material' ? [d.material.format, d.material.algorithm?.spelling, d.material.size] : [d.type, (d as AlgorithmDetection).spelling, (d as AlgorithmDetection).params]), [
    ['OpenSSH certificate', 'RSA', 2048],
    ['OpenSSH', 'ECDSA', 384],
    ['algorithm', 'ecdsa-sha2-nistp384', { curve: 'P-384' }],
  ]);
});

test('a certificate line whose blob is truncated or of another type yields nothing', () => {
  const line = fixture('keys/openssh-ed25519-cert-by-rsa3072.pub').toString();
  const [type, b64] = line.split(' ');
  const truncated = Buffer.from(b64!, 'base64').subarray(0, 120).toString('base64');
  assert.deepEqual(run(sshPublicKeyDetector, 'a-cert.pub', `${type} ${truncated}\n`), []);
  assert.deepEqual(run(sshPublicKeyDetector, 'a-cert.pub', `ssh-rsa-cert-v01@openssh.com ${b64}\n`), []);
});

test("OpenSSH's composite ML-DSA-44 + Ed25519 public key line is a public key of the composite", () => {
  const str = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, (b.length >> 8) & 0xff, b.length & 0xff]), b]);
  const blob = Buffer.concat([str(Buffer.from('ssh-mldsa44-ed25519@openssh.com')), str(Buffer.alloc(1312 + 32, 7))]);
  const line = `ssh-mldsa44-ed25519@openssh.com ${blob.toString('base64')} ops@bastion\n`;
  const [d, ...rest] = run(sshPublicKeyDetector, 'keys/bastion.pub', line) as MaterialDetection[];
  assert.deepEqual(rest, []);
  assert.deepEqual([d?.material.materialType, d?.material.format, d?.material.algorithm?.spelling, d?.material.size], ['public-key', 'OpenSSH', 'ML-DSA-44-Ed25519', undefined]);
  // The same blob cut to the Ed25519 half alone does not decode to the type it claims.
  const cut = Buffer.concat([str(Buffer.from('ssh-mldsa44-ed25519@openssh.com')), str(Buffer.alloc(32, 7))]);
  assert.deepEqual(run(sshPublicKeyDetector, 'keys/bad.pub', `ssh-mldsa44-ed25519@openssh.com ${cut.toString('base64')}\n`), []);
});
