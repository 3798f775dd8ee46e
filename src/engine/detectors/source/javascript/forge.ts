// node-forge: key generation, message digests, ciphers, PBKDF2, HMAC, the RSA key objects' operations,
// certificate and CSR signatures, password-based private-key and PKCS#12 encryption, and forge's own
// TLS. Methods of forge objects are named through the call that made the object (JsAdapter.qualify:
// `cert.sign` after `const cert = forge.pki.createCertificate()` is
// `node-forge:pki.createCertificate().sign`). Defaults are node-forge's (lib/*.js, 1.x): PKCS#1 v1.5
// for RSA encryption and signatures, SHA-1 for certificate signatures, OAEP, PBKDF2 and HMAC, AES-128
// and 2,048 iterations for encrypted private keys, 2,048-bit RSA keys, TLS 1.0/1.1 only.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams } from '../../../inventory/model.js';
import { JsFile } from './file.js';
import type { CallHandler } from './node-crypto.js';
import { digestName } from './names.js';
import { FUNCTION_KINDS, argsOf } from './resolve.js';
import { returnsTrue } from './tls.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';

const bits = (bytes: number | undefined): number | undefined => (bytes === undefined ? undefined : bytes * 8);

const FORGE_MD: Readonly<Record<string, string>> = {
  md5: 'MD5', sha1: 'SHA-1', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512',
  'sha512.sha384': 'SHA-384', 'sha512.sha224': 'SHA-512/224', 'sha512.sha256': 'SHA-512/256',
};

/**
 * The hash of a forge message digest: an md object (`forge.md.sha256.create()`, written there or held
 * in a name), or a digest name (`'sha256'`) where forge also takes one (PBKDF2, HMAC).
 */
function forgeHash(f: JsFile, node: SgNode | undefined): string | undefined {
  const name = f.str(node);
  if (name !== undefined) return digestName(name);
  const p = f.producer(node);
  const m = p ? /^node-forge:md\.(.+)\.create$/.exec(p.callee) : null;
  return m ? FORGE_MD[m[1]!] : undefined;
}

/** `pki.rsa.generateKeyPair(bits | { bits }, …)`: the size asked for, 2,048 bits when the call leaves it out. */
function generatedSize(f: JsFile, args: SgNode[]): number | undefined {
  const first = args[0];
  if (!first || FUNCTION_KINDS.has(first.kind() as string)) return 2048;
  const opts = f.props(first);
  if (opts) return opts.has('bits') ? f.int(opts.get('bits')) : 2048;
  return f.int(first);
}

/** Size of an RSA key object when the file generated it (`pair.privateKey`, `const { privateKey } = …`). */
function rsaKeySize(f: JsFile, key: SgNode | undefined): number | undefined {
  const p = f.producer(key);
  if (p?.callee !== 'node-forge:pki.rsa.generateKeyPair') return undefined;
  return generatedSize(f, argsOf(p.call).positional);
}

/** An optional argument left out, or passed as `undefined` (forge's default; `null` is a value of its own). */
function leftOut(node: SgNode | undefined): boolean {
  return !node || node.text() === 'undefined';
}

/** Options of a call, `{}` when left out, undefined when not an object literal the file writes. */
function optionsAt(f: JsFile, args: SgNode[], at: number): Map<string, SgNode> | undefined {
  return leftOut(args[at]) ? new Map<string, SgNode>() : f.props(args[at]);
}

/** The object a method is called on: `cert` in `cert.sign(…)`. */
function receiver(call: SgNode): SgNode | undefined {
  return call.field('function')?.field('object') ?? undefined;
}

// ---------------------------------------------------------------- RSA key objects

/**
 * A signature scheme argument of `privateKey.sign(md, scheme)`/`publicKey.verify(digest, sig, scheme)`:
 * PKCS#1 v1.5 when left out or named, PSS for a `forge.pss.create({ md, … })` object (or the older
 * `pss.create(md, mgf, saltLength)`), whose md is the hash; `'NONE'`/`null` leave the encoding to the
 * caller. Undefined padding: not readable.
 */
