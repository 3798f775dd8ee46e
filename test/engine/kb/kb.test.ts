// The knowledge-base table checked against the CycloneDX cryptography registry, the CycloneDX 1.6
// schema and the standards the levels come from (FIPS 203/204/205, SP 800-57 Part 1 Rev. 5).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generateKeyPairSync, getCurves } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { SubjectPublicKeyInfo } from '@peculiar/asn1-x509';
import { ECParameters } from '@peculiar/asn1-ecc';
import { fromBER } from 'asn1js';
import { bitLength } from '../../../src/engine/detectors/artefacts/key-facts.js';
import { getKnowledgeBase } from '../../../src/engine/kb/index.js';

const root = new URL('../../../', import.meta.url);
const registry = JSON.parse(readFileSync(new URL('schemas/cyclonedx/cryptography-defs.json', root), 'utf8')) as {
  algorithms: { family: string; variant: { pattern: string; primitive: string }[] }[];
};
const bomSchema = JSON.parse(readFileSync(new URL('schemas/cyclonedx/bom-1.6.schema.json', root), 'utf8'));
const schemaPrimitives: string[] = bomSchema.definitions.cryptoProperties.properties.algorithmProperties.properties.primitive.enum;
const kb = getKnowledgeBase();

/** Registry pattern -> anchored, case-insensitive RegExp (`[..]` optional, `(a|b)` choice, `{x}` free slot). */
function patternToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '[') re += '(?:';
    else if (c === ']') re += ')?';
    else if (c === '(' || c === ')' || c === '|') re += c === '(' ? '(?:' : c;
    else if (c === '{') {
      i = pattern.indexOf('}', i);
      re += '[A-Za-z0-9_./+-]+';
    } else re += c.replace(/[.*+?^$\\]/g, '\\$&');
  }
  return new RegExp(`^(?:${re})$`, 'i');
}
const familyPatterns = new Map<string, RegExp[]>();
for (const a of registry.algorithms) {
  const list = familyPatterns.get(a.family) ?? [];
  for (const v of a.variant) list.push(patternToRegExp(v.pattern));
  familyPatterns.set(a.family, list);
}
const registryPatternStrings = new Set(registry.algorithms.flatMap((a) => a.variant.map((v) => v.pattern)));

test('registry pattern conversion is faithful (sanity of the checker itself)', () => {
  const aes = patternToRegExp('AES[-(128|192|256)][-(GCM|CCM)][-{tagLength}][-{ivLength}]');
  assert.ok(aes.test('AES-256-GCM'));
  assert.ok(aes.test('AES'));
  assert.ok(!aes.test('AES256GCM'));
  assert.ok(!patternToRegExp('3DES[-{keyLength}][-{mode}]').test('DES-CBC'));
  assert.ok(!patternToRegExp('ML-KEM-(512|768|1024)').test('ML-KEM-1023'));
});

test('every non-generic entry name matches a pattern of its registry family', () => {
  const checked: string[] = [];
  for (const a of kb.algorithms) {
    if (a.generic || a.registryPattern === null) continue;
    assert.ok(registryPatternStrings.has(a.registryPattern), `${a.name}: registryPattern '${a.registryPattern}' is not in the registry`);
    const patterns = familyPatterns.get(a.family);
    assert.ok(patterns, `${a.name}: family ${a.family} not in the registry`);
    assert.ok(patterns.some((p) => p.test(a.name)), `${a.name} does not match any ${a.family} pattern`);
    checked.push(a.name);
  }
  assert.ok(checked.length > 150, `only ${checked.length} names checked`);
});

test('resolved names follow the registry patterns too', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['aes-256-gcm', {}, 'AES-256-GCM', 'AES'],
    ['AES', { keySize: 128, mode: 'CBC', padding: 'PKCS5Padding' }, 'AES-128-CBC-PKCS5', 'AES'],
    ['AES', { keySize: 192, mode: 'GCM', tagLength: 96 }, 'AES-192-GCM-96', 'AES'],
    ['HMAC', { hash: 'SHA-384' }, 'HMAC-SHA-384', 'HMAC'],
    ['SHA256withRSA', { keySize: 2048 }, 'RSA-PKCS1-1.5-SHA-256-2048', 'RSASSA-PKCS1'],
    ['SHA384withECDSA', { curve: 'secp384r1' }, 'ECDSA-P384-SHA-384', 'ECDSA'],
    ['PBKDF2', { hash: 'SHA-512', iterations: 210000 }, 'PBKDF2-SHA-512-210000', 'PBKDF2'],
    ['RSA/ECB/OAEPWithSHA-256AndMGF1Padding', { keySize: 3072 }, 'RSA-OAEP-SHA-256-3072', 'RSAES-OAEP'],
  ];
  for (const [spelling, params, name, family] of cases) {
    const r = kb.resolve(spelling, params);
    assert.equal(r.name, name, spelling);
    assert.ok(familyPatterns.get(family)!.some((p) => p.test(r.name)), `${r.name} vs ${family}`);
  }
});

