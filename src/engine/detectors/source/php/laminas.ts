// laminas/laminas-crypt (and its predecessor zendframework/zend-crypt), recognised by the class's full name:
// `BlockCipher::factory('openssl', ['algo' => 'aes'])` (the cipher, encrypt-then-MAC HMAC and the PBKDF2
// that derives both keys from the key given), `Pbkdf2::calc`, `Scrypt::calc`, `Hmac::compute`,
// `Hash::compute`, `new Bcrypt([...])` and `new DiffieHellman($prime, $g)`. Defaults are the library's own
// (BlockCipher: AES-256-CBC, HMAC-SHA-256, PBKDF2-SHA-256 with 5,000 iterations; Bcrypt: cost 10).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, LibraryRef } from '../../../inventory/model.js';
import type { PhpFile } from './file.js';
import type { Args } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';

const LAMINAS: LibraryRef = { ecosystem: 'composer', name: 'laminas/laminas-crypt' };
const ZEND: LibraryRef = { ecosystem: 'composer', name: 'zendframework/zend-crypt' };

/** Short class names the native query selects `new X(…)` and `X::m(…)` by. */
export const LAMINAS_CLASSES = ['BlockCipher', 'Pbkdf2', 'Scrypt', 'Hmac', 'Bcrypt', 'DiffieHellman'];

/** The class within the library (`BlockCipher`, `Key\Derivation\Pbkdf2`) and the library, from a full class name. */
function laminasClass(full: string): [string, LibraryRef] | undefined {
  const m = /^(Laminas|Zend)\\Crypt\\(.+)$/.exec(full);
  return m ? [m[2]!, m[1] === 'Zend' ? ZEND : LAMINAS] : undefined;
}

/** `Symmetric\Openssl`'s (and Mcrypt's) algorithm names: `aes` is AES-256, as its table fixes. */
const BLOCK_ALGOS: Readonly<Record<string, string>> = {
  aes: 'AES-256', rijndael: 'AES-256', blowfish: 'Blowfish', des: 'DES', '3des': '3DES', camellia: 'Camellia-256', cast5: 'CAST5', seed: 'SEED',
  twofish: 'Twofish', rc2: 'RC2',
};

const hashName = (f: PhpFile, node: SgNode | undefined): string | undefined => {
  const s = f.str(node);
  const r = s ? f.kb.resolve(s, {}) : undefined;
  return r?.primitive === 'hash' ? r.name : undefined;
};

/** `X::m(…)` of a laminas-crypt class; true when it was one. */
export function laminasStatic(f: PhpFile, node: SgNode, full: string, symbol: string, method: string, args: Args): boolean {
  const cls = laminasClass(full);
  if (!cls) return false;
  const [name, lib] = cls;
  const a = args.positional;
  if (name === 'Key\\Derivation\\Pbkdf2' && method === 'calc') {
    // scrypt's own single-iteration PBKDF2-HMAC-SHA-256 steps (RFC 7914 §6) in the library's Scrypt class
    // are part of scrypt, not a password derivation of one iteration.
    if (f.int(a[3]) === 1 && enclosingClass(node) === 'Scrypt') return true;
    const len = f.int(a[4]);
    const params: AlgorithmParams = { hash: hashName(f, a[0]), iterations: f.int(a[3]), outputLength: len ? len * 8 : undefined, saltLength: f.byteLength(a[2]) || undefined };
    f.algorithm(node, symbol, { spelling: 'PBKDF2', params, unresolved: ['hash', 'iterations'], functions: ['keyderive'] }, lib);
  } else if (name === 'Key\\Derivation\\Scrypt' && method === 'calc') {
    const [n, r, p, len] = [f.int(a[2]), f.int(a[3]), f.int(a[4]), f.int(a[5])];
    const params: AlgorithmParams = { cost: n, parallelism: p, outputLength: len ? len * 8 : undefined, ...(n !== undefined && r !== undefined ? { memoryCost: (128 * n * r) / 1024 } : {}) };
    f.algorithm(node, symbol, { spelling: 'scrypt', params, unresolved: ['cost'], functions: ['keyderive'] }, lib);
  } else if (name === 'Hmac' && method === 'compute') {
    const hash = hashName(f, a[1]);
    f.algorithm(node, symbol, { spelling: hash ? `HMAC-${hash}` : 'HMAC', params: { hash }, unresolved: ['hash'], functions: ['tag'] }, lib);
    if (f.constantBytes(a[0])) f.signal(node, symbol, 'hardcoded-key', 'HMAC key is written in the source', { spelling: 'HMAC', params: hash ? { hash } : {} }, lib);
  } else if (name === 'Hash' && method === 'compute') {
    const hash = hashName(f, a[0]);
    f.algorithm(node, symbol, { spelling: hash ?? 'unknown-hash', functions: ['digest'] }, lib);
  } else if (name === 'BlockCipher' && method === 'factory') {
    blockCipher(f, node, symbol, a[1], lib);
  } else return false;
  return true;
}