function signatureScheme(f: JsFile, node: SgNode | undefined): { padding?: 'PKCS1v15' | 'PSS' | 'raw'; hash?: string } {
  if (leftOut(node)) return { padding: 'PKCS1v15' };
  const v = f.eval(node);
  if (v.kind === 'none') return { padding: 'raw' };
  if (v.kind === 'str') {
    const s = v.value.toUpperCase();
    return s === 'RSASSA-PKCS1-V1_5' ? { padding: 'PKCS1v15' } : s === 'NONE' || s === 'NULL' ? { padding: 'raw' } : {};
  }
  const p = f.producer(node);
  if (p?.callee !== 'node-forge:pss.create') return {};
  const pssArgs = argsOf(p.call).positional;
  const opts = f.props(pssArgs[0]);
  return { padding: 'PSS', hash: forgeHash(f, opts ? opts.get('md') : pssArgs[0]) };
}

/** A signature made or checked with an RSA key: PKCS#1 v1.5 or PSS with the hash given, key size when known. */
function rsaSignature(f: JsFile, call: SgNode, callee: string, fn: 'sign' | 'verify', scheme: { padding?: string; hash?: string }, keySize: number | undefined): void {
  const { padding, hash } = scheme;
  if (padding === 'raw' || padding === undefined) {
    // The caller encodes the digest itself, or the scheme cannot be read: an RSA signature all the same.
    f.algorithm(call, callee, { spelling: 'RSA', params: { keySize }, unresolved: ['keySize', 'padding'], functions: [fn] });
    return;
  }
  // Named as the signature scheme: RSA with PKCS#1 v1.5 padding and no hash would read as encryption.
  f.algorithm(call, callee, {
    spelling: padding === 'PSS' ? 'RSA' : 'RSASSA-PKCS1-v1_5',
    params: { keySize, hash, ...(padding === 'PSS' ? { padding: 'PSS' } : {}) },
    unresolved: ['keySize', 'hash'],
    functions: [fn],
  });
}

/** `privateKey.sign(md, scheme)`: the md's hash (else a PSS object's), PKCS#1 v1.5 unless the scheme says otherwise. */
const keySign: CallHandler = (f, call, callee, args) => {
  const scheme = signatureScheme(f, args[1]);
  rsaSignature(f, call, callee, 'sign', { padding: scheme.padding, hash: forgeHash(f, args[0]) ?? scheme.hash }, rsaKeySize(f, receiver(call)));
};

/** `publicKey.verify(digestBytes, signature, scheme)`: the digest is bytes, so the hash is the PSS object's or unknown. */
const keyVerify: CallHandler = (f, call, callee, args) => {
  rsaSignature(f, call, callee, 'verify', signatureScheme(f, args[2]), rsaKeySize(f, receiver(call)));
};

/**
 * `publicKey.encrypt(data, scheme, options)`/`privateKey.decrypt(…)`: RSAES-PKCS1-V1_5 when the scheme
 * is left out (a finding), `'RSA-OAEP'` with `options.md` (SHA-1 when left out), `'RAW'`/`'NONE'`/`null`
 * no padding.
 */
const keyCrypt = (fn: 'encrypt' | 'decrypt'): CallHandler => (f, call, callee, args) => {
  const keySize = rsaKeySize(f, receiver(call));
  const v = leftOut(args[1]) ? undefined : f.eval(args[1]);
  const s = v === undefined ? 'RSAES-PKCS1-V1_5' : v.kind === 'none' ? 'RAW' : v.kind === 'str' ? v.value.toUpperCase() : undefined;
  const params: AlgorithmParams = { keySize };
  if (s === 'RSAES-PKCS1-V1_5') params.padding = 'PKCS1v15';
  else if (s === 'RSA-OAEP' || s === 'RSAES-OAEP') {
    const opts = optionsAt(f, args, 2);
    params.padding = 'OAEP';
    params.hash = !opts ? undefined : opts.has('md') ? forgeHash(f, opts.get('md')) : 'SHA-1';
  } else if (s === 'RAW' || s === 'NONE' || s === 'NULL') params.padding = 'NoPadding';
  f.algorithm(call, callee, { spelling: 'RSA', params, unresolved: ['keySize', 'padding', ...(params.padding === 'OAEP' ? (['hash'] as const) : [])], functions: [fn] });
};

