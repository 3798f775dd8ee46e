// A hash constructor used as a value rather than called: `HASHES = {"HS256": hashlib.sha256}`, a
// class attribute `SHA256 = hashes.SHA256` that a method later instantiates through `self`. The
// reference is where the algorithm is chosen, so it is reported there. A reference inside a call's
// arguments (`hmac.new(key, msg, hashlib.sha256)`, `PBKDF2HMAC(algorithm=...)`) belongs to that
// call's asset and is not reported again.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import { escapeRegex } from '../common/regex.js';
import { hashFromName, type PyContext } from './context.js';
import { CIPHER_ALGORITHMS, FIXED_SIZE, MODES, PQ_KEY_CLASSES } from './hazmat.js';
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

/** Generic types whose subscript lists types (`typing.Union[A, B]`, `Optional[A]`, `type[A]`, `list[A]`). */
const TYPING_GENERICS = new Set([
  'Union', 'Optional', 'Type', 'type', 'ClassVar', 'Final', 'Annotated', 'Callable', 'List', 'Tuple', 'Sequence', 'Iterable',
  'Iterator', 'Collection', 'Dict', 'Mapping', 'MutableMapping', 'Set', 'FrozenSet', 'list', 'tuple', 'dict', 'set', 'frozenset',
]);

/**
 * Whether a class reference is a type rather than a value in use: inside an annotation (a parameter,
 * return or variable annotation, a `type X = …` alias: tree-sitter's `type` node), an item of a
 * typing generic's subscript (`PublicKeyTypes = typing.Union[dsa.DSAPublicKey, mldsa.MLDSA44PublicKey]`,
 * `Optional[hashes.SHA256]`), or an operand of a `|` union (`hashes.MD5 | hashes.SHA1` as an alias:
 * classes and hash constructors have no other `|`). Lists and tuples (`Callable[[A], B]`) and
 * parentheses on the way are looked through.
 */
export function isTypeExpression(ctx: PyContext, node: SgNode): boolean {
  let cur = node;
  let union = false;
  for (let p = node.parent(); p; cur = p, p = p.parent()) {
    const k = kindOf(p);
    if (k === 'type') return true;
    if (k === 'binary_operator') {
      if (p.field('operator')?.text() !== '|') return union;
      union = true;
      continue;
    }
    if (k === 'subscript') {
      const value = p.field('value');
      if (!value || value.id() === cur.id()) return false;
      const generic = (qualify(ctx.imports, value) ?? value.text()).split('.').at(-1) ?? '';
      return TYPING_GENERICS.has(generic);
    }
    if (k === 'list' || k === 'tuple' || k === 'parenthesized_expression') continue;
    return union;
  }
  return union;
}

/** Calls a hash constructor (or its `.name`) is given to as the PRF of an HMAC or PBKDF2, which report it as their hash. */
const HASH_TAKERS = new Set(['hashlib.pbkdf2_hmac', 'hmac.new', 'hmac.HMAC', 'hmac.digest']);

/**
 * Whether a read of a stored hash constructor gives it to HMAC or PBKDF2: `hmac.new(key, msg, digest)`,
 * or `digest().name` as `hashlib.pbkdf2_hmac`'s hash name (django's `pbkdf2`).
 */
function givenToHmacOrPbkdf2(ctx: PyContext, use: SgNode): boolean {
  let value = use;
  const p = use.parent();
  if (p && kindOf(p) === 'call' && p.field('function')?.id() === use.id()) {
    const attr = p.parent();
    if ((p.field('arguments')?.namedChildren().length ?? 1) !== 0 || !attr || kindOf(attr) !== 'attribute' || attr.field('attribute')?.text() !== 'name') return false;
    value = attr;
  }
  let holder = value.parent();
  if (holder && kindOf(holder) === 'keyword_argument') holder = holder.field('value')?.id() === value.id() ? holder.parent() : null;
  const call = holder && kindOf(holder) === 'argument_list' ? holder.parent() : null;
  const name = call && kindOf(call) === 'call' ? ctx.call(call).name : undefined;
  return name !== undefined && HASH_TAKERS.has(name);
}

/** Where a name is bound or only tested for None (`digest=None`, `digest = …`, `if digest is None`): not a use of its value. */
function notARead(id: SgNode): boolean {
  const p = id.parent();
  if (!p) return true;
  const pk = kindOf(p);
  if (pk === 'parameters' || pk === 'aliased_import' || pk === 'dotted_name') return true;
  if ((pk === 'default_parameter' || pk === 'typed_default_parameter' || pk === 'typed_parameter' || pk === 'keyword_argument') && p.field('name')?.id() === id.id()) return true;
  if (pk === 'typed_parameter' && p.namedChildren()[0]?.id() === id.id()) return true;
  if (pk === 'attribute' && p.field('attribute')?.id() === id.id()) return true;
  if ((pk === 'assignment' || pk === 'augmented_assignment') && p.field('left')?.id() === id.id()) return true;
  return pk === 'comparison_operator' && p.namedChildren().some((c) => kindOf(c) === 'none');
}

