// A hash constructor used as a value rather than called: `HASHES = {"HS256": hashlib.sha256}`, a
// class attribute `SHA256 = hashes.SHA256` that a method later instantiates through `self`. The
// reference is where the algorithm is chosen, so it is reported there. A reference inside a call's
// arguments (`hmac.new(key, msg, hashlib.sha256)`, `PBKDF2HMAC(algorithm=...)`) belongs to that
// call's asset and is not reported again.
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';
import { hashFromName, type PyContext } from './context.js';
import { CIPHER_ALGORITHMS, FIXED_SIZE } from './hazmat.js';
import { libraryOf, normalise, qualify } from './imports.js';

const HASH_REFERENCE = /^(hashlib\.[a-z0-9_]+|hazmat\.hashes\.[A-Z0-9_]+)$/;
/**
 * Cheap test on the attribute name before qualifying the node; case-insensitive. Also given to
 * ast-grep (`(?i)` + this source) so that only attributes with such a name leave native code.
 */
export const HASHY_SOURCE = '^(md5|sha|blake2|shake|ripemd|sm3)';
const HASHY = new RegExp(HASHY_SOURCE, 'i');

/** Stops at the statement: an argument list on the way up means the reference is an argument. */
function isArgument(node: SgNode): boolean {
  for (let p = node.parent(); p; p = p.parent()) {
    const k = kindOf(p);
    if (k === 'argument_list' || k === 'keyword_argument') return true;
    if (k.endsWith('statement') || k === 'block' || k === 'module' || k === 'lambda') return false;
  }
  return false;
}

export function handleHashReference(ctx: PyContext, node: SgNode): void {
  const attr = node.field('attribute')?.text();
  if (!attr || !HASHY.test(attr)) return;
  const parent = node.parent();
  if (!parent) return;
  const pk = kindOf(parent);
  // Called (`hashlib.sha256(...)`), or the object of a longer name (`hashes.SHA256.name`): not a value.
  if (pk === 'call' && parent.field('function')?.id() === node.id()) return;
  if (pk === 'attribute') return;
  const raw = qualify(ctx.imports, node);
  if (!raw) return;
  const name = normalise(raw);
  if (!HASH_REFERENCE.test(name) || isArgument(node)) return;
  const hash = hashFromName(attr);
  if (!hash) return;
  const library = libraryOf(raw);
  ctx.sink.algorithm(node, name.startsWith('hashlib.') ? name : `hashes.${attr}`, hash, {}, { functions: ['digest'], ...(library ? { library } : {}) });
}

/**
 * A pyca cipher class used as a value: `{SymmetricKeyAlgorithm.CAST5: algorithms.CAST5, ...}` (PGPy's
 * OpenPGP cipher table), `CIPHER = algorithms.TripleDES`, later instantiated as `alg(key)` inside a
 * `Cipher(...)` whose algorithm the code picks at run time (an `unknown-cipher` there). The table is
 * where the ciphers a program can use are named, so each class is reported there, with the key size
 * and mode left unknown (the table does not fix them). A class given as an argument (`isinstance(a,
 * algorithms.AES)`), compared (`cls is algorithms.ARC4`), written as a type annotation, or the object
 * of a longer name (`algorithms.AES.block_size`) is not a use.
 */
export const CIPHER_CLASS_SOURCE = `^(${Object.keys(CIPHER_ALGORITHMS).join('|')})$`;

export function handleCipherReference(ctx: PyContext, node: SgNode): void {
  const attr = node.field('attribute')?.text();
  if (!attr || !CIPHER_ALGORITHMS[attr]) return;
  const parent = node.parent();
  if (!parent) return;
  const pk = kindOf(parent);
  if ((pk === 'call' && parent.field('function')?.id() === node.id()) || pk === 'attribute' || pk === 'type' || pk === 'comparison_operator') return;
  const raw = qualify(ctx.imports, node);
  if (!raw || normalise(raw) !== `hazmat.ciphers.algorithms.${attr}` || isArgument(node)) return;
  const spelling = CIPHER_ALGORITHMS[attr]!;
  const fixed = FIXED_SIZE[attr];
  const unresolved: ('keySize' | 'mode')[] = [];
  if (fixed === undefined && spelling !== 'ChaCha20') unresolved.push('keySize');
  if (spelling !== 'ChaCha20' && spelling !== 'RC4') unresolved.push('mode');
  const library = libraryOf(raw);
  ctx.sink.algorithm(node, `algorithms.${attr}`, spelling, fixed !== undefined ? { keySize: fixed } : {}, {
    unresolved, functions: ['encrypt', 'decrypt'], ...(library ? { library } : {}),
  });
}

/**
 * josepy's JWS algorithm objects (`jose.RS256`, `from josepy import ES384`) are values the code picks
 * and passes along (`alg = ES256`, `ClientNetwork(key, alg=jose.RS256)`): the reference is where the
 * signature algorithm is chosen. The JOSE name is the spelling (the knowledge base reads RS256 as
 * RSA-PKCS1-1.5-SHA-256).
 */
export const JOSEPY_ALGORITHM_SOURCE = '^(RS|PS|ES|HS)(256|384|512)$';
const JOSEPY_ALGORITHM = /^josepy\.(?:jwa\.)?((?:RS|PS|ES|HS)(?:256|384|512))$/;

/** Whether the file imports josepy (only then are the native rules for its names added). */
export function importsJosepy(imports: ReadonlyMap<string, string>): boolean {
  for (const v of imports.values()) if (v === 'josepy' || v.startsWith('josepy.')) return true;
  return false;
}

export function handleJoseAlgorithm(ctx: PyContext, node: SgNode): void {
  const parent = node.parent();
  if (!parent) return;
  const pk = kindOf(parent);
  // The name inside `jose.RS256` is matched as the attribute; an import line only binds the name.
  if (kindOf(node) === 'identifier') {
    if (pk === 'dotted_name' || pk === 'aliased_import') return;
    if ((pk === 'attribute' && parent.field('attribute')?.id() === node.id()) || (pk === 'keyword_argument' && parent.field('name')?.id() === node.id())) return;
  }
  // `jose.RS256.sign(...)`, `RS256.name`: the object of a longer name is still the algorithm in use.
  const raw = qualify(ctx.imports, node);
  const m = raw ? JOSEPY_ALGORITHM.exec(raw) : null;
  if (!m) return;
  const alg = m[1]!;
  ctx.sink.algorithm(node, alg, alg, {}, { functions: [alg.startsWith('HS') ? 'tag' : 'sign'], library: libraryOf('josepy')! });
}