/** Calls whose result is a forge RSA private or public key (forge's PEM/ASN.1 readers take RSA keys only). */
const PRIVATE_KEYS = ['pki.privateKeyFromPem()', 'pki.privateKeyFromAsn1()', 'pki.decryptRsaPrivateKey()', 'pki.rsa.setPrivateKey()', 'pki.setRsaPrivateKey()', 'pki.rsa.generateKeyPair().privateKey'];
const PUBLIC_KEYS = ['pki.publicKeyFromPem()', 'pki.publicKeyFromAsn1()', 'pki.rsa.setPublicKey()', 'pki.setRsaPublicKey()', 'pki.rsa.generateKeyPair().publicKey', 'pki.certificateFromPem().publicKey'];

// ---------------------------------------------------------------- certificates and requests

/**
 * `cert.sign(key, md)`/`csr.sign(key, md)`: forge signs certificates and requests with RSA PKCS#1 v1.5,
 * with SHA-1 when no md is given; the key's size when the file generated it.
 */
const certSign: CallHandler = (f, call, callee, args) => {
  const hash = leftOut(args[1]) ? 'SHA-1' : forgeHash(f, args[1]);
  rsaSignature(f, call, callee, 'sign', { padding: 'PKCS1v15', hash }, rsaKeySize(f, args[0]));
};

const CERTIFICATES = ['pki.createCertificate()', 'pki.createCertificationRequest()', 'pki.certificateFromPem()', 'pki.certificationRequestFromPem()'];

// ---------------------------------------------------------------- message digests

/**
 * Calls that read an md object handed to them and report its hash with their own algorithm: the md is
 * not a digest of its own there (PBKDF2-SHA-256, an RSA signature with SHA-256, HMAC-SHA-1, OAEP's md).
 */
const MD_READERS = new Set([
  'node-forge:pkcs5.pbkdf2',
  'node-forge:hmac.create().start',
  ...PRIVATE_KEYS.map((k) => `node-forge:${k}.sign`),
  ...PUBLIC_KEYS.map((k) => `node-forge:${k}.encrypt`),
  ...PRIVATE_KEYS.map((k) => `node-forge:${k}.decrypt`),
  ...CERTIFICATES.map((k) => `node-forge:${k}.sign`),
]);

/**
 * The call an md object is handed to, directly or in its options (`{ md: …, mgf1: { md: … } }`), with the
 * argument position it takes there.
 */
function consumerOf(call: SgNode): { call: SgNode; at: number } | undefined {
  let node = call;
  for (let depth = 0; depth < 4; depth++) {
    const parent = node.parent();
    const pk = parent?.kind() as string | undefined;
    if (pk === 'arguments') {
      const outer = parent!.parent();
      if ((outer?.kind() as string) !== 'call_expression') return undefined;
      const at = parent!.namedChildren().filter((c) => (c.kind() as string) !== 'comment').findIndex((c) => c.id() === node.id());
      return { call: outer!, at };
    }
    if (pk !== 'pair' || parent!.field('value')?.id() !== node.id()) return undefined;
    const obj = parent!.parent();
    if (!obj) return undefined;
    node = obj;
  }
  return undefined;
}

/**
 * `forge.md.sha1.create()`: a digest where it is made, unless it goes straight into a call that reports
 * it (MD_READERS). Handed to `.sign` of an object the file cannot name (a parameter), the md itself
 * says which forge API that is: `x.sign(md)` is an RSA key's (one md argument first), `x.sign(key, md)`
 * a certificate's or request's; nothing else in forge or elsewhere signs with a forge md object.
 */
const mdCreate = (hash: string): CallHandler => (f, call, callee) => {
  const consumer = consumerOf(call);
  if (consumer) {
    const fn = consumer.call.field('function');
    const q = f.adapter.qualify(fn) ?? '';
    if (MD_READERS.has(q)) return;
    const isSign = (fn?.kind() as string) === 'member_expression' && fn!.field('property')?.text() === 'sign' && !q.includes(':');
    const outerArgs = argsOf(consumer.call).positional;
    if (isSign && consumer.at === 0 && outerArgs.length <= 2) {
      keySign(f, consumer.call, 'node-forge:.sign', outerArgs);
      return;
    }
    if (isSign && consumer.at === 1 && outerArgs.length === 2) {
      certSign(f, consumer.call, 'node-forge:.sign', outerArgs);
      return;
    }
  }
  f.algorithm(call, callee, { spelling: hash, functions: ['digest'] });
};

