// WebCrypto `crypto.subtle.*`: the algorithm identifier (a string or an object such as
// `{ name: 'AES-GCM', length: 256 }`) of each method, resolved through constants and spreads.
// Sizes come only from the object (`length`, `modulusLength`) or, for importKey, from the raw key
// bytes; a missing size stays unknown.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import type { JsFile } from './file.js';
import type { CallHandler } from './node-crypto.js';
import { curveName, digestName } from './names.js';
import { unresolvedSpelling, type UnresolvedRole } from '../../../kb/unresolved.js';

interface Identified {
  spelling: string;
  params: AlgorithmParams;
  unresolved: AlgorithmParamName[];
  /** The `iv`/`counter` node, for the static-IV check. */
  iv?: SgNode;
  /** An EC identifier's `namedCurve` node, when its curve is not one string (a table lookup, see emit). */
  curve?: SgNode;
}

/** Hash of a WebCrypto `hash` member: `'SHA-256'` or `{ name: 'SHA-256' }`. */
function hashOf(f: JsFile, node: SgNode | undefined): string | undefined {
  if (!node) return undefined;
  const s = f.str(node);
  if (s !== undefined) return digestName(s);
  const name = f.props(node)?.get('name');
  return name ? digestName(f.str(name)) : undefined;
}

/**
 * Reads an algorithm identifier; undefined when its name cannot be resolved or is not a WebCrypto algorithm.
 * `aesLength`: whether an AES identifier's `length` is the key size. It is in key generation and derivation
 * (AesKeyGenParams, AesDerivedKeyParams); in encrypt/decrypt AES-CTR's `length` is the counter's bit
 * length (AesCtrParams) and the other AES parameter dictionaries have none, so there the key size is unknown.
 */
export function identify(f: JsFile, node: SgNode | undefined, keyBytes?: number, aesLength = true): Identified | undefined {
  if (!node) return undefined;
  const asString = f.str(node);
  const props = asString === undefined ? f.props(node) : new Map<string, SgNode>();
  if (!props) return undefined;
  const name = asString ?? f.str(props.get('name'));
  if (!name) return undefined;
  const get = (k: string): SgNode | undefined => props.get(k);
  const upper = name.toUpperCase();
  const keyBits = keyBytes === undefined ? undefined : keyBytes * 8;
  const hash = hashOf(f, get('hash'));
  switch (upper) {
    case 'AES-GCM':
    case 'AES-CBC':
    case 'AES-CTR':
    case 'AES-KW': {
      const length = aesLength && get('length') ? f.int(get('length')) : keyBits;
      const tag = get('tagLength') ? f.int(get('tagLength')) : undefined;
      const iv = get('iv') ?? get('counter');
      const ivLen = iv ? f.byteLength(iv) : undefined;
      return {
        spelling: 'AES',
        params: { keySize: length, mode: upper.slice(4), tagLength: tag, ivLength: ivLen === undefined ? undefined : ivLen * 8 },
        unresolved: ['keySize'],
        ...(iv ? { iv } : {}),
      };
    }
    case 'RSA-OAEP':
      return { spelling: 'RSA-OAEP', params: { keySize: f.int(get('modulusLength')), padding: 'OAEP', hash }, unresolved: ['keySize', 'hash'] };
    case 'RSA-PSS':
      return { spelling: 'RSA-PSS', params: { keySize: f.int(get('modulusLength')), padding: 'PSS', hash }, unresolved: ['keySize', 'hash'] };
    case 'RSASSA-PKCS1-V1_5':
      return { spelling: 'RSASSA-PKCS1-v1_5', params: { keySize: f.int(get('modulusLength')), hash }, unresolved: ['keySize', 'hash'] };
    case 'ECDSA':
    case 'ECDH': {
      const curve = curveName(f.str(get('namedCurve')));
      const node = get('namedCurve');
      return { spelling: upper, params: { curve, hash }, unresolved: ['curve'], ...(curve === undefined && node ? { curve: node } : {}) };
    }
    case 'HMAC':
      return {
        spelling: hash ? `HMAC-${hash}` : 'HMAC',
        params: { hash, keySize: get('length') ? f.int(get('length')) : keyBits },
        unresolved: ['hash'],
      };
    case 'PBKDF2':
      return {
        spelling: hash ? `PBKDF2-${hash}` : 'PBKDF2',
        params: { hash, iterations: f.int(get('iterations')) },
        unresolved: ['hash', 'iterations'],
      };
    case 'HKDF':
      return { spelling: hash ? `HKDF-${hash}` : 'HKDF', params: { hash }, unresolved: ['hash'] };
    case 'ED25519':
      return { spelling: 'Ed25519', params: {}, unresolved: [] };
    case 'ED448':
      return { spelling: 'Ed448', params: {}, unresolved: [] };
    case 'X25519':
      return { spelling: 'X25519', params: {}, unresolved: [] };
    case 'X448':
      return { spelling: 'X448', params: {}, unresolved: [] };
    default: {
      const digest = digestName(name);
      return digest ? { spelling: digest, params: {}, unresolved: [] } : undefined;
    }
  }
}