test('primitives are CycloneDX 1.6 values, levels are 0-5, null only on generic entries', () => {
  for (const a of kb.algorithms) {
    for (const p of [a.primitive, ...a.otherPrimitives]) assert.ok(schemaPrimitives.includes(p), `${a.name}: ${p}`);
    if (a.nistQuantumLevel === null) assert.ok(a.generic, `${a.name}: null level on a concrete entry`);
    else assert.ok(Number.isInteger(a.nistQuantumLevel) && a.nistQuantumLevel >= 0 && a.nistQuantumLevel <= 5, a.name);
    if (!a.generic) assert.ok(a.classicalSecurityBits !== null && a.classicalSecurityBits >= 0, a.name);
    assert.ok(a.sources.length > 0, `${a.name} has no source`);
  }
  for (const c of kb.curves) assert.equal(c.nistQuantumLevel, 0, c.name);
});

test('at least 120 concrete algorithm variants', () => {
  assert.ok(kb.algorithms.filter((a) => !a.generic).length >= 120);
});

test('names and aliases are unique case-insensitively across algorithms and curves', () => {
  const seen = new Map<string, string>();
  const add = (s: string, owner: string) => {
    const k = s.toLowerCase();
    assert.ok(!seen.has(k) || seen.get(k) === owner, `'${s}' names both ${seen.get(k)} and ${owner}`);
    seen.set(k, owner);
  };
  for (const a of kb.algorithms) for (const s of [a.name, ...a.aliases]) add(s, a.name);
  for (const c of kb.curves) add(c.name, `curve ${c.name}`);
  assert.ok(seen.size > 1700);
});

test('every cited source id is defined', () => {
  const ids = [
    ...kb.algorithms.flatMap((a) => a.sources),
    ...kb.curves.flatMap((c) => c.sources),
    ...kb.cipherSuites.flatMap((s) => s.sources),
    ...kb.protocolVersions.flatMap((p) => p.sources),
  ];
  for (const id of ids) assert.ok(kb.sources[id]?.url.startsWith('https://'), id);
});

test('levels match the standards', () => {
  const expect: [string, number | null, number][] = [
    ['ML-KEM-512', 128, 1], ['ML-KEM-768', 192, 3], ['ML-KEM-1024', 256, 5], // FIPS 203
    ['ML-DSA-44', 128, 2], ['ML-DSA-65', 192, 3], ['ML-DSA-87', 256, 5], // FIPS 204
    ['SLH-DSA-SHA2-128s', 128, 1], ['SLH-DSA-SHAKE-192f', 192, 3], ['SLH-DSA-SHA2-256s', 256, 5], // FIPS 205
    ['AES-128', 128, 1], ['AES-192', 192, 3], ['AES-256', 256, 5], // CfP categories 1/3/5
    ['RSA-2048', 112, 0], ['RSA-3072', 128, 0], ['RSA-15360', 256, 0], // SP 800-57 Table 2; Shor
    ['SHA-256', 128, 2], ['SHA-384', 192, 4], ['SHA-512', 256, 5], // collision; CfP 2/4/5
    ['X25519MLKEM768', 192, 3], ['ECDSA-P256', 128, 0], ['ECDSA-P384', 192, 0], ['MD5', 24, 0],
  ];
  for (const [name, bits, level] of expect) {
    const r = kb.resolve(name, {});
    assert.equal(r.entry?.name, name);
    assert.equal(r.classicalSecurityBits, bits, `${name} bits`);
    assert.equal(r.nistQuantumLevel, level, `${name} level`);
  }
  assert.equal(kb.resolve('MD5', {}).broken, true);
  assert.equal(kb.resolve('SHA-256', {}).broken, false);
});

test('the spellings named in the issue resolve to one entry each', () => {
  const sha256rsa = kb.resolve('SHA256withRSA', {});
  assert.equal(sha256rsa.entry?.name, 'RSA-PKCS1-1.5');
  assert.equal(sha256rsa.primitive, 'signature');
  assert.equal(sha256rsa.params.hash, 'SHA-256');
  assert.deepEqual(sha256rsa.unknownParams, ['keySize']);
  assert.equal(sha256rsa.classicalSecurityBits, null);
  assert.equal(sha256rsa.nistQuantumLevel, 0, 'every RSA is quantum level 0');

  const gcm = kb.resolve('aes-256-gcm', {});
  assert.equal(gcm.name, 'AES-256-GCM');
  assert.equal(gcm.primitive, 'ae');
  assert.equal(gcm.oid, '2.16.840.1.101.3.4.1.46');

  for (const s of ['prime256v1', 'secp256r1', 'P-256', 'NID_X9_62_prime256v1', 'P256()', 'elliptic.P256()']) {
    assert.equal(kb.findCurve(s)?.name, 'P-256', s);
  }
  assert.equal(kb.findCurve('SECP384R1')?.name, 'P-384');
  assert.equal(kb.resolve('ECDSA', { curve: 'prime256v1' }).name, 'ECDSA-P256');

  const hmac = kb.resolve('HmacSHA256', {});
  assert.equal(hmac.name, 'HMAC-SHA-256');
  assert.equal(hmac.primitive, 'mac');
  assert.equal(hmac.nistQuantumLevel, 5);

  const suite = kb.findCipherSuite('TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256');
  assert.ok(suite);
  assert.deepEqual(suite.identifiers, ['0xC0', '0x2F']);
  assert.equal(kb.findCipherSuite('ECDHE-RSA-AES128-GCM-SHA256'), suite);
  assert.equal(kb.findCipherSuite('ecdhe-rsa-aes128-gcm-sha256'), suite);
});

