// The Go crypto calls the detector recognises, keyed by canonical callee (`import/path.Func`), each
// with how its arguments become algorithm parameters. Argument positions follow the Go docs of each
// function; where two packages share a name with different signatures (crypto/pbkdf2 vs
// x/crypto/pbkdf2, crypto/hkdf vs x/crypto/hkdf) each has its own entry.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams } from '../../../inventory/model.js';
import { GoFile } from './file.js';
import { CRYPTO_HASH, HASH_FUNCTIONS } from './hashes.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import { X509_SIGNING_CALLS, pemEncryption, x509Signing } from './x509.js';
import { GO_PKCS12, pkcs12Call } from './pkcs12.js';
import { STEP_JOSE_CALLS, STEP_KEY_CALLS, STEP_MINICA_NEW, STEP_MODULE, stepJoseCall, stepKeyGeneration, stepMinica } from './step.js';
import { KEY_TYPE_PACKAGES, LEGO_CERTCRYPTO, legoKeyGeneration } from './acme.js';
import { isCirclImport } from './circl.js';
import { MISCREANT, miscreantCall } from './miscreant.js';
import { DSA_CALLS } from './dsa.js';
import { CFSSL_CSR, cfsslDefaultKeyRequest } from './cfssl.js';
import { keyOf } from './keys.js';

export type CallHandler = (f: GoFile, call: SgNode, callee: string, args: SgNode[]) => void;

const X = 'golang.org/x/crypto';

/** Import paths whose calls the detector reads: crypto/*, golang.org/x/crypto/*, filippo.io/hpke and /age, go-pkcs12, go.step.sm/crypto/*, CIRCL, miscreant (AES-SIV), math/rand, lego's certcrypto and certmagic (key types), cfssl's csr (key requests). */
export function isCryptoImport(path: string): boolean {
  return path === 'crypto' || path.startsWith('crypto/') || path.startsWith(`${X}/`) || path === 'math/rand' || path === 'math/rand/v2'
    || path === 'filippo.io/hpke' || path === 'filippo.io/age' || path === GO_PKCS12 || path.startsWith(`${STEP_MODULE}/`) || isCirclImport(path)
    || path === MISCREANT || KEY_TYPE_PACKAGES.includes(path) || path === CFSSL_CSR;
}

const AES_KEY_BITS = new Set([128, 192, 256]);

/** Block cipher behind a `cipher.Block` argument, from the call that created it. */
function blockCipher(f: GoFile, node: SgNode | undefined): { spelling: string; params: AlgorithmParams; unresolved: ('keySize')[] } | undefined {
  const p = f.producer(node);
  if (!p) return undefined;
  const key = p.call.field('arguments')?.namedChildren()[0];
  switch (p.callee) {
    case 'crypto/aes.NewCipher': {
      const bits = f.keyBits(key);
      return bits !== undefined && AES_KEY_BITS.has(bits)
        ? { spelling: 'AES', params: { keySize: bits }, unresolved: [] }
        : { spelling: 'AES', params: {}, unresolved: ['keySize'] };
    }
    case 'crypto/des.NewCipher':
      return { spelling: 'DES', params: {}, unresolved: [] };
    case 'crypto/des.NewTripleDESCipher':
      return { spelling: '3DES', params: {}, unresolved: [] };
    default:
      return undefined;
  }
}

/** cipher.NewXxx(block, iv): the block cipher in a mode, plus a static-IV signal for a fixed IV. */
function mode(modeName: string, ivArg?: number): CallHandler {
  return (f, call, callee, args) => {
    // A block made elsewhere (a `cipher.Block` parameter) is still a block cipher in that mode:
    // reported as unknown-block-cipher (kb/unresolved.ts) rather than dropped.
    const base = blockCipher(f, args[0]) ?? { spelling: unresolvedSpelling('block-cipher'), params: {}, unresolved: ['keySize'] as 'keySize'[] };
    const params: AlgorithmParams = { ...base.params, mode: modeName };
    if (callee.endsWith('WithNonceSize')) params.ivLength = bitsOf(f.int(args[1]));
    if (callee.endsWith('WithTagSize')) params.tagLength = bitsOf(f.int(args[1]));
    f.algorithm(call, callee, { spelling: base.spelling, params, unresolved: base.unresolved, functions: ['encrypt', 'decrypt'] });
    if (ivArg !== undefined && f.constantIv(args[ivArg])) {
      f.signal(call, callee, 'static-iv', `${modeName} IV is a constant in the source`, { spelling: base.spelling, params });
    }
  };
}

