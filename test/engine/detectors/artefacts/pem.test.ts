import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pemDetector } from '../../../../src/engine/detectors/artefacts/pem.js';
import type { AlgorithmDetection, CertificateDetection, MaterialDetection } from '../../../../src/engine/inventory/model.js';
import { bodyLines, fixture, kb, run } from './helpers.js';

const material = (file: string): MaterialDetection => {
  const ds = run(pemDetector, file, fixture(`keys/${file}`));
  assert.equal(ds.length, 1, file);
  assert.equal(ds[0]!.type, 'material');
  return ds[0] as MaterialDetection;
};
const certificate = (file: string): CertificateDetection => {
  const ds = run(pemDetector, file, fixture(`certs/${file}`));
  assert.equal(ds.length, 1, file);
  return ds[0] as CertificateDetection;
};

test('private keys: format, algorithm, size or curve, per PEM label', () => {
  const cases: [string, string, string, number, string | undefined][] = [
    ['rsa1024-pkcs1.pem', 'PKCS#1', 'RSA', 1024, undefined],
    ['rsa2048-pkcs8.pem', 'PKCS#8', 'RSA', 2048, undefined],
    ['rsa4096-pkcs8.pem', 'PKCS#8', 'RSA', 4096, undefined],
    ['ec-p256-sec1.pem', 'SEC1', 'ECDSA', 256, 'P-256'],
    ['ec-p384-sec1.pem', 'SEC1', 'ECDSA', 384, 'P-384'],
    ['ec-secp256k1-sec1.pem', 'SEC1', 'ECDSA', 256, 'secp256k1'],
    ['ed25519-pkcs8.pem', 'PKCS#8', 'Ed25519', 255, undefined],
    ['openssh-rsa3072', 'OpenSSH', 'RSA', 3072, undefined],
    ['openssh-ed25519', 'OpenSSH', 'Ed25519', 255, undefined],
    ['openssh-ecdsa256', 'OpenSSH', 'ECDSA', 256, 'P-256'],
  ];
  for (const [file, format, alg, size, curve] of cases) {
    const { material: m } = material(file);
    assert.equal(m.materialType, 'private-key', file);
    assert.equal(m.format, format, file);
    assert.equal(m.algorithm?.spelling, alg, file);
    assert.equal(m.size, size, file);
    assert.equal(m.algorithm?.params.curve, curve, file);
    assert.equal(m.encrypted, false, file);
    assert.match(m.fingerprintSha256!, /^[0-9a-f]{64}$/);
  }
});

test('an encrypted PKCS#8 key is encrypted private key material without algorithm, plus its PBES2 KDF and cipher', () => {
  const ds = run(pemDetector, 'rsa2048-encrypted-pkcs8.pem', fixture('keys/rsa2048-encrypted-pkcs8.pem'));
  const m = (ds[0] as MaterialDetection).material;
  assert.equal(m.materialType, 'private-key');
  assert.equal(m.format, 'PKCS#8');
  assert.equal(m.encrypted, true);
  assert.equal(m.algorithm, undefined);
  assert.equal(ds[0]!.occurrence.symbol, '-----BEGIN ENCRYPTED PRIVATE KEY-----');
  // The key-protection algorithms are in the clear (AlgorithmIdentifier), named by the KB from their OIDs.
  const algorithms = (file: string): [string, unknown, unknown][] =>
    run(pemDetector, file, fixture(`keys/${file}`)).filter((d): d is AlgorithmDetection => d.type === 'algorithm').map((a) => [a.spelling, a.params, a.functions]);
  assert.deepEqual(algorithms('rsa2048-encrypted-pkcs8.pem'), [['PBKDF2', { hash: 'SHA-256' }, ['keyderive']], ['AES-256', { mode: 'CBC' }, ['encrypt', 'decrypt']]]);
  // No PRF written means PBKDF2's default, HMAC-SHA-1 (RFC 8018).
  assert.deepEqual(algorithms('rsa2048-pbes2-aes128-sha1prf.pem'), [['PBKDF2', { hash: 'SHA-1' }, ['keyderive']], ['AES-128', { mode: 'CBC' }, ['encrypt', 'decrypt']]]);
});