test('curves named by their OID resolve to the curve; an OID we do not know leaves the curve unknown', () => {
  assert.equal(kb.findCurve('1.2.840.10045.3.1.7')?.name, 'P-256');
  assert.equal(kb.resolve('ECDSA', { curve: '1.3.132.0.34' }).name, 'ECDSA-P384');
  assert.equal(kb.resolve('EC', { curve: '1.3.132.0.35' }).name, 'ECDSA-P521');
  const unknown = kb.resolve('ECDSA', { curve: '1.2.3.4.5' });
  assert.equal(unknown.name, 'ECDSA');
  assert.equal(unknown.params.curve, undefined);
  assert.ok(unknown.unknownParams.includes('curve'));
});

test('every Keccak output size of the SHA-3 competition has the level of the SHA-3 hash of that size', () => {
  for (const n of [224, 256, 384, 512]) {
    const keccak = kb.resolve(`Keccak${n}`, {});
    const sha3 = kb.resolve(`SHA3-${n}`, {});
    assert.deepEqual([keccak.name, keccak.classicalSecurityBits, keccak.nistQuantumLevel], [`Keccak-${n}`, sha3.classicalSecurityBits, sha3.nistQuantumLevel]);
  }
});

test('resolve narrows generic entries only as far as the parameters allow', () => {
  const aes = kb.resolve('AES', {});
  assert.equal(aes.name, 'AES');
  assert.deepEqual(aes.unknownParams, ['keySize']);
  assert.equal(aes.classicalSecurityBits, null);
  assert.equal(aes.nistQuantumLevel, null);
  assert.equal(kb.resolve('AES', { mode: 'GCM' }).name, 'AES-GCM', 'mode without size: no guessed 128');

  assert.equal(kb.resolve('AES', { keySize: 256 }).name, 'AES-256');
  assert.equal(kb.resolve('Cipher', { keySize: 256 }).primitive, 'unknown');
  const rsa = kb.resolve('RSA', { keySize: 2048 });
  assert.equal(rsa.entry?.name, 'RSA-2048');
  assert.equal(rsa.classicalSecurityBits, 112);
  assert.deepEqual(rsa.unknownParams, []);
  const rsaUnknown = kb.resolve('RSA', {});
  assert.equal(rsaUnknown.name, 'RSA');
  assert.equal(rsaUnknown.nistQuantumLevel, 0);
  assert.equal(rsaUnknown.classicalSecurityBits, null);

  assert.equal(kb.resolve('HMAC', { hash: 'sha256' }).name, 'HMAC-SHA-256');
  assert.equal(kb.resolve('HMAC', {}).name, 'HMAC');
  assert.deepEqual(kb.resolve('HMAC', {}).unknownParams, ['hash']);
  assert.equal(kb.resolve('PBKDF2', { hash: 'SHA-1' }).entry?.name, 'PBKDF2-SHA-1');
  assert.equal(kb.resolve('ML-KEM', { parameterSet: '1024' }).name, 'ML-KEM-1024');

  // SHA256withRSA with the key size known takes its levels from RSA-4096.
  const signed = kb.resolve('SHA256withRSA', { keySize: 4096 });
  assert.equal(signed.name, 'RSA-PKCS1-1.5-SHA-256-4096');
  assert.equal(signed.classicalSecurityBits, 128);
  assert.equal(signed.levelsFrom, 'RSA-4096');

  // A modulus size without its own entry gets the SP 800-57 tier below it.
  const odd = kb.resolve('RSA', { keySize: 1536 });
  assert.equal(odd.name, 'RSA-1536');
  assert.equal(odd.classicalSecurityBits, 80);
  assert.equal(odd.levelsFrom, 'computed');
  assert.equal(kb.resolve('RSA', { keySize: 512 }).broken, true);

  // FFDHE 2048 could be ffdhe2048 or modp2048: ambiguous, so no named group in the name.
  const dh = kb.resolve('DH', { keySize: 2048 });
  assert.equal(dh.name, 'FFDH-2048');
  assert.equal(dh.classicalSecurityBits, 112);
  assert.equal(kb.resolve('ffdhe2048', {}).name, 'FFDHE-ffdhe2048');
});

test('a DH modulus size is a random-prime FFDH, never a named group; named groups keep their names', () => {
  for (const spelling of ['DH', 'DiffieHellman', 'FFDHE']) {
    const r = kb.resolve(spelling, { keySize: 1024 });
    assert.equal(r.name, 'FFDH-1024', spelling);
    assert.equal(r.family, 'FFDH');
    assert.equal(r.primitive, 'key-agree');
    assert.equal(r.classicalSecurityBits, 80, 'SP 800-57 tier of a 1024-bit modulus');
    assert.equal(r.nistQuantumLevel, 0);
  }
  assert.equal(kb.resolve('DH', { keySize: 1536 }).name, 'FFDH-1536');
  assert.equal(kb.resolve('DH', {}).name, 'FFDH');
  assert.deepEqual(kb.resolve('DH', {}).unknownParams, ['keySize']);
  assert.equal(kb.resolve('modp1024', {}).name, 'FFDHE-modp1024');
  assert.equal(kb.resolve('modp1024', {}).classicalSecurityBits, 80);
  assert.equal(kb.resolve('diffie-hellman-group14-sha256', {}).name, 'FFDHE-modp2048');
});