function bitsOf(bytes: number | undefined): number | undefined {
  return bytes === undefined ? undefined : bytes * 8;
}

/** A call that names one algorithm with no parameters to resolve. */
type CryptoFunctionName = NonNullable<Parameters<GoFile['algorithm']>[2]['functions']>[number];

function fixed(spelling: string, ...functions: CryptoFunctionName[]): CallHandler {
  return (f, call, callee) => f.algorithm(call, callee, { spelling, ...(functions.length ? { functions } : {}) });
}

/** Key-taking cipher constructors: `aes.NewCipher(key)`, `rc4.NewCipher(key)`. */
function keyedCipher(spelling: string, validBits?: Set<number>): CallHandler {
  return (f, call, callee, args) => {
    const bits = f.keyBits(args[0]);
    const keySize = bits !== undefined && (!validBits || validBits.has(bits)) ? bits : undefined;
    f.algorithm(call, callee, { spelling, params: { keySize }, unresolved: ['keySize'], functions: ['encrypt', 'decrypt'] });
    if (f.literalBytes(args[0])) f.signal(call, callee, 'hardcoded-key', `${spelling} key is written in the source`, { spelling, params: { keySize } });
  };
}

/** Algorithm whose name carries the inner hash when it is known (HMAC-SHA-256, PBKDF2-SHA-256, HKDF-SHA-256). */
function withHash(base: string, hash: string | undefined): string {
  return hash ? `${base}-${hash}` : base;
}

/** The modulus size of an RSA key argument generated in sight (go/keys.ts), else undefined. */
function rsaKeySize(f: GoFile, key: SgNode | undefined): number | undefined {
  const k = keyOf(f, key);
  return k?.kind === 'RSA' ? k.keySize : undefined;
}

/** crypto/rsa's operations: `keyArg` is the key's position, which gives the size when the file made the key. */
function rsa(spelling: string, padding: string | undefined, hashArg: number | undefined, keyArg: number, fn: 'encrypt' | 'decrypt' | 'sign' | 'verify'): CallHandler {
  return (f, call, callee, args) => {
    const hash = hashArg === undefined ? undefined : f.hash(args[hashArg]);
    // A PKCS#1 v1.5 signature is the RSASSA scheme even when its hash is a variable (without a hash,
    // RSA + PKCS1v15 reads as encryption).
    const signature = padding === 'PKCS1v15' && (fn === 'sign' || fn === 'verify');
    f.algorithm(call, callee, {
      spelling: signature ? 'RSASSA-PKCS1-v1_5' : spelling,
      params: { padding: signature ? undefined : padding, hash, keySize: rsaKeySize(f, args[keyArg]) },
      unresolved: hashArg === undefined ? ['keySize'] : ['keySize', 'hash'],
      functions: [fn],
    });
  };
}

/** crypto/ecdsa's signing and verification: the curve of the key at `keyArg` when the file made it. */
function ecdsaUse(keyArg: number, fn: 'sign' | 'verify'): CallHandler {
  return (f, call, callee, args) => {
    const k = keyOf(f, args[keyArg]);
    const curve = k?.kind === 'EC' ? k.curve : undefined;
    f.algorithm(call, callee, { spelling: 'ECDSA', params: { curve }, unresolved: ['curve'], functions: [fn] });
  };
}

/** math/rand feeding something secret: `rsa.GenerateKey(mrand.New(...), 2048)`, DSA's per-signature secret. */
function weakReader(f: GoFile, call: SgNode, callee: string, reader: SgNode | undefined, detail = 'key generated from math/rand, which is not a cryptographic generator'): void {
  const p = f.producer(reader);
  const path = p?.callee ?? (reader ? f.adapter.callee(reader) : '');
  const v = f.eval(reader);
  const fromMathRand = path.startsWith('math/rand') || (v.kind === 'member' && v.path.startsWith('math/rand'));
  if (fromMathRand) f.signal(call, callee, 'weak-random', detail);
}

function ecdsaCurve(f: GoFile, call: SgNode, callee: string, curveArg: SgNode | undefined, spelling: string): void {
  const curve = f.curve(curveArg);
  f.algorithm(call, callee, { spelling, params: { curve }, unresolved: ['curve'], functions: ['keygen'] });
}

