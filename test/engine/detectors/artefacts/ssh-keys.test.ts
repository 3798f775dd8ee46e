import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sshPublicKeyDetector } from '../../../../src/engine/detectors/artefacts/ssh-public-key.js';
import type { MaterialDetection } from '../../../../src/engine/inventory/model.js';
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