test('modes, paddings and JCA transformations', () => {
  const ecb = kb.resolve('AES/ECB/PKCS5Padding', {});
  assert.equal(ecb.params.mode, 'ECB');
  assert.equal(ecb.params.padding, 'PKCS5');
  assert.equal(ecb.name, 'AES-ECB-PKCS5');
  assert.equal(kb.resolve('DESede/CBC/PKCS5Padding', {}).name, '3DES-168-CBC-PKCS5');
  assert.equal(kb.resolve('Blowfish/CBC/NoPadding', {}).name, 'Blowfish-CBC');
  assert.equal(kb.resolve('camellia-256-gcm', {}).name, 'CAMELLIA-256-GCM');

  // DES key bytes include parity: a detector counting 8 bytes says 64, the entry says 56. One asset.
  assert.deepEqual(kb.resolve('DES', { keySize: 64 }).params, { keySize: 56 });
  assert.equal(kb.resolve('RC4', { keySize: 128 }).name, 'RC4-128');
  assert.equal(kb.resolve('AES', { keySize: 128, mode: 'eax' }).primitive, 'ae');

  const pkcs1 = kb.resolve('RSA/ECB/PKCS1Padding', {});
  assert.equal(pkcs1.family, 'RSAES-PKCS1');
  assert.equal(pkcs1.primitive, 'pke');
  assert.equal(pkcs1.params.mode, undefined, 'JCA "ECB" is not a mode of RSA');
  assert.equal(kb.resolve('RSA', { padding: 'OAEP', keySize: 2048 }).family, 'RSAES-OAEP');
  assert.equal(kb.resolve('RSA', { padding: 'PKCS1Padding', keySize: 2048 }).name, 'RSA-PKCS1-1.5-2048');

  // NoPadding says nothing for GCM: the same identity as aes-256-gcm.
  assert.deepEqual(kb.resolve('AES/GCM/NoPadding', { keySize: 256 }).paramsNotInName, []);
  assert.deepEqual(kb.resolve('AES/GCM/NoPadding', { keySize: 256, ivLength: 96 }).paramsNotInName, ['ivLength']);

  const cmac = kb.resolve('AES', { keySize: 256, mode: 'CMAC' });
  assert.equal(cmac.name, 'AES-256-CMAC');
  assert.equal(cmac.primitive, 'mac');
  assert.equal(cmac.classicalSecurityBits, 128, 'CMAC is capped by its 128-bit tag');
});

test('unknown spellings stay unknown', () => {
  const r = kb.resolve('  FrobCipher ', { keySize: 128 });
  assert.equal(r.entry, null);
  assert.equal(r.primitive, 'unknown');
  assert.equal(r.name, 'FrobCipher');
  assert.equal(r.params.keySize, 128);
  assert.equal(r.nistQuantumLevel, null);
  assert.equal(kb.findAlgorithm('SHA'), undefined, 'SHA is ambiguous (SHA-0 or SHA-1) and deliberately absent');
});

test('JCA generators and an Argon2 of unknown variant are known, with no strength the spelling cannot fix', () => {
  for (const [spelling, name] of [['SHA1PRNG', 'SHA1PRNG'], ['NativePRNGNonBlocking', 'NativePRNG'], ['DRBG', 'Hash_DRBG']] as const) {
    const r = kb.resolve(spelling, {});
    assert.deepEqual([r.name, r.primitive, r.classicalSecurityBits, r.nistQuantumLevel], [name, 'drbg', null, null], spelling);
  }
  const argon2 = kb.resolve('Argon2', {});
  assert.deepEqual([argon2.name, argon2.primitive, argon2.entry?.generic], ['Argon2', 'kdf', true]);
  assert.equal(kb.resolve('Argon2id', {}).classicalSecurityBits, 256, 'a named variant keeps its figures');
});

test('OID lookups land on the entry and imply their parameters', () => {
  const rsaSha256 = kb.findByOid('1.2.840.113549.1.1.11');
  assert.equal(rsaSha256?.entry.name, 'RSA-PKCS1-1.5');
  assert.equal(rsaSha256?.impliedParams.hash, 'SHA-256');
  assert.equal(kb.findByOid('1.2.840.113549.1.1.1')?.entry.name, 'RSA');
  assert.equal(kb.findByOid('2.16.840.1.101.3.4.1.46')?.entry.name, 'AES-256');
  assert.equal(kb.findByOid('2.16.840.1.101.3.4.1.46')?.impliedParams.mode, 'GCM');
  assert.equal(kb.findByOid('1.2.840.10045.3.1.7')?.impliedParams.curve, 'P-256');
});

