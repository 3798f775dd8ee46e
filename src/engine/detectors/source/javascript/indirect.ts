// WebCrypto and node:crypto objects the file obtains from code it cannot see: a helper's return value
// (`const subtle = util.getWebCrypto()`, `const nodeCrypto = util.getNodeCrypto()`), a parameter, a
// field set elsewhere. The receiver cannot be named, so a call is taken for the API only on evidence
// of its own, never on a method name alone (`.sign(`, `.encrypt(`, `.digest(` belong to many APIs):
// - WebCrypto: the SubtleCrypto method name, an argument count that method accepts, and an algorithm
//   identifier that is a WebCrypto algorithm name (`'RSASSA-PKCS1-v1_5'`, `{ name: 'ECDH', ... }`);
//   importKey also needs a key format (`'raw'`, `'jwk'`...). When the identifier cannot be read, only a
//   receiver named like WebCrypto (`subtle`, `webCrypto`) makes it an `unknown-<role>` use.
// - node:crypto: a method name only node's API has (`createCipheriv`, `createECDH`, `publicEncrypt`,
//   `pbkdf2Sync`...), or `generateKeyPair(Sync)` with a node key type (`'rsa'`, `'ec'`, `'ed25519'`);
//   an unreadable algorithm name is reported as `unknown-<role>` only for a receiver named like crypto
//   (`nodeCrypto`, `this.crypto`).
// The same holds for a value a module of the project hands out (`env.root.crypto.subtle` after
// `require('./helpers')`, `import { webcrypto } from './platform.js'`), where node's method names
// also need a receiver named like crypto (a project's own `utils.createHash(text)` is common), and
// for a package's `.subtle` (`forge.util.globalScope.crypto.subtle`, a polyfill's).
// Such calls name no library: the receiver may be node's module, a browser's, or a polyfill.
import type { SgNode } from '@ast-grep/napi';
import type { JsFile } from './file.js';
import { isLocalModule } from './cross-file.js';
import { KEY_PAIR_TYPES, slhDsaName } from './names.js';
import { NODE_CRYPTO_CALLS, type CallHandler } from './node-crypto.js';
import { WEBCRYPTO_CALLS } from './webcrypto.js';

/** WebCrypto algorithm names (W3C Web Cryptography API and its Secure Curves additions), upper-cased. */
const WEBCRYPTO_NAMES = new Set([
  'AES-GCM', 'AES-CBC', 'AES-CTR', 'AES-KW', 'RSA-OAEP', 'RSA-PSS', 'RSASSA-PKCS1-V1_5', 'ECDSA', 'ECDH', 'HMAC',
  'PBKDF2', 'HKDF', 'ED25519', 'ED448', 'X25519', 'X448', 'SHA-1', 'SHA-256', 'SHA-384', 'SHA-512',
]);

/** SubtleCrypto method -> (position of the algorithm identifier, argument counts it accepts). */
const SUBTLE_SHAPES: Readonly<Record<string, { alg: number; arity: readonly number[] }>> = {
  generateKey: { alg: 0, arity: [3] },
  importKey: { alg: 2, arity: [5] },
  encrypt: { alg: 0, arity: [3] },
  decrypt: { alg: 0, arity: [3] },
  sign: { alg: 0, arity: [3] },
  verify: { alg: 0, arity: [4] },
  digest: { alg: 0, arity: [2] },
  deriveBits: { alg: 0, arity: [2, 3] },
  deriveKey: { alg: 0, arity: [5] },
  wrapKey: { alg: 3, arity: [4] },
  unwrapKey: { alg: 3, arity: [7] },
};
const KEY_FORMATS = new Set(['raw', 'pkcs8', 'spki', 'jwk']);