/**
 * A hash constructor kept under a name (`digest = hashlib.sha256` in a function or module, a class
 * attribute `digest = hashlib.sha1` read as `self.digest`, or `self.digest = …`) whose every read, in
 * that function, module or class, gives it to HMAC or PBKDF2 as their PRF: those report it as their
 * hash, and it is not a digest of its own (nor a weak-hash finding for PBKDF2-HMAC-SHA1). Any other
 * read, or none in sight, leaves it reported.
 */
function onlyKeysHmacOrPbkdf2(ctx: PyContext, node: SgNode): boolean {
  const assignment = node.parent();
  if (!assignment || kindOf(assignment) !== 'assignment' || assignment.field('right')?.id() !== node.id()) return false;
  const left = assignment.field('left');
  if (!left) return false;
  const scope = assignment.ancestors().find((a) => ['function_definition', 'lambda', 'class_definition'].includes(kindOf(a)));
  const onSelf = kindOf(left) === 'attribute' && ['self', 'cls'].includes(left.field('object')?.text() ?? '');
  let uses: SgNode[];
  if (onSelf || (kindOf(left) === 'identifier' && scope && kindOf(scope) === 'class_definition')) {
    // A class attribute or a field: read as `self.x` / `cls.x` (or `Class.x`) in its class.
    const cls = onSelf ? assignment.ancestors().find((a) => kindOf(a) === 'class_definition') : scope;
    const member = onSelf ? left.field('attribute')?.text() : left.text();
    if (!cls || !member) return false;
    const owners = new Set(['self', 'cls', cls.field('name')?.text() ?? 'self']);
    uses = cls.findAll({ rule: { kind: 'attribute', has: { field: 'attribute', regex: `^${escapeRegex(member)}$` } } })
      .filter((a) => owners.has(a.field('object')?.text() ?? '') && a.id() !== left.id())
      .filter((a) => {
        const p = a.parent();
        return !(p && kindOf(p) === 'assignment' && p.field('left')?.id() === a.id());
      });
  } else if (kindOf(left) === 'identifier') {
    const where = scope && kindOf(scope) !== 'class_definition' ? scope : ctx.root;
    uses = where.findAll({ rule: { kind: 'identifier', regex: `^${escapeRegex(left.text())}$` } }).filter((id) => !notARead(id));
  } else return false;
  return uses.length > 0 && uses.every((u) => givenToHmacOrPbkdf2(ctx, u));
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
  // Compared (`assert signer.digest_method == hashlib.sha256` in itsdangerous' tests): a check of which
  // constructor is kept, not a use, as for cipher classes.
  if (pk === 'comparison_operator') return;
  const raw = qualify(ctx.imports, node);
  if (!raw) return;
  const name = normalise(raw);
  if (!HASH_REFERENCE.test(name) || isArgument(node) || isTypeExpression(ctx, node) || onlyKeysHmacOrPbkdf2(ctx, node)) return;
  const hash = hashFromName(attr);
  if (!hash) return;
  const library = libraryOf(raw);
  ctx.sink.algorithm(node, name.startsWith('hashlib.') ? name : `hashes.${attr}`, hash, {}, { functions: ['digest'], ...(library ? { library } : {}) });
}

/**
 * A pyca cipher class used as a value: `{SymmetricKeyAlgorithm.CAST5: algorithms.CAST5, ...}` (PGPy's
 * OpenPGP cipher table), paramiko's `{"cipher": algorithms.AES, "keysize": 16, "mode": modes.CBC}`,
 * `CIPHER = TripleDES` after `from ...algorithms import TripleDES`, later instantiated as `alg(key)`
 * inside a `Cipher(...)` whose algorithm the code picks at run time (an `unknown-cipher` there). The
 * table is where the ciphers a program can use are named, so each class is reported there. Its key
 * size and mode are unknown unless the same dict entry holds them: a `modes.X` class, and a key size
 * under a key named like `keysize`/`key-size`/`key_len` (16, 24, 32 are bytes, as paramiko's; 128,
 * 192, 256 bits). A class given as an argument (`isinstance(a, algorithms.AES)`), compared (`cls is
 * algorithms.ARC4`), written as a type annotation, imported, or the object of a longer name
 * (`algorithms.AES.block_size`) is not a use.
 */
export const CIPHER_CLASS_SOURCE = `^(${Object.keys(CIPHER_ALGORITHMS).join('|')})$`;

/** Kinds of a parent that make a class name not a value in use. */
const NOT_A_USE = new Set(['attribute', 'type', 'comparison_operator', 'dotted_name', 'aliased_import', 'keyword_argument']);