test('cipher-suite table: every TLS 1.3 suite, unique code points, resolvable components', () => {
  for (const [name, code] of [
    ['TLS_AES_128_GCM_SHA256', '0x01'], ['TLS_AES_256_GCM_SHA384', '0x02'], ['TLS_CHACHA20_POLY1305_SHA256', '0x03'],
    ['TLS_AES_128_CCM_SHA256', '0x04'], ['TLS_AES_128_CCM_8_SHA256', '0x05'],
  ] as const) {
    const s = kb.findCipherSuite(name);
    assert.deepEqual(s?.identifiers, ['0x13', code], name);
    assert.deepEqual(s?.versions, ['1.3']);
  }
  const codes = new Set<string>();
  for (const s of kb.cipherSuites) {
    assert.match(s.name, /^TLS_/);
    for (const b of s.identifiers) assert.match(b, /^0x[0-9A-F]{2}$/, s.name);
    const code = s.identifiers.join(',');
    assert.ok(!codes.has(code), `${code} twice`);
    codes.add(code);
    for (const c of [s.keyExchange, s.authentication, s.cipher, s.mac]) {
      if (c !== null) assert.ok(kb.resolve(c, {}).entry, `${s.name}: component '${c}' does not resolve`);
    }
  }
  assert.ok(kb.cipherSuites.length >= 60);
  const cbc = kb.findCipherSuite('DES-CBC3-SHA');
  assert.equal(cbc?.name, 'TLS_RSA_WITH_3DES_EDE_CBC_SHA');
  assert.equal(kb.findCipherSuite('SSL_RSA_WITH_3DES_EDE_CBC_SHA'), cbc, 'JSSE spelling');
  assert.equal(kb.findCipherSuite('EDH-RSA-DES-CBC3-SHA'), kb.findCipherSuite('DHE-RSA-DES-CBC3-SHA'), 'old and new OpenSSL names');
  assert.equal(kb.resolve(cbc!.cipher!, {}).entry?.family, '3DES');
  assert.equal(kb.resolve(kb.findCipherSuite('ECDHE-ECDSA-AES256-GCM-SHA384')!.cipher!, {}).name, 'AES-256-GCM');
  assert.equal(kb.findCipherSuite('TLS_RSA_WITH_RC4_128_MD5')?.cipher, 'RC4');
});

test('protocol versions: spellings from OpenSSL, Java, Go, Python, .NET', () => {
  const cases: [string, string | undefined, string][] = [
    ['TLSv1.2', undefined, 'TLS 1.2'], ['TLS1_2_VERSION', undefined, 'TLS 1.2'], ['tls.VersionTLS13', undefined, 'TLS 1.3'],
    ['PROTOCOL_TLSv1', undefined, 'TLS 1.0'], ['SslProtocols.Tls11', undefined, 'TLS 1.1'], ['SSLv3', undefined, 'SSL 3.0'],
    ['1.2', 'tls', 'TLS 1.2'], ['2.0', 'ssh', 'SSH 2.0'], ['DTLSv1.2', undefined, 'DTLS 1.2'],
  ];
  for (const [s, type, name] of cases) {
    assert.equal(kb.findProtocolVersion(s, type as 'tls' | 'ssh' | undefined)?.name, name, s);
  }
  assert.equal(kb.findProtocolVersion('1.0'), undefined, 'a bare 1.0 is ambiguous between TLS and SSH');
  assert.equal(kb.findProtocolVersion('TLSv1')?.status, 'deprecated');
  assert.equal(kb.findProtocolVersion('SSLv2')?.status, 'prohibited');
});

test('the knowledge base is built once and shared', () => {
  assert.equal(getKnowledgeBase(), kb);
});

test('JCA names seen on real code resolve: AESWrapPad, XDH, NONEwithRSA', () => {
  const kwp = kb.resolve('AESWrapPad', { keySize: 256 });
  assert.equal(kwp.name, 'AES-256-KWP');
  assert.equal(kwp.params.mode, 'KWP');
  assert.equal(kb.resolve('AESWrapPad', {}).name, 'AES-KWP');
  const xdh = kb.resolve('XDH', {});
  assert.equal(xdh.family, 'ECDH');
  assert.equal(xdh.primitive, 'key-agree');
  assert.deepEqual(xdh.unknownParams, ['curve']);
  assert.equal(kb.resolve('XDH', { curve: 'X25519' }).name, 'X25519');
  const raw = kb.resolve('NONEwithRSA', { keySize: 2048 });
  assert.equal(raw.family, 'RSASSA-PKCS1');
  assert.equal(raw.classicalSecurityBits, 112);
});

test('the OIW sha1WithRSASignature OID of old certificates resolves to PKCS#1 v1.5 with SHA-1', () => {
  const r = kb.resolve('1.3.14.3.2.29', {});
  assert.equal(r.name, 'RSA-PKCS1-1.5-SHA-1');
  assert.equal(r.primitive, 'signature');
});

test('a BLAKE2 output length names the variant; a length without an entry keeps the spelled one', () => {
  const cases: [string, Record<string, unknown>, string, number | null][] = [
    ['BLAKE2b', { outputLength: 256 }, 'BLAKE2b-256', 128],
    ['BLAKE2b', { outputLength: 128 }, 'BLAKE2b-128', 64],
    ['BLAKE2s', { outputLength: 128 }, 'BLAKE2s-128', 64],
    ['BLAKE2s', { outputLength: 160 }, 'BLAKE2s-160', 80],
    ['BLAKE2s', { outputLength: 256 }, 'BLAKE2s-256', 128],
    ['BLAKE2b-512', { outputLength: 384 }, 'BLAKE2b-384', 192],
    ['BLAKE2b', {}, 'BLAKE2b-512', 256],
    ['BLAKE2b', { outputLength: 224 }, 'BLAKE2b-512', 256],
  ];
  for (const [spelling, params, name, bits] of cases) {
    const r = kb.resolve(spelling, params);
    assert.deepEqual([r.name, r.primitive, r.classicalSecurityBits], [name, 'hash', bits], `${spelling} ${JSON.stringify(params)}`);
  }
  // BLAKE2b-256 and BLAKE2s-256 share family and length: the spelled variant decides.
  assert.equal(kb.resolve('BLAKE2s', { outputLength: 256 }).entry?.name, 'BLAKE2s-256');
  assert.equal(kb.resolve('BLAKE2b', { outputLength: 256 }).entry?.name, 'BLAKE2b-256');
});