/** node:crypto functions no other common API spells the same way. */
const NODE_ONLY = [
  'generateKeyPair',
  'createCipheriv', 'createDecipheriv', 'createHash', 'createHmac', 'createSign', 'createVerify', 'createECDH',
  'createDiffieHellman', 'createDiffieHellmanGroup', 'getDiffieHellman', 'publicEncrypt', 'privateDecrypt',
  'privateEncrypt', 'publicDecrypt', 'pbkdf2Sync', 'scryptSync', 'hkdfSync', 'generateKeyPairSync',
];
/** Positions of the algorithm name node's handlers read (absent: the call has no name to read). */
const NODE_NAME_ARG: Readonly<Record<string, number>> = {
  createCipheriv: 0, createDecipheriv: 0, createHash: 0, createHmac: 0, createSign: 0, createVerify: 0, createECDH: 0,
  createDiffieHellmanGroup: 0, getDiffieHellman: 0, hkdfSync: 0, generateKeyPairSync: 0, generateKeyPair: 0,
};
const NODE_KEY_TYPES = new Set(['rsa', 'rsa-pss', 'dsa', 'ec', 'dh', ...Object.keys(KEY_PAIR_TYPES)]);

/** The `subtle.*` calls the main pass names (node's `crypto.subtle`, the global's), and a method of any `.subtle`. */
const MAIN_SUBTLE: ReadonlySet<string> = new Set(WEBCRYPTO_CALLS.map(([k]) => k));
const SUBTLE_MEMBER = /[:.]subtle\.[A-Za-z]+$/;

const SUBTLE_HANDLERS = new Map(WEBCRYPTO_CALLS.filter(([k]) => k.startsWith('webcrypto:subtle.')).map(([k, h]) => [k.slice('webcrypto:subtle.'.length), h]));
const NODE_HANDLERS = new Map(NODE_CRYPTO_CALLS.map(([k, h]) => [k.slice('crypto:'.length), h]));

const METHODS = [...Object.keys(SUBTLE_SHAPES), ...NODE_ONLY];
const METHOD_TEXT = new RegExp(`\\.(${METHODS.join('|')})\\s*\\(`);
// The query selects the method names (short texts, cheap to match natively), and the call is their
// grandparent: `webCrypto.sign(...)` is call_expression > member_expression > property_identifier.
const RULE = { kind: 'property_identifier', regex: `^(${METHODS.join('|')})$` };
const NODE_ONLY_SET = new Set(NODE_ONLY);

const LOCAL_VALUES = new Set(['object', 'new_expression', 'class', 'arrow_function', 'function_expression', 'function', 'array', 'string', 'template_string']);

const WEBCRYPTO_RECEIVER = /(subtle|web_?crypto)(\(\))?$/i;
const CRYPTO_RECEIVER = /crypto(\(\))?$/i;

/** Name of a WebCrypto algorithm identifier (a string or `{ name }`), when the file states it. */
function webName(f: JsFile, node: SgNode | undefined): string | undefined {
  const s = f.str(node) ?? f.str(f.props(node)?.get('name'));
  return s !== undefined && WEBCRYPTO_NAMES.has(s.toUpperCase()) ? s : undefined;
}

function args(call: SgNode): SgNode[] {
  return (call.field('arguments')?.namedChildren() ?? []).filter((c) => (c.kind() as string) !== 'comment');
}

/** Selects the method names (short texts, cheap to match natively); the main query includes it when the text names one. */
export function indirectRule(text: string): { kind: string; regex: string } | undefined {
  return METHOD_TEXT.test(text) ? RULE : undefined;
}

/**
 * A call on a receiver the import-based naming cannot see, given its method name (see the header for
 * the evidence each needs): `webCrypto.sign(...)` is call_expression > member_expression > property_identifier.
 */
