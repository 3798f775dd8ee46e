// Files encrypted with sops: AES-256-GCM values and the keys the data key is wrapped for (artefacts/sops-file.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sopsFileDetector } from '../../../../src/engine/detectors/artefacts/sops-file.js';
import type { AlgorithmDetection } from '../../../../src/engine/inventory/model.js';
import { run } from './helpers.js';

const rows = (path: string, text: string) =>
  run(sopsFileDetector, path, text).map((d) => {
    const a = d as AlgorithmDetection;
    return `${a.occurrence.line} ${a.spelling} ${JSON.stringify(a.params)}`;
  });

// Made-up recipients of the right shape (bech32 characters, the lengths age gives them).
const X25519_RECIPIENT = `age1${'qyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqy'}`;
const HYBRID_RECIPIENT = `age1pq1${'qyqszqgp'.repeat(243)}`;
const DATA = 'ENC[AES256_GCM,data:Zm9v,iv:YWJjZGVmZ2hpamtsbW5vcA==,tag:MTIzNDU2Nzg5MDEyMzQ1Ng==,type:str]';

test('a YAML secret: AES-256-GCM values, an X25519 and a hybrid age recipient, an Azure Key Vault key', () => {
  const yaml = [
    'apiVersion: v1', // 1
    'kind: Secret',
    'stringData:',
    `    password: ${DATA}`, // 4
    'sops:',
    '    age:',
    `        - recipient: ${X25519_RECIPIENT}`, // 7
    '          enc: |',
    '            -----BEGIN AGE ENCRYPTED FILE-----',
    '            -----END AGE ENCRYPTED FILE-----',
    `        - recipient: ${HYBRID_RECIPIENT}`, // 11
    '    azure_kv:',
    '        - vault_url: https://example.vault.azure.net', // 13
    '          name: sops-key',
    `    mac: ${DATA}`,
    '    version: 3.10.2',
  ].join('\n');
  assert.deepEqual(rows('clusters/prod/secret.enc.yaml', yaml), [
    '4 AES {"keySize":256,"mode":"GCM"}',
    '7 X25519 {}',
    '11 X-Wing {}',
    '13 RSA-OAEP {"padding":"OAEP","hash":"SHA-256"}',
  ]);
});

test('the JSON, dotenv and INI stores', () => {
  const json = `{\n  "token": "${DATA}",\n  "sops": {\n    "age": [{ "recipient": "${X25519_RECIPIENT}", "enc": "" }],\n    "version": "3.10.2"\n  }\n}\n`;
  assert.deepEqual(rows('secret.json', json), ['2 AES {"keySize":256,"mode":"GCM"}', '4 X25519 {}']);
  const env = `TOKEN=${DATA}\nsops_age__list_0__map_recipient=${X25519_RECIPIENT}\nsops_version=3.10.2\n`;
  assert.deepEqual(rows('.env.production', env), ['1 AES {"keySize":256,"mode":"GCM"}', '2 X25519 {}']);
  const ini = `[db]\npassword = ${DATA}\n[sops]\nazure_kv__list_0__map_vault_url = https://example.vault.azure.net\nversion = 3.10.2\n`;
  assert.deepEqual(rows('app.ini', ini), ['2 AES {"keySize":256,"mode":"GCM"}', '4 RSA-OAEP {"padding":"OAEP","hash":"SHA-256"}']);
});

test('nothing without sops metadata, and nothing from other files that quote an encrypted value', () => {
  // A document or test fixture that shows the value format but is no sops file.
  assert.deepEqual(rows('docs/format.yaml', `example: ${DATA}\nrecipient: ${X25519_RECIPIENT}\n`), []);
  assert.equal(sopsFileDetector.appliesTo('aes/cipher_test.go'), false);
  // An age-looking string of the wrong length is no recipient.
  assert.deepEqual(rows('s.yaml', `a: ${DATA}\nsops:\n  age:\n    - recipient: age1qyqszqgp\n`), ['1 AES {"keySize":256,"mode":"GCM"}']);
});