test('ciphers, MACs and hashes outside NIST: registry names where the registry has the family, levels by the table rules', () => {
  const expect: [string, Record<string, unknown>, string, number | null, number | null][] = [
    ['Twofish', { keySize: 256, mode: 'CBC', padding: 'PKCS7' }, 'Twofish-256-CBC-PKCS7', 256, 5],
    ['Serpent', { keySize: 128 }, 'Serpent-128', 128, 1],
    ['RC6', { keySize: 192 }, 'RC6-192', 192, 3],
    ['CAST-256', { keySize: 256, mode: 'CBC' }, 'CAST6-256-CBC', 256, 5],
    ['Camellia', { keySize: 192, mode: 'CBC' }, 'CAMELLIA-192-CBC', 192, 3],
    ['ARIA', { keySize: 256 }, 'ARIA-256', 256, 5],
    ['Skipjack', {}, 'Skipjack', 80, 0],
    ['GOST28147', { mode: 'CFB' }, 'GOST28147-CFB', 192, 0],
    ['GOST R 34.12-2015', { mode: 'CTR' }, 'Kuznyechik-CTR', 256, 5],
    ['Magma', {}, 'Magma', 192, 0],
    ['GOST R 34.11-94', {}, 'GOSTR3411', 105, 0],
    ['GOST3411-2012-512', {}, 'Streebog-512', 256, 5],
    ['GOST28147_MAC', {}, 'GOST28147_MAC', 32, 0],
    ['Kalyna', { keySize: 256, mode: 'GMAC' }, 'Kalyna-256-GMAC', 256, 5],
    ['DSTU7564-384', {}, 'Kupyna-384', 192, 4],
    ['Skein-512-256', {}, 'Skein-512-256', 128, 2],
    ['Threefish-1024', {}, 'Threefish-1024', 1024, 5],
    ['Tiger', {}, 'Tiger', 96, 0],
    ['HC-128', {}, 'HC-128', 128, 1],
    ['Rabbit', {}, 'RABBIT', 128, 1],
    ['ZUC-128', {}, '128-EEA3', 128, 1],
    ['EIA3', {}, '128-EIA3', 32, 0],
    ['ZUC-256', {}, 'ZUC-256', 256, 5],
    ['VMPC-KSA3', {}, 'VMPC', 40, 0],
    ['Grain-128AEAD', {}, 'Grain-128AEAD', 128, 1],
    ['Ascon-AEAD128', {}, 'Ascon-AEAD128', 128, 1],
    ['Ascon-Hash256', {}, 'Ascon-Hash256', 128, 2],
    ['Ascon-XOF128', {}, 'Ascon-XOF128', 128, 2],
    ['Ascon-128a', {}, 'Ascon-128a', 128, 1],
    ['SipHash128', {}, 'SipHash128-2-4', 128, 1],
    ['DESMAC', {}, 'DES-CBC-MAC', 56, 0],
    ['ISO9797ALG3MAC', {}, 'ISO9797-1-MAC3', 56, 0],
  ];
  for (const [spelling, params, name, bits, level] of expect) {
    const r = kb.resolve(spelling, params);
    assert.deepEqual([r.name, r.classicalSecurityBits, r.nistQuantumLevel], [name, bits, level], spelling);
    const patterns = familyPatterns.get(r.family);
    if (r.entry?.registryPattern) assert.ok(patterns?.some((p) => p.test(r.name)), `${r.name} vs ${r.family}`);
  }
  assert.deepEqual(kb.resolve('Twofish', {}).unknownParams, ['keySize'], 'no guessed key size');
  assert.equal(kb.resolve('DESMAC', {}).broken, true);
  assert.equal(kb.resolve('Ascon-128', {}).deprecated?.includes('SP 800-232'), true);
});

test('RSA and EC schemes outside PKCS #1: levels from the key, their own deprecation kept', () => {
  const x931 = kb.resolve('RSA-X9.31', { hash: 'SHA-256', keySize: 3072 });
  assert.deepEqual([x931.name, x931.family, x931.classicalSecurityBits, x931.nistQuantumLevel], ['RSA-X9.31-SHA-256-3072', 'RSA-X931', 128, 0]);
  assert.match(x931.deprecated ?? '', /FIPS 186-5/);
  assert.ok(familyPatterns.get('RSA-X931')!.some((p) => p.test(x931.name)));
  assert.deepEqual(kb.resolve('RSA-X9.31', {}).unknownParams, ['keySize']);
  const iso1 = kb.resolve('RSA-ISO9796-1', { keySize: 2048 });
  assert.deepEqual([iso1.name, iso1.broken], ['RSA-ISO9796-1-2048', true]);
  assert.equal(kb.resolve('RSA-ISO9796-2', { hash: 'SHA-1' }).name, 'RSA-ISO9796-2-SHA-1');
  const kem = kb.resolve('RSA-KEM', { keySize: 2048 });
  assert.deepEqual([kem.name, kem.primitive, kem.classicalSecurityBits, kem.oid], ['RSA-KEM-2048', 'kem', 112, '1.2.840.113549.1.9.16.3.14']);
  const ecies = kb.resolve('ECIES-KEM', { curve: 'secp256r1' });
  assert.deepEqual([ecies.name, ecies.family, ecies.classicalSecurityBits, ecies.nistQuantumLevel], ['ECIES-P256', 'ECIES', 128, 0]);
  assert.deepEqual(kb.resolve('ECIES', {}).unknownParams, ['curve']);
  assert.equal(kb.resolve('DHIES', { keySize: 2048 }).classicalSecurityBits, 112);
  assert.equal(kb.resolve('GOSTR3410', {}).nistQuantumLevel, 0);
});