const SECRET_NAME = /(key|token|secret|nonce|salt|passw|otp|iv$|^iv)/i;

/**
 * Inside a testing/quick generator, `func (T) Generate(rand *rand.Rand, size int) reflect.Value`: the
 * interface hands it a math/rand source to make random test values with, so a `masterSecret` it fills
 * is a property test's input, not a secret (cfssl's fork of crypto/tls, handshake_messages_test.go).
 */
function inQuickGenerator(call: SgNode): boolean {
  const method = call.ancestors().find((a) => a.kind() === 'method_declaration');
  return method?.field('name')?.text() === 'Generate' && method.field('result')?.text() === 'reflect.Value';
}

/** math/rand: `Read` fills a byte buffer (only ever wanted for secrets); other calls count when assigned to a secret-looking name. */
const mathRand: CallHandler = (f, call, callee) => {
  if (inQuickGenerator(call)) return;
  const fn = callee.slice(callee.lastIndexOf('.') + 1);
  if (fn === 'Read') {
    f.signal(call, callee, 'weak-random', 'math/rand.Read fills bytes from a non-cryptographic generator');
    return;
  }
  const stmt = call.ancestors().find((a) => a.kind() === 'short_var_declaration' || a.kind() === 'assignment_statement' || a.kind() === 'var_spec');
  const names = stmt ? (stmt.field('left') ?? stmt).namedChildren().filter((n) => n.kind() === 'identifier' || n.kind() === 'selector_expression') : [];
  const target = names.map((n) => n.text().split('.').pop() ?? '').find((n) => SECRET_NAME.test(n));
  if (target) f.signal(call, callee, 'weak-random', `${target} comes from math/rand, which is not a cryptographic generator`);
};