/** True when an algorithm identifier is given but its name cannot be read (a parameter, a lookup). */
function unreadable(f: JsFile, node: SgNode | undefined): boolean {
  if (!node || f.str(node) !== undefined) return false;
  const props = f.props(node);
  return !props || f.str(props.get('name')) === undefined;
}

/**
 * The identified algorithm, or `unknown-<role>` (kb/unresolved.ts) when the identifier's name cannot
 * be read: the call is still cryptography in use.
 */
function identifyOr(f: JsFile, node: SgNode | undefined, role: UnresolvedRole, keyBytes?: number, aesLength = true): Identified | undefined {
  return identify(f, node, keyBytes, aesLength) ?? (unreadable(f, node) ? { spelling: unresolvedSpelling(role), params: {}, unresolved: [] } : undefined);
}

function emit(f: JsFile, call: SgNode, callee: string, id: Identified | undefined, fn: CryptoFunction): void {
  if (!id) return;
  // `namedCurve: webCurves[name]` over a same-file table (`{ [P256]: 'P-256', [P384]: 'P-384' }`): each
  // curve of the table is one the call may use, as for node's cipher tables.
  const curves = id.curve ? [...new Set(f.tableNames(id.curve).map((n) => curveName(n)).filter((c) => c !== undefined))] : [];
  if (curves.length > 0) {
    for (const curve of curves) f.algorithm(call, callee, { spelling: id.spelling, params: { ...id.params, curve }, unresolved: id.unresolved, functions: [fn] });
    return;
  }
  f.algorithm(call, callee, { spelling: id.spelling, params: id.params, unresolved: id.unresolved, functions: [fn] });
  if (id.iv && f.constantBytes(id.iv)) {
    f.signal(call, callee, 'static-iv', `${id.spelling}-${id.params.mode ?? ''} IV is a constant in the source`, { spelling: id.spelling, params: id.params });
  }
}

/** `subtle.method(...)` -> (position of the algorithm identifier, crypto function). */
function at(index: number, fn: CryptoFunction, role: UnresolvedRole, opts: { keyData?: number; skipKdfImport?: boolean; operation?: boolean } = {}): CallHandler {
  return (f, call, callee, args) => {
    const keyBytes = opts.keyData === undefined ? undefined : f.byteLength(args[opts.keyData]);
    const id = identifyOr(f, args[index], role, keyBytes, !opts.operation);
    // Importing a password for PBKDF2/HKDF is not a use of the KDF; deriveBits/deriveKey report it with its parameters.
    if (opts.skipKdfImport && id && /^(PBKDF2|HKDF)/.test(id.spelling)) return;
    emit(f, call, callee, id, fn);
  };
}

const deriveBits: CallHandler = (f, call, callee, args) => {
  const id = identifyOr(f, args[0], 'key-derivation');
  if (!id) return;
  const length = f.int(args[2]);
  if (length !== undefined && /^(PBKDF2|HKDF)/.test(id.spelling)) id.params.outputLength = length;
  emit(f, call, callee, id, id.spelling === 'ECDH' || id.spelling === 'X25519' || id.spelling === 'X448' ? 'keygen' : 'keyderive');
};

const deriveKey: CallHandler = (f, call, callee, args) => {
  const kdf = identifyOr(f, args[0], 'key-derivation');
  const derived = identifyOr(f, args[2], 'key-generator');
  if (kdf && derived?.params.keySize !== undefined && /^(PBKDF2|HKDF)/.test(kdf.spelling)) kdf.params.outputLength = derived.params.keySize;
  emit(f, call, callee, kdf, 'keyderive');
  emit(f, call, callee, derived, 'keygen');
};

const SUBTLE: ReadonlyArray<[string, CallHandler]> = [
  ['generateKey', at(0, 'keygen', 'key-generator')],
  ['importKey', at(2, 'other', 'key-factory', { keyData: 1, skipKdfImport: true })],
  ['encrypt', at(0, 'encrypt', 'cipher', { operation: true })],
  ['decrypt', at(0, 'decrypt', 'cipher', { operation: true })],
  ['sign', at(0, 'sign', 'signature-or-mac')],
  ['verify', at(0, 'verify', 'signature-or-mac')],
  ['digest', at(0, 'digest', 'hash')],
  ['deriveBits', deriveBits],
  ['deriveKey', deriveKey],
  ['wrapKey', at(3, 'encrypt', 'cipher', { operation: true })],
  ['unwrapKey', (f, call, callee, args) => {
    // unwrapKey(format, wrapped, unwrappingKey, unwrapAlgorithm, unwrappedKeyAlgorithm, ...): both are in use.
    emit(f, call, callee, identifyOr(f, args[3], 'cipher', undefined, false), 'decrypt');
    emit(f, call, callee, identifyOr(f, args[4], 'key-factory'), 'other');
  }],
];

/** Keys: the global `webcrypto:subtle.x`, and node's `crypto:subtle.x` / `crypto:webcrypto.subtle.x`. */
export const WEBCRYPTO_CALLS: ReadonlyArray<[string, CallHandler]> = SUBTLE.flatMap(([m, h]) => [
  [`webcrypto:subtle.${m}`, h],
  [`crypto:subtle.${m}`, h],
  [`crypto:webcrypto.subtle.${m}`, h],
] as Array<[string, CallHandler]>);