test('KDFs named by their hash and PQC families narrowed by parameter set', () => {
  const cases: [string, Record<string, unknown>, string, number | null][] = [
    ['SP800_108_CounterKDF', { hash: 'SHA-256' }, 'SP800_108_CounterKDF-HMAC-SHA-256', 256],
    ['SP800_108_FeedbackKDF', { hash: 'SHA-512' }, 'SP800_108_FeedbackKDF-HMAC-SHA-512', null],
    ['SP800_108_DoublePipelineKDF', { hash: 'SHA-256' }, 'SP800_108_DoublePipelineKDF-HMAC-SHA-256', 256],
    ['ANSI-KDF-X9.63', { hash: 'SHA-256' }, 'ANSI-KDF-X9.63-SHA-256', null],
    ['SP800_56C_OneStep', { hash: 'SHA-256' }, 'SP800_56C_OneStep-SHA-256', null],
    ['PBKDF1', { hash: 'MD5' }, 'PBKDF1-MD5', 64],
    ['EVP_BytesToKey', { hash: 'MD5' }, 'EVP_BytesToKey-MD5', 64],
    ['EVP_BytesToKey', { hash: 'SHA-256' }, 'EVP_BytesToKey-SHA-256', null],
    ['MGF1', { hash: 'SHA-1' }, 'MGF1-SHA-1', null],
    ['BIKE', { parameterSet: 'L3' }, 'BIKE-L3', 192],
    ['HQC', { parameterSet: '256' }, 'HQC-256', 256],
    ['FrodoKEM', { parameterSet: '976' }, 'FrodoKEM-976', 192],
    ['Classic-McEliece', { parameterSet: '348864' }, 'Classic-McEliece-348864', 128],
  ];
  for (const [spelling, params, name, bits] of cases) {
    const r = kb.resolve(spelling, params);
    assert.deepEqual([r.name, r.classicalSecurityBits], [name, bits], spelling);
    const patterns = familyPatterns.get(r.family);
    if (patterns && r.entry?.registryPattern) assert.ok(patterns.some((p) => p.test(r.name)), `${r.name} vs ${r.family}`);
  }
  assert.deepEqual(kb.resolve('HQC', {}).unknownParams, ['parameterSet']);
});

test('cipher suites outside the table are read from their IANA names; other names are no suite', () => {
  const anon = kb.findCipherSuite('TLS_DH_anon_WITH_AES_128_GCM_SHA256');
  assert.deepEqual(anon && [anon.keyExchange, anon.authentication, anon.cipher, anon.mac, anon.versions], ['DHE', null, 'AES-128-GCM', 'SHA-256', ['1.2']]);
  assert.equal(kb.findCipherSuite('ssl_dh_anon_with_aes_128_gcm_sha256'), anon, 'JSSE prefix and any case: the same suite');
  const ecdh = kb.findCipherSuite('TLS_ECDH_RSA_WITH_AES_128_CBC_SHA');
  assert.deepEqual(ecdh && [ecdh.keyExchange, ecdh.authentication, ecdh.cipher, ecdh.mac], ['ECDH', 'RSA', 'AES-128-CBC', 'HMAC-SHA-1']);
  assert.equal(kb.findCipherSuite('TLS_PSK_WITH_AES_256_CCM_8')?.mac, 'SHA-256');
  assert.deepEqual(kb.findCipherSuite('TLS_DH_anon_EXPORT_WITH_RC4_40_MD5')?.versions, ['SSL3.0', '1.0']);
  for (const c of ['TLS_DH_anon_WITH_AES_128_GCM_SHA256', 'TLS_DHE_DSS_WITH_CAMELLIA_256_GCM_SHA384', 'TLS_RSA_WITH_ARIA_256_CBC_SHA384', 'TLS_DH_RSA_WITH_SEED_CBC_SHA']) {
    const s = kb.findCipherSuite(c)!;
    for (const part of [s.keyExchange, s.authentication, s.cipher, s.mac]) if (part !== null) assert.ok(kb.resolve(part, {}).entry, `${c}: ${part}`);
  }
  for (const n of ['TLS_FALLBACK_SCSV', 'TLS_EMPTY_RENEGOTIATION_INFO_SCSV', 'TLS_KRB5_WITH_RC4_128_SHA', 'TLS_RSA_WITH_AES_128_GCM', 'TLS_RSA_WITH_AES_128_GCM_MD5', 'TLS_RSA_WITH_TWOFISH_CBC_SHA', 'HMAC_SHA256']) {
    assert.equal(kb.findCipherSuite(n), undefined, n);
  }
});