const table: Array<[string, CallHandler]> = [
  ['crypto/aes.NewCipher', keyedCipher('AES', AES_KEY_BITS)],
  ['crypto/des.NewCipher', (f, call, callee, args) => {
    f.algorithm(call, callee, { spelling: 'DES', functions: ['encrypt', 'decrypt'] });
    if (f.literalBytes(args[0])) f.signal(call, callee, 'hardcoded-key', 'DES key is written in the source');
  }],
  ['crypto/des.NewTripleDESCipher', (f, call, callee, args) => {
    f.algorithm(call, callee, { spelling: '3DES', functions: ['encrypt', 'decrypt'] });
    if (f.literalBytes(args[0])) f.signal(call, callee, 'hardcoded-key', '3DES key is written in the source');
  }],
  ['crypto/rc4.NewCipher', keyedCipher('RC4')],
  ['crypto/cipher.NewGCM', mode('GCM')],
  ['crypto/cipher.NewGCMWithNonceSize', mode('GCM')],
  ['crypto/cipher.NewGCMWithTagSize', mode('GCM')],
  ['crypto/cipher.NewGCMWithRandomNonce', mode('GCM')],
  ['crypto/cipher.NewCBCEncrypter', mode('CBC', 1)],
  ['crypto/cipher.NewCBCDecrypter', mode('CBC', 1)],
  ['crypto/cipher.NewCTR', mode('CTR', 1)],
  ['crypto/cipher.NewCFBEncrypter', mode('CFB', 1)],
  ['crypto/cipher.NewCFBDecrypter', mode('CFB', 1)],
  ['crypto/cipher.NewOFB', mode('OFB', 1)],

  ['crypto/rsa.GenerateKey', (f, call, callee, args) => {
    const keySize = f.int(args[1]);
    f.algorithm(call, callee, { spelling: 'RSA', params: { keySize }, unresolved: ['keySize'], functions: ['keygen'] });
    weakReader(f, call, callee, args[0]);
  }],
  ['crypto/rsa.GenerateMultiPrimeKey', (f, call, callee, args) => {
    f.algorithm(call, callee, { spelling: 'RSA', params: { keySize: f.int(args[2]) }, unresolved: ['keySize'], functions: ['keygen'] });
    weakReader(f, call, callee, args[0]);
  }],
  // EncryptOAEP(hash, random, pub, msg, label), EncryptPKCS1v15(random, pub, msg), SignPKCS1v15(random, priv, hash, hashed),
  // VerifyPKCS1v15(pub, hash, hashed, sig), SignPSS(random, priv, hash, digest, opts), VerifyPSS(pub, hash, digest, sig, opts).
  ['crypto/rsa.EncryptOAEP', rsa('RSA-OAEP', 'OAEP', 0, 2, 'encrypt')],
  ['crypto/rsa.DecryptOAEP', rsa('RSA-OAEP', 'OAEP', 0, 2, 'decrypt')],
  ['crypto/rsa.EncryptPKCS1v15', rsa('RSA', 'PKCS1v15', undefined, 1, 'encrypt')],
  ['crypto/rsa.DecryptPKCS1v15', rsa('RSA', 'PKCS1v15', undefined, 1, 'decrypt')],
  ['crypto/rsa.SignPKCS1v15', rsa('RSA', 'PKCS1v15', 2, 1, 'sign')],
  ['crypto/rsa.VerifyPKCS1v15', rsa('RSA', 'PKCS1v15', 1, 0, 'verify')],
  ['crypto/rsa.SignPSS', rsa('RSA-PSS', 'PSS', 2, 1, 'sign')],
  ['crypto/rsa.VerifyPSS', rsa('RSA-PSS', 'PSS', 1, 0, 'verify')],

  ['crypto/ecdsa.GenerateKey', (f, call, callee, args) => {
    ecdsaCurve(f, call, callee, args[0], 'ECDSA');
    weakReader(f, call, callee, args[1]);
  }],
  // Sign/SignASN1(rand, priv, hash), Verify(pub, hash, r, s), VerifyASN1(pub, hash, sig).
  ['crypto/ecdsa.SignASN1', ecdsaUse(1, 'sign')],
  ['crypto/ecdsa.Sign', ecdsaUse(1, 'sign')],
  ['crypto/ecdsa.VerifyASN1', ecdsaUse(0, 'verify')],
  ['crypto/ecdsa.Verify', ecdsaUse(0, 'verify')],
  ['crypto/ecdh.P256', (f, call, callee) => f.algorithm(call, callee, { spelling: 'ECDH', params: { curve: 'P-256' }, functions: ['keygen'] })],
  ['crypto/ecdh.P384', (f, call, callee) => f.algorithm(call, callee, { spelling: 'ECDH', params: { curve: 'P-384' }, functions: ['keygen'] })],
  ['crypto/ecdh.P521', (f, call, callee) => f.algorithm(call, callee, { spelling: 'ECDH', params: { curve: 'P-521' }, functions: ['keygen'] })],
  ['crypto/ecdh.X25519', fixed('X25519', 'keygen')],
  ['crypto/ed25519.GenerateKey', fixed('Ed25519', 'keygen')],
  ['crypto/ed25519.NewKeyFromSeed', fixed('Ed25519', 'keygen')],
  ['crypto/ed25519.Sign', fixed('Ed25519', 'sign')],
  ['crypto/ed25519.Verify', fixed('Ed25519', 'verify')],
  ['crypto/ed25519.VerifyWithOptions', fixed('Ed25519', 'verify')],

  ['crypto/hmac.New', (f, call, callee, args) => {
    const hash = f.hash(args[0]);
    f.algorithm(call, callee, { spelling: withHash('HMAC', hash), params: { hash }, unresolved: ['hash'], functions: ['tag'] });
    if (f.literalBytes(args[1])) f.signal(call, callee, 'hardcoded-key', 'HMAC key is written in the source');
  }],
  // crypto/hkdf (Go 1.24): Key(h, secret, salt, info, keyLength), Extract(h, secret, salt), Expand(h, prk, info, keyLength).
  ['crypto/hkdf.Key', hkdf(4)],
  ['crypto/hkdf.Expand', hkdf(3)],
  ['crypto/hkdf.Extract', hkdf(undefined)],
  // x/crypto/hkdf: New(h, secret, salt, info) and Expand(h, prk, info) return readers of any length.
  [`${X}/hkdf.New`, hkdf(undefined)],
  [`${X}/hkdf.Expand`, hkdf(undefined)],
  [`${X}/hkdf.Extract`, hkdf(undefined)],
  // x/crypto/pbkdf2.Key(password, salt, iter, keyLen, h); crypto/pbkdf2.Key(h, password, salt, iter, keyLen) (Go 1.24).
  [`${X}/pbkdf2.Key`, pbkdf2({ password: 0, iter: 2, keyLen: 3, hash: 4 })],
  ['crypto/pbkdf2.Key', pbkdf2({ hash: 0, password: 1, iter: 3, keyLen: 4 })],

  ['crypto/mlkem.GenerateKey768', fixed('ML-KEM-768', 'keygen')],
  ['crypto/mlkem.GenerateKey1024', fixed('ML-KEM-1024', 'keygen')],
  ['crypto/mlkem.NewEncapsulationKey768', fixed('ML-KEM-768', 'encapsulate')],
  ['crypto/mlkem.NewEncapsulationKey1024', fixed('ML-KEM-1024', 'encapsulate')],
  ['crypto/mlkem.NewDecapsulationKey768', fixed('ML-KEM-768', 'decapsulate')],
  ['crypto/mlkem.NewDecapsulationKey1024', fixed('ML-KEM-1024', 'decapsulate')],

  [`${X}/chacha20poly1305.New`, fixed('ChaCha20-Poly1305', 'encrypt', 'decrypt')],
  [`${X}/chacha20poly1305.NewX`, fixed('XChaCha20-Poly1305', 'encrypt', 'decrypt')],
  [`${X}/curve25519.X25519`, fixed('X25519')],
  [`${X}/curve25519.ScalarMult`, fixed('X25519')],
  [`${X}/curve25519.ScalarBaseMult`, fixed('X25519', 'keygen')],
  [`${X}/argon2.IDKey`, argon2('Argon2id')],
  [`${X}/argon2.Key`, argon2('Argon2i')],
  [`${X}/bcrypt.GenerateFromPassword`, (f, call, callee, args) => {
    f.algorithm(call, callee, { spelling: 'bcrypt', params: { cost: f.int(args[1]) }, unresolved: ['cost'], functions: ['keyderive'] });
  }],
  [`${X}/bcrypt.CompareHashAndPassword`, fixed('bcrypt', 'verify')],
  [`${X}/scrypt.Key`, (f, call, callee, args) => {
    const n = f.int(args[2]);
    const r = f.int(args[3]);
    const keyLen = f.int(args[5]);
    f.algorithm(call, callee, {
      spelling: 'scrypt',
      params: {
        cost: n,
        // scrypt uses 128 * N * r bytes of memory.
        memoryCost: n !== undefined && r !== undefined ? (128 * n * r) / 1024 : undefined,
        parallelism: f.int(args[4]),
        outputLength: bitsOf(keyLen),
      },
      unresolved: ['cost', 'memoryCost', 'parallelism', 'outputLength'],
      functions: ['keyderive'],
    });
    if (f.literalSecret(args[0])) f.signal(call, callee, 'hardcoded-password', 'scrypt password is written in the source');
  }],
  [`${X}/ssh.InsecureIgnoreHostKey`, (f, call, callee) => {
    f.signal(call, callee, 'ssh-host-key-verification-disabled', 'SSH host keys are not verified (ssh.InsecureIgnoreHostKey)');
  }],
];