export function indirectCall(f: JsFile, prop: SgNode): void {
  const fn = prop.parent();
  const call = fn?.parent();
  if (!fn || !call || (fn.kind() as string) !== 'member_expression') return;
  const isNew = (call.kind() as string) === 'new_expression';
  if (!isNew && (call.kind() as string) !== 'call_expression') return;
  // The member must be the callee, not an argument (`f(webCrypto.sign)`).
  if (call.field(isNew ? 'constructor' : 'function')?.id() !== fn.id()) return;
  const method = prop.text();
  const a = args(call);
  // Shape first (native calls only): most `.sign(`/`.encrypt(` calls of other APIs stop here,
  // before any name resolution.
  const shape = isNew ? undefined : SUBTLE_SHAPES[method];
  const subtleShaped = shape !== undefined && shape.arity.includes(a.length);
  if (!subtleShaped && !NODE_ONLY_SET.has(method)) return;
  // A receiver the imports name belongs to the main pass (handled there, or another library's API).
  // One reached through a module of the project (`env.root.crypto.subtle` after `require('./helpers')`,
  // `import { webcrypto } from './platform.js'`) is a value that module holds, as unseen as a helper's
  // return value: the main pass has no handler for it, so it is read here on the same evidence. So is
  // a package's `.subtle` the main pass does not name (`forge.util.globalScope.crypto.subtle`, a
  // WebCrypto polyfill's): only WebCrypto has a SubtleCrypto.
  const q = f.adapter.qualify(fn);
  const imported = q?.includes(':') === true;
  if (imported && !isLocalModule(q!.slice(0, q!.indexOf(':'))) && !(SUBTLE_MEMBER.test(q!) && !MAIN_SUBTLE.has(q!))) return;
  // A receiver the file defines itself (`const crypto = { createHash: ... }`, `new Hasher()`) is not the API.
  if (LOCAL_VALUES.has(f.ev.origin(fn.field('object'))?.kind() as string)) return;
  // The receiver's last name: `webCrypto` in `webCrypto.sign`, `crypto` in `this.crypto.createHash`.
  const receiver = fn.field('object')?.text().replace(/^.*[.\s]/, '') ?? '';
  const handler = subtleShaped ? indirectSubtle(f, method, receiver, a) : undefined;
  if (handler) {
    handler(f, call, `:subtle.${method}`, a);
    return;
  }
  // A project module's functions may be named like node's (`utils.createHash(text)`): through an
  // import, node's names count only on a receiver named like crypto (`platform.nodeCrypto.createHash`).
  if (imported && !CRYPTO_RECEIVER.test(receiver)) return;
  // node's `sign`/`verify`/`generateKey` share their names with SubtleCrypto's and with most signing
  // APIs (an OpenPGP message's `message.verify(keys, date, …)`): without a WebCrypto algorithm they
  // are node's only on a receiver named like crypto (`nodeCrypto.sign(null, data, key)`).
  if (!NODE_ONLY_SET.has(method) && !CRYPTO_RECEIVER.test(receiver)) return;
  const node = indirectNode(f, method, receiver, a);
  if (node) node(f, call, `:${method}`, a);
}

function indirectSubtle(f: JsFile, method: string, receiver: string, a: SgNode[]): CallHandler | undefined {
  const shape = SUBTLE_SHAPES[method]!;
  if (method === 'importKey' && !KEY_FORMATS.has(f.str(a[0]) ?? '')) return undefined;
  if (webName(f, a[shape.alg]) === undefined && !WEBCRYPTO_RECEIVER.test(receiver)) return undefined;
  return SUBTLE_HANDLERS.get(method);
}

function indirectNode(f: JsFile, method: string, receiver: string, a: SgNode[]): CallHandler | undefined {
  const handler = NODE_HANDLERS.get(method);
  if (!handler) return undefined;
  const nameArg = NODE_NAME_ARG[method];
  const name = nameArg === undefined ? undefined : f.str(a[nameArg]);
  if (method === 'generateKeyPair' || method === 'generateKeyPairSync') {
    const type = name?.toLowerCase();
    const known = type !== undefined && (NODE_KEY_TYPES.has(type) || slhDsaName(type) !== undefined);
    if (known || (method === 'generateKeyPairSync' && name === undefined && CRYPTO_RECEIVER.test(receiver))) return handler;
    return undefined;
  }
  if (nameArg !== undefined && name === undefined && !CRYPTO_RECEIVER.test(receiver)) return undefined;
  return handler;
}