/**
 * `BlockCipher::factory($adapter, ['algo' => …, 'mode' => …])`: the cipher, then HMAC (BlockCipher::$hash)
 * over the ciphertext and PBKDF2 (BlockCipher::$pbkdf2Hash, $keyIteration) from the key. A file that
 * changes them (`setKeyIteration`, `setHashAlgorithm`, `setPbkdf2HashAlgorithm`) leaves them unknown.
 */
function blockCipher(f: PhpFile, node: SgNode, symbol: string, optionsArg: SgNode | undefined, lib: LibraryRef): void {
  const options = optionsArg ? f.arrayEntries(optionsArg) : new Map<string, SgNode>();
  const algoNode = options?.get('algo') ?? options?.get('algorithm');
  const algo = options ? (algoNode ? f.str(algoNode) : 'aes') : undefined;
  const modeNode = options?.get('mode');
  const mode = options ? (modeNode ? f.str(modeNode) : 'cbc') : undefined;
  const cipher = algo !== undefined ? BLOCK_ALGOS[algo.toLowerCase()] : undefined;
  if (cipher && mode) f.algorithm(node, symbol, { spelling: `${cipher}-${mode.toUpperCase()}`, functions: ['encrypt', 'decrypt'] }, lib);
  else f.algorithm(node, symbol, { spelling: 'unknown-cipher', unresolved: ['keySize', 'mode'], functions: ['encrypt', 'decrypt'] }, lib);
  // The file's text (a BlockCipher::factory call is rare: read once per call).
  const text = node.getRoot().root().text();
  const hmacHash = /->\s*setHashAlgorithm\s*\(/i.test(text) ? undefined : 'SHA-256';
  f.algorithm(node, symbol, { spelling: hmacHash ? `HMAC-${hmacHash}` : 'HMAC', params: { hash: hmacHash }, unresolved: ['hash'], functions: ['tag'] }, lib);
  const params: AlgorithmParams = {
    hash: /->\s*setPbkdf2HashAlgorithm\s*\(/i.test(text) ? undefined : 'SHA-256',
    iterations: /->\s*setKeyIteration\s*\(/i.test(text) ? undefined : 5000,
  };
  f.algorithm(node, symbol, { spelling: 'PBKDF2', params, unresolved: ['hash', 'iterations'], functions: ['keyderive'] }, lib);
}

/** `new X(…)` of a laminas-crypt class; true when it was one. */
export function laminasNew(f: PhpFile, node: SgNode, full: string, written: string, args: Args): boolean {
  const cls = laminasClass(full);
  if (!cls) return false;
  const [name, lib] = cls;
  const symbol = `new ${written}`;
  if (name === 'Password\\Bcrypt') {
    // `new Bcrypt(['cost' => 12])`; Bcrypt::$cost is 10 when the options do not set it.
    const opts = args.positional[0];
    const entries = opts ? f.arrayEntries(opts) : new Map<string, SgNode>();
    const cost = entries ? (entries.has('cost') ? f.int(entries.get('cost')) ?? intString(f, entries.get('cost')) : 10) : undefined;
    f.algorithm(node, symbol, { spelling: 'bcrypt', params: { cost }, unresolved: ['cost'], functions: ['keyderive'] }, lib);
  } else if (name === 'PublicKey\\DiffieHellman') {
    // The group's size is the prime's: a decimal literal (FORMAT_NUMBER, the constructor's default) gives it.
    const prime = f.str(args.positional[0]);
    const keySize = prime && /^[1-9]\d{0,2000}$/.test(prime) ? BigInt(prime).toString(2).length : undefined;
    f.algorithm(node, symbol, { spelling: 'DH', params: { keySize }, unresolved: ['keySize'], functions: ['keyderive'] }, lib);
  } else return false;
  return true;
}

function intString(f: PhpFile, node: SgNode | undefined): number | undefined {
  const s = f.str(node);
  return s !== undefined && /^\d{1,2}$/.test(s) ? Number(s) : undefined;
}

/** The name of the class a node is written in. */
function enclosingClass(node: SgNode): string | undefined {
  for (let p = node.parent(); p; p = p.parent()) if (kindOf(p) === 'class_declaration') return p.field('name')?.text();
  return undefined;
}