function hkdf(keyLenArg: number | undefined): CallHandler {
  return (f, call, callee, args) => {
    const hash = f.hash(args[0]);
    const outputLength = keyLenArg === undefined ? undefined : bitsOf(f.int(args[keyLenArg]));
    f.algorithm(call, callee, {
      spelling: withHash('HKDF', hash),
      params: { hash, outputLength },
      unresolved: keyLenArg === undefined ? ['hash'] : ['hash', 'outputLength'],
      functions: ['keyderive'],
    });
  };
}

function pbkdf2(pos: { password: number; iter: number; keyLen: number; hash: number }): CallHandler {
  return (f, call, callee, args) => {
    const hash = f.hash(args[pos.hash]);
    f.algorithm(call, callee, {
      spelling: withHash('PBKDF2', hash),
      params: { hash, iterations: f.int(args[pos.iter]), outputLength: bitsOf(f.int(args[pos.keyLen])) },
      unresolved: ['hash', 'iterations', 'outputLength'],
      functions: ['keyderive'],
    });
    if (f.literalSecret(args[pos.password])) f.signal(call, callee, 'hardcoded-password', 'PBKDF2 password is written in the source');
  };
}

function argon2(spelling: string): CallHandler {
  // IDKey/Key(password, salt, time, memory, threads, keyLen); memory is in KiB.
  return (f, call, callee, args) => {
    f.algorithm(call, callee, {
      spelling,
      params: { cost: f.int(args[2]), memoryCost: f.int(args[3]), parallelism: f.int(args[4]), outputLength: bitsOf(f.int(args[5])) },
      unresolved: ['cost', 'memoryCost', 'parallelism', 'outputLength'],
      functions: ['keyderive'],
    });
    if (f.literalSecret(args[0])) f.signal(call, callee, 'hardcoded-password', `${spelling} password is written in the source`);
  };
}

