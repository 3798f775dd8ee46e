// TLS options of Go programs in TOML/YAML (Traefik's dynamic configuration, Kubernetes CRDs): one TLS
// protocol per block of options, crypto/tls's version and group names, insecureSkipVerify.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goTlsOptionsDetector } from '../../../../src/engine/detectors/artefacts/go-tls-options.js';
import type { ProtocolDetection, SignalDetection } from '../../../../src/engine/inventory/model.js';
import { run } from './helpers.js';

const protocols = (path: string, text: string) =>
  run(goTlsOptionsDetector, path, text).filter((d): d is ProtocolDetection => d.type === 'protocol').map((p) => [p.occurrence.line, p.occurrence.symbol, p.protocol]);
const signals = (path: string, text: string) =>
  run(goTlsOptionsDetector, path, text).filter((d): d is SignalDetection => d.type === 'signal').map((s) => [s.occurrence.line, s.signal]);

const TOML = [
  '[tls.options]',
  '  [tls.options.legacy]', // 2
  '    minVersion = "VersionTLS11"', // 3
  '    cipherSuites = [', // 4
  '      "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA",',
  '      "TLS_RSA_WITH_3DES_EDE_CBC_SHA", # kept for old clients',
  '    ]',
  '  [tls.options.modern]', // 8
  '    minVersion = "VersionTLS13"', // 9
  '    cipherSuites = ["TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"]', // 10
  '    curvePreferences = ["X25519MLKEM768", "CurveP384"]', // 11
  '[serversTransports.backend]', // 12
  '  insecureSkipVerify = true', // 13
  '[serversTransports.strict]',
  '  insecureSkipVerify = false',
  '',
].join('\n');

test('Traefik TOML: each options table is a protocol at its lowest version, with its suites and groups', () => {
  const legacy = { protocolType: 'tls', version: '1.1', cipherSuites: ['TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA', 'TLS_RSA_WITH_3DES_EDE_CBC_SHA'] };
  // TLS 1.3 ignores the TLS 1.2 suite list (crypto/tls does not apply it to 1.3).
  const modern = { protocolType: 'tls', version: '1.3', groups: ['X25519MLKEM768', 'P-384'] };
  assert.deepEqual(protocols('dynamic/tls.toml', TOML), [
    [3, 'minVersion', legacy], [4, 'cipherSuites', legacy],
    [9, 'minVersion', modern], [10, 'cipherSuites', modern], [11, 'curvePreferences', modern],
  ]);
  assert.deepEqual(signals('dynamic/tls.toml', TOML), [[13, 'cert-verification-disabled'], [3, 'insecure-protocol-version']]);
});

test('Traefik YAML and a Kubernetes TLSOption: block sequences and flow lists, per mapping', () => {
  const yaml = [
    'tls:',
    '  options:',
    '    default:',
    '      minVersion: VersionTLS12', // 4
    '      cipherSuites:', // 5
    '        - TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384',
    '        - TLS_RSA_WITH_RC4_128_SHA',
    '    strict:',
    '      maxVersion: "VersionTLS13"', // 9
    '      curvePreferences: [CurveP521, X25519]', // 10
    '---',
    'apiVersion: traefik.io/v1alpha1',
    'kind: ServersTransport',
    'spec:',
    '  insecureSkipVerify: true', // 15
    '',
  ].join('\n');
  const def = { protocolType: 'tls', version: '1.2', cipherSuites: ['TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384', 'TLS_RSA_WITH_RC4_128_SHA'] };
  const strict = { protocolType: 'tls', version: '1.3', groups: ['P-521', 'X25519'] };
  assert.deepEqual(protocols('k8s/tlsoption.yml', yaml), [[4, 'minVersion', def], [5, 'cipherSuites', def], [9, 'maxVersion', strict], [10, 'curvePreferences', strict]]);
  assert.deepEqual(signals('k8s/tlsoption.yml', yaml), [[15, 'cert-verification-disabled']]);
});

test('other versions, unknown names, schemas and false switches are nothing', () => {
  const yaml = [
    'server:',
    '  minVersion: 1.2', // a bare number: not crypto/tls's spelling
    '  cipherSuites: [MY_SUITE, HIGH]',
    '  curvePreferences:',
    '    - secp256k1',
    'properties:',
    '  insecureSkipVerify:',
    '    type: boolean',
    '  other:',
    '    insecureSkipVerify: false',
    '',
  ].join('\n');
  assert.deepEqual(run(goTlsOptionsDetector, 'values.yaml', yaml), []);
  assert.equal(goTlsOptionsDetector.appliesTo('conf/tls.json'), false);
});