test('public keys (SPKI, PKCS#1) share the fingerprint of their private key', () => {
  const spki = material('rsa2048-spki.pub.pem').material;
  assert.deepEqual([spki.materialType, spki.format, spki.size], ['public-key', 'SPKI', 2048]);
  assert.equal(spki.fingerprintSha256, material('rsa2048-pkcs8.pem').material.fingerprintSha256);
  const pkcs1 = material('rsa1024-pkcs1.pub.pem').material;
  assert.deepEqual([pkcs1.format, pkcs1.size], ['PKCS#1', 1024]);
  assert.equal(material('ec-p256-spki.pub.pem').material.fingerprintSha256, material('ec-p256-sec1.pem').material.fingerprintSha256);
});

test('certificates: subject, issuer, serial, validity, signature and key algorithms', () => {
  const leaf = certificate('leaf-ec-p256.pem').certificate;
  assert.equal(leaf.subject, 'CN=api.example.test');
  assert.equal(leaf.issuer, 'O=Fixture Corp, CN=Fixture Root CA P-384');
  assert.equal(leaf.serialNumber, '3001');
  assert.match(leaf.notBefore, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.deepEqual(leaf.signatureAlgorithm, { spelling: 'ECDSA', params: { hash: 'SHA-384' }, oid: '1.2.840.10045.4.3.3' });
  assert.deepEqual(leaf.publicKeyAlgorithm, { spelling: 'ECDSA', params: { curve: 'P-256' }, oid: '1.2.840.10045.2.1' });
  assert.equal(leaf.encoding, 'PEM');

  const expired = certificate('expired-rsa1024-sha1.pem').certificate;
  assert.equal(expired.notBefore, '2015-01-01T00:00:00Z');
  assert.equal(expired.notAfter, '2016-01-01T00:00:00Z');
  assert.deepEqual([expired.signatureAlgorithm.spelling, expired.signatureAlgorithm.params], ['RSA-PKCS1-1.5', { hash: 'SHA-1' }]);
  assert.equal(expired.publicKeyAlgorithm.params.keySize, 1024);

  const self = certificate('selfsigned-rsa2048.pem').certificate;
  assert.equal(self.subject, self.issuer);
  assert.equal(certificate('selfsigned-rsa4096.pem').certificate.signatureAlgorithm.oid, '1.2.840.113549.1.1.13');
  assert.equal(certificate('ed25519.pem').certificate.publicKeyAlgorithm.spelling, 'Ed25519');
  assert.equal(certificate('secp256k1.pem').certificate.publicKeyAlgorithm.params.curve, 'secp256k1');
});

test('PEM blocks hidden in YAML block scalars, markdown, JSON strings and code literals are found with their lines', () => {
  const cert = fixture('certs/selfsigned-rsa2048.pem').toString().trim();
  const yaml = `data:\n  tls.crt: |\n${cert.split('\n').map((l) => `    ${l}`).join('\n')}\n  other: x\n`;
  const [y] = run(pemDetector, 'secret.yaml', yaml);
  assert.equal(y?.type, 'certificate');
  assert.equal(y!.occurrence.line, 3);
  assert.equal(y!.occurrence.column, 5);
  assert.equal(y!.occurrence.endLine, 3 + cert.split('\n').length - 1);

  const md = `Intro\n\n\`\`\`\n${cert}\n\`\`\`\n`;
  assert.equal(run(pemDetector, 'README.md', md)[0]?.occurrence.line, 4);

  const json = JSON.stringify({ cert: cert + '\n' });
  assert.equal(run(pemDetector, 'c.json', json)[0]?.type, 'certificate');

  const java = `String PEM = "${cert.split('\n').join('\\n" +\n  "')}";`;
  assert.equal(run(pemDetector, 'Certs.java', java)[0]?.type, 'certificate');
});

test('no key material reaches a detection', () => {
  for (const file of ['rsa2048-pkcs8.pem', 'ec-p256-sec1.pem', 'openssh-ed25519', 'rsa2048-encrypted-pkcs8.pem']) {
    const pem = fixture(`keys/${file}`).toString();
    // One-line PEM in a JSON value: the whole key is on the detection's line.
    const oneLine = `{"key": ${JSON.stringify(pem)}}`;
    const out = JSON.stringify(run(pemDetector, 'k.json', oneLine));
    for (const line of bodyLines(pem)) assert.ok(!out.includes(line.slice(0, 40)), `${file} leaked into ${out.slice(0, 200)}`);
  }
});

test('prose, truncated and garbage bodies produce nothing and do not throw', () => {
  const cert = fixture('certs/selfsigned-rsa2048.pem').toString().split('\n');
  const inputs = [
    'A PEM file starts with -----BEGIN CERTIFICATE----- and we use AES everywhere.',
    '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n',
    [...cert.slice(0, 5), '-----END CERTIFICATE-----'].join('\n'),
    '-----BEGIN PRIVATE KEY-----\nthis is not base64 at all, replace me with your key\n-----END PRIVATE KEY-----',
    '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n',
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAAB\n-----END OPENSSH PRIVATE KEY-----',
    `-----BEGIN PUBLIC KEY-----\n${Buffer.alloc(300, 7).toString('base64')}\n-----END PUBLIC KEY-----`,
  ];
  for (const input of inputs) assert.deepEqual(run(pemDetector, 'x.txt', input), [], input.slice(0, 60));
});

test('many unterminated markers in one large file are handled in linear time', () => {
  const text = '-----BEGIN CERTIFICATE-----\nMIIB\n'.repeat(20000) + 'x'.repeat(500_000);
  const start = performance.now();
  assert.deepEqual(run(pemDetector, 'dump.txt', text), []);
  assert.ok(performance.now() - start < 3000, 'took too long'); // quadratic behaviour took minutes
});

test('Edwards and Montgomery keys are sized by their curve in the KB, as a certificate\'s embedded key is', () => {
  for (const [file, curve] of [['ed25519-pkcs8.pem', 'Edwards25519'], ['ed448-pkcs8.pem', 'Edwards448'], ['x25519-pkcs8.pem', 'Curve25519']] as const) {
    assert.equal(material(file).material.size, kb.findCurve(curve)!.bits, file);
  }
  assert.equal(material('ed448-pkcs8.pem').material.size, 448); // not the 456 bits of its 57-byte encoding
});

test('a PEM body whose last line is mostly padding (`OA==`) still decodes (first certificate of real bundles was lost)', () => {
  const pem = fixture('certs/ec-p256-short-last-line.pem').toString();
  assert.match(pem, /\n[A-Za-z0-9+/]{2}==\n-----END/);
  const c = certificate('ec-p256-short-last-line.pem').certificate;
  assert.match(c.subject, /^CN=short-tail-a+\.example\.test$/);
  // In a bundle, every block is found, including the first.
  const bundle = pem + fixture('certs/leaf-ec-p256.pem').toString();
  assert.deepEqual(run(pemDetector, 'bundle.crt', bundle).map((d) => d.occurrence.line), [1, pem.split('\n').length]);
});

test('a legacy encrypted PEM key also reports the cipher that protects it (DEK-Info)', () => {
  const ds = run(pemDetector, 'deploy/legacy.key', fixture('keys/rsa2048-legacy-des3.pem'));
  assert.deepEqual(ds.map((d) => [d.type, d.occurrence.line, d.type === 'algorithm' ? d.spelling : d.type === 'material' ? [d.material.format, d.material.encrypted, d.material.algorithm?.spelling] : null]), [
    ['material', 1, ['PKCS#1', true, 'RSA']],
    ['algorithm', 1, 'DES-EDE3-CBC'],
  ]);
  assert.equal(kb.resolve('DES-EDE3-CBC', {}).name, '3DES-168-CBC');
});

test('an RSASSA-PSS certificate signature keeps the hash from its parameters', () => {
  const c = certificate('rsa-pss-sha384.pem').certificate;
  assert.deepEqual(c.signatureAlgorithm, { spelling: 'RSA-PSS', params: { hash: 'SHA-384' }, oid: '1.2.840.113549.1.1.10' });
});

test('keys Node cannot describe do not bring the scanner down: sizes and curves come from the SPKI DER', async () => {
  const { generateKeyPairSync } = await import('node:crypto');
  const { ObjectIdentifier, OctetString, Integer, Sequence } = await import('asn1js');
  // A PKCS#8 EC key on P-256 whose private scalar is 1,000 bytes (a parser test vector of the kind
  // PHP and Python crypto libraries ship). OpenSSL 3 decodes it, but Node 20's key-details accessor
  // aborted the whole process on it (a native assertion, nothing to catch).
  const ecPrivateKey = new Sequence({ value: [new Integer({ value: 1 }), new OctetString({ valueHex: new Uint8Array(1000).fill(0xff).buffer })] });
  const pkcs8 = new Sequence({
    value: [
      new Integer({ value: 0 }),
      new Sequence({ value: [new ObjectIdentifier({ value: '1.2.840.10045.2.1' }), new ObjectIdentifier({ value: '1.2.840.10045.3.1.7' })] }),
      new OctetString({ valueHex: ecPrivateKey.toBER() }),
    ],
  });
  const body = Buffer.from(pkcs8.toBER()).toString('base64').replace(/.{64}/g, '$&\n');
  const [odd] = run(pemDetector, 'tests/KeyTest.php', `$key = '-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----';`) as MaterialDetection[];
  assert.equal(odd?.material.algorithm?.spelling, 'ECDSA');
  assert.equal(odd?.material.algorithm?.params.curve, 'P-256');
  assert.equal(odd?.material.size, 256);
  // DSA's size is its prime's; the older named curves are the knowledge base's, sized by their field.
  const dsa = generateKeyPairSync('dsa', { modulusLength: 2048, divisorLength: 256 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const [d] = run(pemDetector, 'dsa.pub.pem', dsa) as MaterialDetection[];
  assert.deepEqual([d?.material.algorithm?.spelling, d?.material.size], ['DSA', 2048]);
  const k1 = generateKeyPairSync('ec', { namedCurve: 'secp224k1' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const [c] = run(pemDetector, 'k1.pub.pem', k1) as MaterialDetection[];
  assert.deepEqual([c?.material.algorithm?.params.curve, c?.material.size], ['secp224k1', 224]);
  const b163 = generateKeyPairSync('ec', { namedCurve: 'sect163r2' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const [b] = run(pemDetector, 'b163.pub.pem', b163) as MaterialDetection[];
  assert.deepEqual([b?.material.algorithm?.params.curve, b?.material.size], ['sect163r2', 163]);
  // A named curve written out as explicit parameters is still that curve.
  const explicit = generateKeyPairSync('ec', { namedCurve: 'secp384r1', paramEncoding: 'explicit' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const [e] = run(pemDetector, 'explicit.pub.pem', explicit) as MaterialDetection[];
  assert.deepEqual([e?.material.algorithm?.params.curve, e?.material.size], ['P-384', 384]);
});

/** SSH wire strings (RFC 4251): each part preceded by its 32-bit length. */
const sshString = (parts: (Buffer | string)[]): Buffer => Buffer.concat(parts.map((p) => {
  const v = Buffer.isBuffer(p) ? p : Buffer.from(p, 'latin1');
  const n = Buffer.alloc(4);
  n.writeUInt32BE(v.length);
  return Buffer.concat([n, v]);
}));

/** An unencrypted openssh-key-v1 container (OpenSSH PROTOCOL.key) around a public blob; the private section is filler. */
function opensshPrivateKey(publicBlob: Buffer): string {
  const body = Buffer.concat([
    Buffer.from('openssh-key-v1\0', 'latin1'), sshString(['none', 'none', '']), Buffer.from([0, 0, 0, 1]), sshString([publicBlob, Buffer.alloc(64, 7)]),
  ]);
  return `-----BEGIN OPENSSH PRIVATE KEY-----\n${body.toString('base64').match(/.{1,70}/g)!.join('\n')}\n-----END OPENSSH PRIVATE KEY-----\n`;
}

test('a FIDO security key file (`ssh-keygen -t ed25519-sk`) is a credential of its algorithm, not a committed private key', () => {
  const blob = sshString(['sk-ssh-ed25519@openssh.com', Buffer.alloc(32, 9), 'ssh:']);
  const [d] = run(pemDetector, 'home/.ssh/id_ed25519_sk', opensshPrivateKey(blob)) as MaterialDetection[];
  assert.deepEqual([d?.material.materialType, d?.material.format, d?.material.algorithm?.spelling, d?.material.size], ['credential', 'OpenSSH FIDO security key', 'Ed25519', 255]);
  const ecdsa = sshString(['sk-ecdsa-sha2-nistp256@openssh.com', 'nistp256', Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 3)]), 'ssh:']);
  const [e] = run(pemDetector, 'id_ecdsa_sk', opensshPrivateKey(ecdsa)) as MaterialDetection[];
  assert.deepEqual([e?.material.materialType, e?.material.algorithm?.params.curve], ['credential', 'P-256']);
});

test('an OpenSSH private key of a type we cannot read (an experimental post-quantum type) is still an unencrypted private key', () => {
  const blob = sshString(['ssh-slhdsa-sha2-128s@example.org', Buffer.alloc(32, 5)]);
  const [d] = run(pemDetector, 'regress/id_slhdsa', opensshPrivateKey(blob)) as MaterialDetection[];
  assert.deepEqual([d?.material.materialType, d?.material.format, d?.material.algorithm, d?.material.encrypted], ['private-key', 'OpenSSH ssh-slhdsa-sha2-128s@example.org', undefined, false]);
  assert.match(d!.material.fingerprintSha256!, /^[0-9a-f]{64}$/);
});

test("OpenSSH's composite ML-DSA-44 + Ed25519 key is a private key of the composite, quantum level 2; a blob of the wrong length is not read", () => {
  const blob = sshString(['ssh-mldsa44-ed25519@openssh.com', Buffer.alloc(1312 + 32, 5)]);
  const [d] = run(pemDetector, 'regress/id_mldsa44_ed25519', opensshPrivateKey(blob)) as MaterialDetection[];
  assert.deepEqual([d?.material.materialType, d?.material.format, d?.material.algorithm?.spelling, d?.material.encrypted], ['private-key', 'OpenSSH', 'ML-DSA-44-Ed25519', false]);
  const entry = kb.resolve(d!.material.algorithm!.spelling, {});
  assert.deepEqual([entry.name, entry.nistQuantumLevel, entry.classicalSecurityBits], ['ML-DSA-44-Ed25519', 2, 128]);
  // An Ed25519 key alone under the composite's name is malformed: the type stays in the format, no algorithm is claimed.
  const short = sshString(['ssh-mldsa44-ed25519@openssh.com', Buffer.alloc(32, 5)]);
  const [s] = run(pemDetector, 'regress/id_bad', opensshPrivateKey(short)) as MaterialDetection[];
  assert.deepEqual([s?.material.format, s?.material.algorithm], ['OpenSSH ssh-mldsa44-ed25519@openssh.com', undefined]);
});

test('an OpenVPN static key (hex body, a ta.key file or an inline <tls-auth> block) is a 2048-bit secret key, its bytes never reported', () => {
  const hexLines = Array.from({ length: 16 }, (_, i) => Array.from({ length: 16 }, (_, j) => ((i * 16 + j) * 37 % 256).toString(16).padStart(2, '0')).join(''));
  const key = `#\n# 2048 bit OpenVPN static key\n#\n-----BEGIN OpenVPN Static key V1-----\n${hexLines.join('\n')}\n-----END OpenVPN Static key V1-----\n`;
  const file = run(pemDetector, 'keys/ta.key', key);
  assert.deepEqual(file.map((d) => [d.type, d.occurrence.line, d.occurrence.endLine, d.type === 'material' && d.material.materialType, d.type === 'material' && d.material.size, d.type === 'material' && d.material.format]), [
    ['material', 4, 21, 'secret-key', 2048, 'OpenVPN static key'],
  ]);
  const inline = run(pemDetector, 'client.ovpn', `client\nkey-direction 1\n<tls-auth>\n${key}</tls-auth>\n`);
  assert.equal(inline.length, 1);
  assert.equal(inline[0]!.type === 'material' && inline[0]!.material.fingerprintSha256, file[0]!.type === 'material' && file[0]!.material.fingerprintSha256);
  const json = JSON.stringify(inline);
  for (const line of hexLines) assert.ok(!json.includes(line));
  // A truncated or non-hex body is no key.
  assert.deepEqual(run(pemDetector, 'notes.txt', '-----BEGIN OpenVPN Static key V1-----\nnot hex at all\n-----END OpenVPN Static key V1-----\n'), []);
});