/** `hmac.start(md, key)` on `forge.hmac.create()`: md an object or a name (`'sha1'`); `null` keeps the previous one. */
const hmacStart: CallHandler = (f, call, callee, args) => {
  if (f.eval(args[0]).kind === 'none') return;
  const hash = forgeHash(f, args[0]);
  f.algorithm(call, callee, { spelling: hash ? `HMAC-${hash}` : 'HMAC', params: { hash }, unresolved: ['hash'], functions: ['tag'] });
  if (f.literalSecret(args[1])) f.signal(call, callee, 'hardcoded-key', 'HMAC key is written in the source');
};

// ---------------------------------------------------------------- ciphers and PBKDF2

/**
 * The cipher `cipher.createCipher(name, key)` makes: algorithm and mode from the name (`AES-GCM`,
 * `3DES-CBC`, `DES-ECB`), AES's size from the key's length (`random.getBytesSync(32)`,
 * `pkcs5.pbkdf2(…, 32)`). Undefined for a name forge does not have or the file does not state.
 */
function cipherOf(f: JsFile, args: SgNode[]): { spelling: string; params: AlgorithmParams } | undefined {
  const name = f.str(args[0]);
  const m = name ? /^(AES|3DES|DES)-(ECB|CBC|CFB|OFB|CTR|GCM)$/i.exec(name) : null;
  if (!m) return undefined;
  const spelling = m[1]!.toUpperCase();
  const params: AlgorithmParams = { mode: m[2]!.toUpperCase() };
  if (spelling === 'AES') {
    const keyBits = bits(f.byteLength(args[1]));
    if (keyBits === 128 || keyBits === 192 || keyBits === 256) params.keySize = keyBits;
  }
  return { spelling, params };
}

const createCipher = (fn: 'encrypt' | 'decrypt'): CallHandler => (f, call, callee, args) => {
  const cipher = cipherOf(f, args);
  if (!cipher) return;
  f.algorithm(call, callee, { ...cipher, unresolved: cipher.spelling === 'AES' ? ['keySize'] : [], functions: [fn] });
  if (f.literalSecret(args[1])) f.signal(call, callee, 'hardcoded-key', `${cipher.spelling} key is written in the source`);
};

/** `cipher.start({ iv })` on a cipher from `createCipher(name, key)`: an IV written in the source is static (except in ECB). */
const cipherStart: CallHandler = (f, call, callee, args) => {
  const iv = f.props(args[0])?.get('iv');
  if (!iv || !f.constantBytes(iv)) return;
  const made = f.producer(receiver(call));
  const cipher = made ? cipherOf(f, argsOf(made.call).positional) : undefined;
  if (!cipher || cipher.params.mode === 'ECB') return;
  f.signal(call, callee, 'static-iv', `${cipher.spelling}-${cipher.params.mode} IV is a constant in the source`, cipher);
};

/** `pkcs5.pbkdf2(password, salt, iterations, keySize, md)`: md an object or a name, SHA-1 when left out (or a callback takes its place). */
const pbkdf2: CallHandler = (f, call, callee, args) => {
  const hash = args[4] && !FUNCTION_KINDS.has(args[4].kind() as string) ? forgeHash(f, args[4]) : 'SHA-1';
  f.algorithm(call, callee, {
    spelling: hash ? `PBKDF2-${hash}` : 'PBKDF2',
    params: { hash, iterations: f.int(args[2]), outputLength: bits(f.int(args[3])) },
    unresolved: ['hash', 'iterations', 'outputLength'],
    functions: ['keyderive'],
  });
  if (f.literalSecret(args[0])) f.signal(call, callee, 'hardcoded-password', 'PBKDF2 password is written in the source');
};

// ---------------------------------------------------------------- encrypted private keys, PKCS#12

/** forge's private-key encryption algorithms (`options.algorithm`): AES key sizes, DES. */
const PBE_CIPHERS: Readonly<Record<string, { spelling: string; keySize?: number; bytes: number }>> = {
  aes128: { spelling: 'AES', keySize: 128, bytes: 16 },
  aes192: { spelling: 'AES', keySize: 192, bytes: 24 },
  aes256: { spelling: 'AES', keySize: 256, bytes: 32 },
  des: { spelling: 'DES', bytes: 8 },
  '3des': { spelling: '3DES', bytes: 24 },
};