/** Direct hash calls: `sha256.Sum256(b)`, `sha512.New384()`. A hash call that is an argument of another call is reported by that call when it is a crypto call. */
function hashCall(name: string): CallHandler {
  return (f, call, callee) => {
    // `func() hash.Hash { return sha1.New() }` is a hash factory: the call it is handed to reports it.
    if (isFactoryReturn(call)) return;
    if (GoFile.isArgument(call)) {
      const outer = call.parent()?.parent();
      if (outer?.kind() === 'call_expression' && CONSUMERS.has(f.adapter.callee(outer))) return;
    }
    f.algorithm(call, callee, { spelling: name, functions: ['digest'] });
  };
}

function isFactoryReturn(call: SgNode): boolean {
  const ret = call.ancestors().slice(0, 2).find((a) => a.kind() === 'return_statement');
  const fn = ret?.ancestors().find((a) => a.kind() === 'func_literal' || a.kind() === 'function_declaration' || a.kind() === 'method_declaration');
  if (fn?.kind() !== 'func_literal') return false;
  const body = fn.field('body');
  const stmts = body?.namedChildren().flatMap((c) => (c.kind() === 'statement_list' ? c.namedChildren() : [c])) ?? [];
  return stmts.length === 1;
}

/** Calls that take a hash value as a parameter (and report it). */
const CONSUMERS = new Set([
  'crypto/rsa.EncryptOAEP', 'crypto/rsa.DecryptOAEP', 'crypto/hmac.New', 'crypto/hkdf.Key', 'crypto/hkdf.Expand',
  'crypto/hkdf.Extract', `${X}/hkdf.New`, `${X}/hkdf.Expand`, `${X}/hkdf.Extract`, `${X}/pbkdf2.Key`, 'crypto/pbkdf2.Key',
]);

for (const [pkg, fns] of Object.entries(HASH_FUNCTIONS)) {
  for (const [fn, name] of Object.entries(fns)) table.push([`${pkg}.${fn}`, hashCall(name)]);
}
for (const [constant, name] of Object.entries(CRYPTO_HASH)) table.push([`crypto.${constant}.New`, hashCall(name)]);
for (const pkg of ['math/rand', 'math/rand/v2']) {
  for (const fn of ['Read', 'Int', 'Intn', 'Int31', 'Int31n', 'Int63', 'Int63n', 'Uint32', 'Uint64', 'IntN', 'Int64', 'Int64N', 'Uint32N', 'Uint64N', 'N', 'Perm']) {
    table.push([`${pkg}.${fn}`, mathRand]);
  }
}

/**
 * HPKE (RFC 9180) suite components: Go 1.26 `crypto/hpke` and `filippo.io/hpke`, which has the same API.
 * `MLKEM768X25519` is MLKEM768-X25519 of draft-ietf-hpke-pq, a.k.a. X-Wing. `DHKEM(curve)` is not listed:
 * its `ecdh.P256()`/`ecdh.X25519()` argument reports the curve's key agreement.
 */
export const HPKE_PACKAGES = ['crypto/hpke', 'filippo.io/hpke'] as const;
const HPKE: Readonly<Record<string, [string, 'encapsulate' | 'keyderive' | 'encrypt']>> = {
  MLKEM768: ['ML-KEM-768', 'encapsulate'], MLKEM1024: ['ML-KEM-1024', 'encapsulate'], MLKEM768X25519: ['X-Wing', 'encapsulate'],
  MLKEM768P256: ['MLKEM768-P256', 'encapsulate'], MLKEM1024P384: ['MLKEM1024-P384', 'encapsulate'],
  HKDFSHA256: ['HKDF-SHA-256', 'keyderive'], HKDFSHA384: ['HKDF-SHA-384', 'keyderive'], HKDFSHA512: ['HKDF-SHA-512', 'keyderive'],
  SHAKE128: ['SHAKE128', 'keyderive'], SHAKE256: ['SHAKE256', 'keyderive'],
  AES128GCM: ['AES-128-GCM', 'encrypt'], AES256GCM: ['AES-256-GCM', 'encrypt'], ChaCha20Poly1305: ['ChaCha20-Poly1305', 'encrypt'],
};
for (const pkg of HPKE_PACKAGES) {
  for (const [fn, [name, use]] of Object.entries(HPKE)) table.push([`${pkg}.${fn}`, fixed(name, use)]);
}