test('older named curves: SEC 2 v1.0, X9.62, Brainpool twists and WTLS, with the names code uses and their OIDs', () => {
  const cases: [string, string, number, number, string][] = [
    // spelling, KB curve, field bits, classical bits, OID
    ['secp112r1', 'secp112r1', 112, 56, '1.3.132.0.6'],
    ['wap-wsg-idm-ecid-wtls6', 'secp112r1', 112, 56, '1.3.132.0.6'],
    ['secp128r2', 'secp128r2', 128, 63, '1.3.132.0.29'],
    ['BCRYPT_ECC_CURVE_SECP160K1', 'secp160k1', 160, 80, '1.3.132.0.9'],
    ['ansip160r1', 'secp160r1', 160, 80, '1.3.132.0.8'],
    ['secP192k1', 'secp192k1', 192, 80, '1.3.132.0.31'],
    ['NID_secp224k1', 'secp224k1', 224, 112, '1.3.132.0.32'],
    ['sect113r1', 'sect113r1', 113, 56, '1.3.132.0.4'],
    ['sect131r2', 'sect131r2', 131, 65, '1.3.132.0.23'],
    ['K-163', 'sect163k1', 163, 80, '1.3.132.0.1'],
    ['NIST B-163', 'sect163r2', 163, 80, '1.3.132.0.15'],
    ['ec.SECT163R1', 'sect163r1', 163, 80, '1.3.132.0.2'],
    ['sect193r1', 'sect193r1', 193, 80, '1.3.132.0.24'],
    ['K-233', 'sect233k1', 233, 112, '1.3.132.0.26'],
    ['B-283', 'sect283r1', 283, 128, '1.3.132.0.17'],
    ['K-409', 'sect409k1', 409, 192, '1.3.132.0.36'],
    ['B-571', 'sect571r1', 571, 256, '1.3.132.0.39'],
    ['X9.62 prime239v1', 'prime239v1', 239, 112, '1.2.840.10045.3.1.4'],
    ['BCRYPT_ECC_CURVE_X962P192V2', 'prime192v2', 192, 80, '1.2.840.10045.3.1.2'],
    ['c2pnb176v1', 'c2pnb176w1', 176, 80, '1.2.840.10045.3.0.4'],
    ['NID_X9_62_c2tnb191v1', 'c2tnb191v1', 191, 80, '1.2.840.10045.3.0.5'],
    ['c2tnb431r1', 'c2tnb431r1', 431, 192, '1.2.840.10045.3.0.20'],
    ['brainpoolP160r1', 'brainpoolP160r1', 160, 80, '1.3.36.3.3.2.8.1.1.1'],
    ['BCRYPT_ECC_CURVE_BRAINPOOLP192T1', 'brainpoolP192t1', 192, 80, '1.3.36.3.3.2.8.1.1.4'],
    ['brainpoolP256t1', 'brainpoolP256t1', 256, 128, '1.3.36.3.3.2.8.1.1.8'],
    ['wtls7', 'wap-wsg-idm-ecid-wtls7', 160, 80, '2.23.43.1.4.7'],
  ];
  for (const [spelling, name, bits, classical, oid] of cases) {
    const c = kb.findCurve(spelling);
    assert.deepEqual(c && [c.name, c.bits, c.classicalSecurityBits, c.nistQuantumLevel, c.oid], [name, bits, classical, 0, oid], spelling);
    assert.equal(kb.findByOid(oid)?.impliedParams.curve, name, oid);
  }
  const k163 = kb.resolve('ECDSA', { curve: 'K-163' });
  assert.deepEqual([k163.name, k163.params.curve, k163.classicalSecurityBits, k163.unknownParams], ['ECDSA-sect163k1', 'sect163k1', 80, []]);
  assert.equal(kb.resolve('secp160r1', {}).name, 'ECDSA-secp160r1', 'a bare curve names an EC key on it');
  assert.equal(kb.resolveGroup('sect283k1').name, 'ECDH-sect283k1');
});

test('every curve has OpenSSL\'s field size and an order-based level (SP 800-57 tiers, half the order under 160 bits)', () => {
  const openssl = new Set(getCurves());
  let checked = 0;
  for (const c of kb.curves) {
    if (!c.oid || !openssl.has(c.name === 'c2pnb176w1' ? 'c2pnb176v1' : c.name)) continue;
    const der = generateKeyPairSync('ec', { namedCurve: c.name === 'c2pnb176w1' ? 'c2pnb176v1' : c.name, paramEncoding: 'explicit' }).publicKey.export({ type: 'spki', format: 'der' });
    const spec = AsnConvert.parse(AsnConvert.parse(der, SubjectPublicKeyInfo).algorithm.parameters!, ECParameters).specifiedCurve!;
    const prime = spec.fieldID.fieldType === '1.2.840.10045.1.1';
    const field = fromBER(spec.fieldID.parameters).result as unknown as { valueBlock: { valueHexView: Uint8Array; value: { valueBlock: { valueDec: number } }[] } };
    const fieldBits = prime ? bitLength(field.valueBlock.valueHexView) : field.valueBlock.value[0]!.valueBlock.valueDec;
    const order = bitLength(new Uint8Array(spec.order));
    const tier = order >= 512 ? 256 : order >= 384 ? 192 : order >= 256 ? 128 : order >= 224 ? 112 : order >= 160 ? 80 : Math.floor(order / 2);
    assert.equal(c.bits, fieldBits, `${c.name} field`);
    assert.equal(c.classicalSecurityBits, tier, `${c.name} level from its ${order}-bit order`);
    checked++;
  }
  assert.ok(checked >= 65, `only ${checked} curves checked`);
});