/**
 * A private key encrypted with a password (`pki.encryptPrivateKeyInfo`, which `encryptRsaPrivateKey` and
 * `pkcs12.toPkcs12Asn1` call): `algorithm` aes128 (the default), aes192, aes256 or des is PBES2, PBKDF2
 * with HMAC-`prfAlgorithm` (SHA-1 by default) over `count` iterations (2,048) and the cipher in CBC
 * mode; 3des is PKCS#12's pbeWithSHAAnd3-KeyTripleDES-CBC. `legacy: true` (encryptRsaPrivateKey only)
 * is OpenSSL's old PEM encryption: EVP_BytesToKey (one MD5 iteration) and the cipher, which has no
 * default there. Options the file does not write as an object leave the cipher unknown.
 */
function privateKeyEncryption(f: JsFile, call: SgNode, callee: string, opts: Map<string, SgNode> | undefined, algorithm: SgNode | undefined, legacyAllowed: boolean): void {
  if (!opts) {
    f.algorithm(call, callee, { spelling: unresolvedSpelling('cipher'), functions: ['encrypt'] });
    return;
  }
  const legacyNode = legacyAllowed ? opts.get('legacy') : undefined;
  const legacy = legacyNode ? f.eval(legacyNode) : { kind: 'bool' as const, value: false };
  const isLegacy = legacy.kind === 'bool' && legacy.value;
  const alg = algorithm ? f.str(algorithm)?.toLowerCase() : isLegacy ? undefined : 'aes128';
  const cipher = alg ? PBE_CIPHERS[alg] : undefined;
  if (isLegacy) {
    f.algorithm(call, callee, { spelling: 'EVP_BytesToKey', params: { hash: 'MD5', iterations: 1 }, functions: ['keyderive'] });
  } else if (legacy.kind === 'bool') {
    if (alg === '3des') {
      f.algorithm(call, callee, { spelling: 'pbeWithSHAAnd3-KeyTripleDES-CBC', functions: ['encrypt'] });
      return;
    }
    const prf = opts.get('prfAlgorithm');
    const hash = prf ? digestName(f.str(prf)) : 'SHA-1';
    const count = opts.get('count');
    f.algorithm(call, callee, {
      spelling: hash ? `PBKDF2-${hash}` : 'PBKDF2',
      params: { hash, iterations: count ? f.int(count) : 2048, outputLength: bits(cipher?.bytes) },
      unresolved: ['hash', 'iterations', 'outputLength'],
      functions: ['keyderive'],
    });
  }
  if (!cipher) {
    f.algorithm(call, callee, { spelling: unresolvedSpelling('cipher'), functions: ['encrypt'] });
    return;
  }
  f.algorithm(call, callee, {
    spelling: cipher.spelling,
    params: { mode: 'CBC', ...(cipher.keySize ? { keySize: cipher.keySize } : {}) },
    functions: ['encrypt'],
  });
}

/** `pki.encryptRsaPrivateKey(key, password, options)`, `pki.encryptPrivateKeyInfo(info, password, options)`. */
const encryptPrivateKey = (legacyAllowed: boolean): CallHandler => (f, call, callee, args) => {
  const opts = optionsAt(f, args, 2);
  privateKeyEncryption(f, call, callee, opts, opts?.get('algorithm'), legacyAllowed);
  if (f.literalSecret(args[1])) f.signal(call, callee, 'hardcoded-password', 'Private-key password is written in the source');
};

/**
 * `pkcs12.toPkcs12Asn1(key, certs, password, options)`: the key encrypted as encryptPrivateKeyInfo
 * does (`algorithm`, or `encAlgorithm`), unless the key or the password is `null` (certificates are
 * not encrypted), and the file authenticated with HMAC-SHA-1 (keyed by PKCS#12's SHA-1 KDF) unless
 * `useMac: false`.
 */
const toPkcs12: CallHandler = (f, call, callee, args) => {
  const opts = optionsAt(f, args, 3);
  if (f.eval(args[0]).kind !== 'none' && f.eval(args[2]).kind !== 'none') {
    privateKeyEncryption(f, call, callee, opts, opts?.get('algorithm') ?? opts?.get('encAlgorithm'), false);
  }
  const useMac = opts?.get('useMac');
  const mac = useMac ? f.eval(useMac) : undefined;
  if (opts && !(mac?.kind === 'bool' && !mac.value)) f.algorithm(call, callee, { spelling: 'HMAC-SHA-1', params: { hash: 'SHA-1' }, functions: ['tag'] });
  if (f.literalSecret(args[2])) f.signal(call, callee, 'hardcoded-password', 'PKCS#12 password is written in the source');
};