/**
 * filippo.io/age (c2sp.org/age): X25519 recipients and identities, the post-quantum hybrid ones
 * (ML-KEM-768 + X25519, the X-Wing KEM), scrypt passphrases, and the ChaCha20-Poly1305 payload that
 * Encrypt and Decrypt write and read whatever the recipients. ParseRecipients/ParseIdentities are
 * not listed: a file of keys may hold any type.
 */
export const AGE_PACKAGE = 'filippo.io/age';
const AGE: Readonly<Record<string, [string, CryptoFunctionName]>> = {
  ParseX25519Recipient: ['X25519', 'keyderive'], ParseX25519Identity: ['X25519', 'keyderive'], GenerateX25519Identity: ['X25519', 'keygen'],
  ParseHybridRecipient: ['X-Wing', 'encapsulate'], ParseHybridIdentity: ['X-Wing', 'decapsulate'], GenerateHybridIdentity: ['X-Wing', 'keygen'],
  NewScryptRecipient: ['scrypt', 'keyderive'], NewScryptIdentity: ['scrypt', 'keyderive'],
  Encrypt: ['ChaCha20-Poly1305', 'encrypt'], EncryptReader: ['ChaCha20-Poly1305', 'encrypt'],
  Decrypt: ['ChaCha20-Poly1305', 'decrypt'], DecryptReaderAt: ['ChaCha20-Poly1305', 'decrypt'],
};
for (const [fn, [name, use]] of Object.entries(AGE)) table.push([`${AGE_PACKAGE}.${fn}`, fixed(name, use)]);

for (const fn of ['Encode', 'EncodeTrustStore', 'EncodeTrustStoreEntries']) table.push([`${GO_PKCS12}.${fn}`, pkcs12Call]);
for (const callee of Object.keys(X509_SIGNING_CALLS)) table.push([callee, x509Signing]);
for (const callee of STEP_KEY_CALLS) table.push([callee, stepKeyGeneration]);
for (const callee of STEP_JOSE_CALLS) table.push([callee, stepJoseCall]);
table.push([STEP_MINICA_NEW, stepMinica]);
for (const pkg of LEGO_CERTCRYPTO) table.push([`${pkg}.GeneratePrivateKey`, legoKeyGeneration]);
for (const fn of ['NewKeyRequest', 'NewBasicKeyRequest']) table.push([`${CFSSL_CSR}.${fn}`, cfsslDefaultKeyRequest]);
table.push([`${MISCREANT}.NewAEAD`, miscreantCall], [`${MISCREANT}.NewAESCMACSIV`, miscreantCall]);
for (const [callee, handler] of DSA_CALLS) {
  table.push([callee, (f, call, c, args) => handler(f, call, c, args, (reader, detail) => weakReader(f, call, c, reader, detail))]);
}
table.push(['crypto/x509.EncryptPEMBlock', pemEncryption], ['crypto/x509.DecryptPEMBlock', pemEncryption]);
// A PKCS#1 key is an RSA key whatever it is used for (a key loaded from disk and used through its
// methods, `key.Sign(…)`, is otherwise invisible). Marshal* is not listed: the key it encodes was
// made by a call that reports it.
for (const fn of ['ParsePKCS1PrivateKey', 'ParsePKCS1PublicKey']) {
  table.push([`crypto/x509.${fn}`, (f, call, callee) => f.algorithm(call, callee, { spelling: 'RSA', unresolved: ['keySize'] })]);
}
// Likewise a SEC 1 key is an ECDSA key (cfssl's derhelpers parse CA keys so), its curve in the DER.
table.push(['crypto/x509.ParseECPrivateKey', (f, call, callee) => f.algorithm(call, callee, { spelling: 'ECDSA', unresolved: ['curve'] })]);

export const GO_CALLS: ReadonlyMap<string, CallHandler> = new Map(table);