/**
 * Whether a class name is a value the code keeps (a table entry, an assignment's right side): not
 * called, not an argument (`isinstance`), not compared, annotated, imported, bound or the object of
 * a longer name.
 */
function usedAsValue(ctx: PyContext, node: SgNode, parent: SgNode): boolean {
  const pk = kindOf(parent);
  if ((pk === 'call' && parent.field('function')?.id() === node.id()) || NOT_A_USE.has(pk)) return false;
  if (pk === 'assignment' && parent.field('left')?.id() === node.id()) return false;
  return !isArgument(node) && !isTypeExpression(ctx, node);
}

export function handleCipherReference(ctx: PyContext, node: SgNode): void {
  const member = kindOf(node) === 'identifier' ? node.text() : node.field('attribute')?.text();
  if (!member || !CIPHER_ALGORITHMS[member]) return;
  const parent = node.parent();
  if (!parent || !usedAsValue(ctx, node, parent)) return;
  const raw = qualify(ctx.imports, node);
  if (!raw || normalise(raw) !== `hazmat.ciphers.algorithms.${member}`) return;
  const spelling = CIPHER_ALGORITHMS[member]!;
  const params: AlgorithmParams = {};
  const fixed = FIXED_SIZE[member];
  if (fixed !== undefined) params.keySize = fixed;
  if (kindOf(parent) === 'pair' && parent.field('value')?.id() === node.id()) Object.assign(params, entryFacts(ctx, parent), fixed !== undefined ? { keySize: fixed } : {});
  const unresolved: ('keySize' | 'mode')[] = [];
  if (params.keySize === undefined && spelling !== 'ChaCha20') unresolved.push('keySize');
  if (params.mode === undefined && spelling !== 'ChaCha20' && spelling !== 'RC4') unresolved.push('mode');
  const library = libraryOf(raw);
  ctx.sink.algorithm(node, `algorithms.${member}`, spelling, params, {
    unresolved, functions: ['encrypt', 'decrypt'], ...(library ? { library } : {}),
  });
}

/**
 * pyca's ML-KEM/ML-DSA key classes used as values: asyncssh's
 * `{b'mlkem768': (mlkem.MLKEM768PrivateKey, mlkem.MLKEM768PublicKey), ...}`, whose entry is later
 * instantiated as `self._priv_cls.generate()`. Reported where the table names them, as the cipher
 * classes above; a class called (`.generate()`, handled in hazmat.ts) or only checked is not.
 */
export const PQ_CLASS_SOURCE = `^(${Object.keys(PQ_KEY_CLASSES).join('|')})$`;

export function handlePqClassReference(ctx: PyContext, node: SgNode): void {
  const member = node.field('attribute')?.text();
  if (!member || !PQ_KEY_CLASSES[member]) return;
  const parent = node.parent();
  if (!parent || !usedAsValue(ctx, node, parent)) return;
  const raw = qualify(ctx.imports, node);
  if (!raw || !/^hazmat\.asymmetric\.ml(kem|dsa)\.\w+$/.test(normalise(raw))) return;
  const library = libraryOf(raw);
  ctx.sink.algorithm(node, member, PQ_KEY_CLASSES[member]!, {}, library ? { library } : {});
}

/** Whether a cipher class is imported by its own name (`from ...ciphers.algorithms import TripleDES`). */
export function importsCipherClass(imports: ReadonlyMap<string, string>): boolean {
  for (const [local, q] of imports) {
    const m = /\.ciphers\.algorithms\.(\w+)$/.exec(q);
    if (m && CIPHER_ALGORITHMS[m[1]!] && local === m[1]) return true;
  }
  return false;
}

const KEY_SIZE_ENTRY = /^key[-_ ]?(size|len|length|bits)$/i;

/** Mode and key size held by the other entries of the dict a cipher class is a value of. */
function entryFacts(ctx: PyContext, pair: SgNode): AlgorithmParams {
  const out: AlgorithmParams = {};
  const dict = pair.parent();
  if (!dict || kindOf(dict) !== 'dictionary') return out;
  for (const other of dict.namedChildren()) {
    if (other.id() === pair.id() || kindOf(other) !== 'pair') continue;
    const value = other.field('value');
    const key = ctx.str(other.field('key') ?? undefined);
    if (!value) continue;
    const mode = qualify(ctx.imports, value);
    const m = mode ? /^hazmat\.ciphers\.modes\.(\w+)$/.exec(normalise(mode)) : null;
    if (m && MODES.has(m[1]!)) out.mode = m[1]!;
    else if (key && KEY_SIZE_ENTRY.test(key)) {
      const n = ctx.int(value);
      if (n === 16 || n === 24 || n === 32) out.keySize = n * 8;
      else if (n === 128 || n === 192 || n === 256) out.keySize = n;
    }
  }
  return out;
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