// ---------------------------------------------------------------- TLS

/** The suites forge registers (lib/aesCipherSuites.js), all offered when `cipherSuites` is left out. */
const FORGE_SUITES = ['TLS_RSA_WITH_AES_128_CBC_SHA', 'TLS_RSA_WITH_AES_256_CBC_SHA'];

/**
 * `tls.createConnection(options)`/`tls.wrapSocket(options)`: forge speaks TLS 1.1 and 1.0 only
 * (tls.SupportedVersions), so every connection accepts TLS 1.0; the suites of `cipherSuites`
 * (`forge.tls.CipherSuites.TLS_…`, forge's two when left out); a `verify` callback that returns `true`
 * accepts any certificate chain.
 */
const tlsConnection: CallHandler = (f, call, callee, args) => {
  const opts = f.props(args[0]);
  const suitesNode = opts?.get('cipherSuites');
  let suites: string[] = [];
  if (opts && !suitesNode) suites = FORGE_SUITES;
  else if (suitesNode) {
    const v = f.eval(suitesNode);
    const items = v.kind === 'list' ? v.items : [];
    suites = items.flatMap((i) => (i.kind === 'member' && /^node-forge:tls\.CipherSuites\.\w+$/.test(i.path) ? [i.path.slice(i.path.lastIndexOf('.') + 1)] : []));
  }
  f.protocol(call, JsFile.symbol(call), 'node-forge', { protocolType: 'tls', version: '1.0', cipherSuites: suites });
  f.signal(call, callee, 'insecure-protocol-version', 'node-forge TLS negotiates TLS 1.0 and 1.1 only');
  const verify = opts?.get('verify');
  if (verify && returnsTrue(verify)) {
    f.signal(verify.parent() ?? verify, callee, 'cert-verification-disabled', 'node-forge TLS verify callback returns true: certificate chains are not checked', undefined, 'verify');
  }
};

// ---------------------------------------------------------------- table

const onEach = (objects: readonly string[], method: string, handler: CallHandler): Array<[string, CallHandler]> =>
  objects.map((o) => [`node-forge:${o}.${method}`, handler]);

export const NODE_FORGE: ReadonlyArray<[string, CallHandler]> = [
  ['node-forge:pki.rsa.generateKeyPair', (f, call, callee, args) => {
    f.algorithm(call, callee, { spelling: 'RSA', params: { keySize: generatedSize(f, args) }, unresolved: ['keySize'], functions: ['keygen'] });
  }],
  ['node-forge:pki.ed25519.generateKeyPair', (f, call, callee) => f.algorithm(call, callee, { spelling: 'Ed25519', functions: ['keygen'] })],
  ['node-forge:ed25519.generateKeyPair', (f, call, callee) => f.algorithm(call, callee, { spelling: 'Ed25519', functions: ['keygen'] })],
  ...Object.entries(FORGE_MD).map(([md, hash]): [string, CallHandler] => [`node-forge:md.${md}.create`, mdCreate(hash)]),
  ['node-forge:hmac.create().start', hmacStart],
  ['node-forge:cipher.createCipher', createCipher('encrypt')],
  ['node-forge:cipher.createDecipher', createCipher('decrypt')],
  ['node-forge:cipher.createCipher().start', cipherStart],
  ['node-forge:cipher.createDecipher().start', cipherStart],
  ['node-forge:pkcs5.pbkdf2', pbkdf2],
  ...onEach(PRIVATE_KEYS, 'sign', keySign),
  ...onEach(PRIVATE_KEYS, 'decrypt', keyCrypt('decrypt')),
  ...onEach(PUBLIC_KEYS, 'encrypt', keyCrypt('encrypt')),
  ...onEach(PUBLIC_KEYS, 'verify', keyVerify),
  ...onEach(CERTIFICATES, 'sign', certSign),
  ['node-forge:pki.encryptRsaPrivateKey', encryptPrivateKey(true)],
  ['node-forge:pki.encryptPrivateKeyInfo', encryptPrivateKey(false)],
  ['node-forge:pkcs12.toPkcs12Asn1', toPkcs12],
  ['node-forge:tls.createConnection', tlsConnection],
  ['node-forge:tls.wrapSocket', tlsConnection],
];
