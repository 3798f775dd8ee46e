// node:crypto calls (also reached through the global `crypto` and `require('crypto')`): hashes, HMAC,
// ciphers, key generation, signatures, KDFs, ECDH and Diffie-Hellman. Argument positions follow the
// Node.js 20 documentation of each function.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams } from '../../../inventory/model.js';
import type { JsFile } from './file.js';
import { KEY_PAIR_TYPES, MODP_GROUPS, curveName, digestName, opensslCipher, slhDsaName } from './names.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';

export type CallHandler = (f: JsFile, call: SgNode, callee: string, args: SgNode[]) => void;

function withHash(base: string, hash: string | undefined): string {
  return hash ? `${base}-${hash}` : base;
}

const bits = (bytes: number | undefined): number | undefined => (bytes === undefined ? undefined : bytes * 8);

const createHash: CallHandler = (f, call, callee, args) => {
  // A case where the name is a boolean is a path that throws before hashing (node-oidc-provider's
  // `const digest = len <= 32 ? 'sha256' : … : false; if (!digest) throw …`): no hash, not an unknown one.
  if (f.eval(args[0]).kind === 'bool') return;
  const name = f.str(args[0]);
  // A name we cannot read, or one that is not a digest we know, is still a hash in use.
  f.algorithm(call, callee, { spelling: name === undefined ? unresolvedSpelling('hash') : digestName(name) ?? name, functions: ['digest'] });
};

const createHmac: CallHandler = (f, call, callee, args) => {
  const name = f.str(args[0]);
  const hash = digestName(name);
  // An unreadable digest name leaves an HMAC of unknown hash (the API fixes the family).
  f.algorithm(call, callee, { spelling: name === undefined ? 'HMAC' : withHash('HMAC', hash ?? name), params: { hash }, unresolved: ['hash'], functions: ['tag'] });
  if (f.literalSecret(args[1])) f.signal(call, callee, 'hardcoded-key', 'HMAC key is written in the source');
};

/** createCipheriv(name, key, iv, options) / createDecipheriv: the name fixes algorithm, mode and usually size. */
function cipher(fn: 'encrypt' | 'decrypt', hasIv: boolean): CallHandler {
  const one = cipherNamed(fn, hasIv);
  return (f, call, callee, args) => {
    const name = f.str(args[0]);
    // `createCipheriv(CIPHERS[algo], ...)`: each cipher of the table is one the call may use.
    const table = name === undefined ? f.tableNames(args[0]).filter((n) => opensslCipher(n)) : [];
    if (table.length > 0) for (const n of table) one(f, call, callee, args, n);
    else one(f, call, callee, args, name ?? sizedAtRunTime(f, args[0]));
  };
}

/**
 * A name built at run time, its unknown parts as `*`: `'aes-' + bits + '-gcm'` and `` `aes-${bits}-gcm` ``
 * are `aes-*-gcm`, `('rsa-' + hashAlgo).toUpperCase()` is `rsa-*` (the case is the matcher's business).
 */
function namePattern(f: JsFile, node: SgNode | undefined): string | undefined {
  const parts: string[] = [];
  const walk = (n: SgNode | null | undefined): boolean => {
    if (!n) return false;
    const k = n.kind() as string;
    if (k === 'binary_expression' && n.field('operator')?.text() === '+') return walk(n.field('left')) && walk(n.field('right'));
    if (k === 'parenthesized_expression') return walk(n.namedChildren()[0]);
    if (k === 'call_expression') {
      const fn = n.field('function');
      const method = (fn?.kind() as string) === 'member_expression' ? fn!.field('property')?.text() : undefined;
      if ((method === 'toUpperCase' || method === 'toLowerCase') && !n.field('arguments')?.namedChildren().length) return walk(fn!.field('object'));
    }
    if (k === 'template_string') {
      for (const c of n.children()) {
        const ck = c.kind() as string;
        if (ck === 'string_fragment') parts.push(c.text());
        else if (ck === 'template_substitution') parts.push('*');
      }
      return true;
    }
    parts.push(f.str(n) ?? '*');
    return true;
  };
  return walk(node) ? parts.join('') : undefined;
}

/**
 * `'aes-' + key.length * 8 + '-gcm'`, `` `aes-${bits}-ctr` ``: AES in a stated mode whose size the
 * key decides at run time, read as the sizeless `aes-gcm` (size from the key when known, else unknown).
 * Only the size may be the unknown part: anything else left open stays an unknown cipher.
 */
function sizedAtRunTime(f: JsFile, node: SgNode | undefined): string | undefined {
  const m = /^aes-\*-([a-z0-9-]+)$/i.exec(namePattern(f, node) ?? '');
  return m ? `aes-${m[1]}` : undefined;
}

function cipherNamed(fn: 'encrypt' | 'decrypt', hasIv: boolean): (f: JsFile, call: SgNode, callee: string, args: SgNode[], name: string | undefined) => void {
  return (f, call, callee, args, name) => {
    const named = name === undefined ? undefined : opensslCipher(name);
    if (!named) {
      // Still a cipher in use: unknown-cipher when the name cannot be read, else the name as written.
      f.algorithm(call, callee, { spelling: name ?? unresolvedSpelling('cipher'), unresolved: ['keySize'], functions: [fn] });
      return;
    }
    const params: AlgorithmParams = { ...named.params };
    if (params.keySize === undefined && named.spelling === 'AES' && hasIv) {
      const keyBits = bits(f.byteLength(args[1]));
      if (keyBits === 128 || keyBits === 192 || keyBits === 256) params.keySize = keyBits;
    }
    const opts = f.props(args[3]);
    const tag = opts?.get('authTagLength');
    if (tag) params.tagLength = bits(f.int(tag));
    if (hasIv) {
      const ivLen = f.byteLength(args[2]);
      if (ivLen !== undefined && ivLen > 0) params.ivLength = ivLen * 8;
    }
    const unresolved = named.spelling === 'AES' ? (['keySize'] as const) : ([] as const);
    f.algorithm(call, callee, { spelling: named.spelling, params, unresolved: [...unresolved], functions: [fn] });
    if (hasIv && params.mode !== 'ECB' && f.constantBytes(args[2])) {
      f.signal(call, callee, 'static-iv', `${name} IV is a constant in the source`, { spelling: named.spelling, params });
    }
    if (f.literalSecret(args[1])) f.signal(call, callee, 'hardcoded-key', `${name} key is written in the source`, { spelling: named.spelling, params });
  };
}

/** generateKeyPair(Sync)(type, options): the type and its options (modulusLength, namedCurve, hash). */
const generateKeyPair: CallHandler = (f, call, callee, args) => {
  const type = f.str(args[0])?.toLowerCase();
  if (!type) {
    f.algorithm(call, callee, { spelling: unresolvedSpelling('key-pair-generator'), unresolved: ['keySize'], functions: ['keygen'] });
    return;
  }
  const opts = f.props(args[1]);
  const opt = (k: string): SgNode | undefined => opts?.get(k);
  const fixed = KEY_PAIR_TYPES[type] ?? slhDsaName(type);
  if (fixed) {
    f.algorithm(call, callee, { spelling: fixed, functions: ['keygen'] });
    return;
  }
  switch (type) {
    case 'rsa':
    case 'rsa-pss':
    case 'dsa': {
      const hash = digestName(f.str(opt('hashAlgorithm') ?? opt('hash')));
      const spelling = type === 'rsa' ? 'RSA' : type === 'rsa-pss' ? 'RSA-PSS' : 'DSA';
      f.algorithm(call, callee, {
        spelling,
        params: { keySize: f.int(opt('modulusLength')), ...(type === 'rsa-pss' ? { hash } : {}) },
        unresolved: ['keySize'],
        functions: ['keygen'],
      });
      return;
    }
    case 'ec':
      // An EC key pair serves ECDSA and ECDH alike; node's docs and most code use it for ECDSA.
      f.algorithm(call, callee, { spelling: 'ECDSA', params: { curve: curveName(f.str(opt('namedCurve'))) }, unresolved: ['curve'], functions: ['keygen'] });
      return;
    case 'dh': {
      const group = f.str(opt('group'));
      if (group && MODP_GROUPS[group]) f.algorithm(call, callee, { spelling: MODP_GROUPS[group]!, functions: ['keygen'] });
      else f.algorithm(call, callee, { spelling: 'DH', params: { keySize: f.int(opt('primeLength')) }, unresolved: ['keySize'], functions: ['keygen'] });
      return;
    }
    default:
  }
};

/** generateKey(Sync)('aes' | 'hmac', { length }). */
const generateKey: CallHandler = (f, call, callee, args) => {
  const type = f.str(args[0])?.toLowerCase();
  const length = f.int(f.props(args[1])?.get('length'));
  if (type === 'aes') f.algorithm(call, callee, { spelling: 'AES', params: { keySize: length }, unresolved: ['keySize'], functions: ['keygen'] });
  else if (type === 'hmac') f.algorithm(call, callee, { spelling: 'HMAC', params: { keySize: length }, unresolved: ['keySize', 'hash'], functions: ['keygen'] });
  else if (type === undefined) f.algorithm(call, callee, { spelling: unresolvedSpelling('key-generator'), params: { keySize: length }, unresolved: ['keySize'], functions: ['keygen'] });
};

/** A signature scheme as the handlers report it. */
interface Signature {
  spelling: string;
  params: AlgorithmParams;
  unresolved: AlgorithmParamName[];
}

/** The signature a node signer name states: `RSA-SHA256`, `ecdsa-with-SHA256`, `sha256WithRSAEncryption`. */
function namedSignature(name: string): Signature | undefined {
  const m = /^(rsa|ecdsa|dsa)-(.+)$/i.exec(name) ?? /^(.+)with(rsa|ecdsa)(?:encryption)?$/i.exec(name);
  if (!m) return undefined;
  const [kind, digest] = /^(rsa|ecdsa|dsa)$/i.test(m[1]!) ? [m[1]!, m[2]!] : [m[2]!, m[1]!];
  const hash = digestName(digest);
  const upper = kind.toUpperCase();
  return {
    spelling: upper,
    params: { hash, ...(upper === 'RSA' ? { padding: 'PKCS1v15' } : {}) },
    unresolved: upper === 'RSA' || upper === 'DSA' ? ['keySize'] : ['curve'],
  };
}

/** A key pair the file generates with node's `generateKeyPair(Sync)`: its type and options. */
function generatedPair(f: JsFile, key: SgNode | undefined): { type: string; opts: Map<string, SgNode> | undefined } | undefined {
  const p = f.producer(key);
  if (!p || !/^crypto:generateKeyPair(Sync)?$/.test(p.callee)) return undefined;
  const a = p.call.field('arguments')?.namedChildren() ?? [];
  const type = f.str(a[0])?.toLowerCase();
  return type === undefined ? undefined : { type, opts: f.props(a[1]) };
}

/**
 * The signature scheme the key argument of a node signing call fixes (`crypto.sign`'s third argument,
 * `Sign.sign`'s first), `hash` being the digest the call names: an RSA key object's `padding`
 * (`RSA_PKCS1_PSS_PADDING` is RSA-PSS, with its `saltLength`; `RSA_PKCS1_PADDING` PKCS#1 v1.5), else the
 * type of a key pair the file generates (node signs with an `rsa` key's PKCS#1 v1.5 padding by default,
 * an `rsa-pss` key with PSS, an `ec` key with ECDSA), with that pair's modulus or curve. Undefined when
 * neither is in sight: a PEM string or a KeyObject from elsewhere may be of any type.
 */
function keySignature(f: JsFile, keyArg: SgNode | undefined, hash: string | undefined): Signature | undefined {
  const opts = f.props(keyArg);
  const pair = generatedPair(f, opts ? opts.get('key') : keyArg);
  const padNode = opts?.get('padding');
  const padding = padNode ? rsaPadding(f, padNode) : undefined;
  const rsaKey = pair === undefined || pair.type === 'rsa' || pair.type === 'rsa-pss';
  const keySize = pair && /^(rsa|rsa-pss|dsa)$/.test(pair.type) ? f.int(pair.opts?.get('modulusLength')) : undefined;
  if (rsaKey && (padding === 'PSS' || (padding === undefined && pair?.type === 'rsa-pss'))) {
    // An `rsa-pss` key may be bound to a digest of its own (`hashAlgorithm`).
    const pssHash = hash ?? digestName(f.str(pair?.opts?.get('hashAlgorithm') ?? pair?.opts?.get('hash')));
    const salt = f.int(opts?.get('saltLength'));
    return {
      spelling: 'RSA-PSS',
      params: { keySize, padding: 'PSS', hash: pssHash, ...(salt !== undefined && salt >= 0 ? { saltLength: salt } : {}) },
      unresolved: ['keySize', 'hash'],
    };
  }
  if (rsaKey && (padding === 'PKCS1v15' || (padding === undefined && pair?.type === 'rsa'))) {
    // Named as the signature scheme: RSA with PKCS#1 v1.5 padding and no digest reads as encryption.
    return { spelling: 'RSASSA-PKCS1-v1_5', params: { keySize, hash }, unresolved: ['keySize', 'hash'] };
  }
  if (padding !== undefined || !pair) return undefined;
  if (pair.type === 'ec') return { spelling: 'ECDSA', params: { curve: curveName(f.str(pair.opts?.get('namedCurve'))), hash }, unresolved: ['curve', 'hash'] };
  if (pair.type === 'dsa') return { spelling: 'DSA', params: { keySize, hash }, unresolved: ['keySize', 'hash'] };
  return undefined;
}

/** Methods of node's Sign/Verify objects: `sign(key)`, `verify(key, signature)`, after `update`/`write`/`end`. */
const SIGN_USE = new Set(['sign', 'verify']);
const SIGN_FEED = new Set(['update', 'write', 'end']);

/**
 * createSign/createVerify(name): `RSA-SHA256` names RSA PKCS#1 v1.5 with SHA-256; a bare digest
 * (`SHA256`) leaves the key type to the key given to the object's `sign`/`verify` (keySignature), and
 * when that key says nothing only the digest is reported.
 */
function signer(fn: 'sign' | 'verify'): CallHandler {
  return (f, call, callee, args) => {
    const name = f.str(args[0]);
    const named = name === undefined ? undefined : namedSignature(name);
    const hash = named ? named.params.hash : digestName(name);
    // The key the object signs or verifies with: its padding, type and size are the scheme's.
    const byKey = f.linkedCalls(call, SIGN_USE, SIGN_FEED).map((use) => keySignature(f, use.field('arguments')?.namedChildren()[0], hash)).filter((s) => s !== undefined);
    if (byKey.length > 0 && (name === undefined || named || hash)) {
      const seen = new Set<string>();
      for (const s of byKey) {
        const key = JSON.stringify(s);
        if (seen.has(key)) continue;
        seen.add(key);
        f.algorithm(call, callee, { ...s, functions: [fn] });
      }
      return;
    }
    if (named) {
      f.algorithm(call, callee, { ...named, functions: [fn] });
      return;
    }
    if (!name) {
      // `createSign(('rsa-' + hashAlgo).toUpperCase())` (DKIM signers): RSA PKCS#1 v1.5, digest unknown.
      // Named as the signature scheme: RSA with PKCS#1 v1.5 padding and no digest reads as encryption.
      const family = /^(rsa|ecdsa|dsa)-\*$/i.exec(namePattern(f, args[0]) ?? '')?.[1]?.toUpperCase();
      if (family) {
        f.algorithm(call, callee, {
          spelling: family === 'RSA' ? 'RSASSA-PKCS1-v1_5' : family,
          unresolved: family === 'ECDSA' ? ['curve', 'hash'] : ['keySize', 'hash'],
          functions: [fn],
        });
      } else f.algorithm(call, callee, { spelling: unresolvedSpelling('signature'), functions: [fn] });
      return;
    }
    if (hash) f.algorithm(call, callee, { spelling: hash, functions: ['digest'] });
  };
}

/**
 * crypto.sign/verify(algorithm, data, key): the digest the algorithm names, the scheme the key fixes
 * (keySignature). `null`/`undefined` lets the key decide: Ed25519/Ed448 when the key comes from such a
 * key pair. A call whose key and digest both stay unknown is still a signature (`unknown-signature`).
 */
function oneShotSign(fn: 'sign' | 'verify'): CallHandler {
  return (f, call, callee, args) => {
    const alg = f.eval(args[0]);
    if (alg.kind === 'none') {
      const pair = generatedPair(f, f.props(args[2])?.get('key') ?? args[2]);
      if (pair?.type === 'ed25519' || pair?.type === 'ed448') {
        f.algorithm(call, callee, { spelling: pair.type === 'ed25519' ? 'Ed25519' : 'Ed448', functions: [fn] });
        return;
      }
    }
    const name = alg.kind === 'str' ? alg.value : undefined;
    const named = name === undefined ? undefined : namedSignature(name);
    const hash = named ? named.params.hash : digestName(name);
    const s = keySignature(f, args[2], hash) ?? named;
    if (s) f.algorithm(call, callee, { ...s, functions: [fn] });
    else if (hash) f.algorithm(call, callee, { spelling: hash, functions: ['digest'] });
    else if (name === undefined) f.algorithm(call, callee, { spelling: unresolvedSpelling('signature'), functions: [fn] });
  };
}

function pbkdf2(): CallHandler {
  // pbkdf2(Sync)(password, salt, iterations, keylen, digest)
  return (f, call, callee, args) => {
    const hash = digestName(f.str(args[4]));
    f.algorithm(call, callee, {
      spelling: withHash('PBKDF2', hash),
      params: { hash, iterations: f.int(args[2]), outputLength: bits(f.int(args[3])) },
      unresolved: ['hash', 'iterations', 'outputLength'],
      functions: ['keyderive'],
    });
    if (f.literalSecret(args[0])) f.signal(call, callee, 'hardcoded-password', 'PBKDF2 password is written in the source');
  };
}

/** scrypt(Sync)(password, salt, keylen, options): N/cost, r/blockSize, p/parallelization. Node's documented defaults apply when no options are passed. */
const scrypt: CallHandler = (f, call, callee, args) => {
  const optsArg = args[3] && !['arrow_function', 'function_expression', 'function'].includes(args[3].kind() as string) ? args[3] : undefined;
  const opts = optsArg ? f.props(optsArg) : new Map<string, SgNode>();
  // Node's documented defaults (N=16384, r=8, p=1) apply to each option the call leaves out; options
  // held in something we cannot read stay unknown.
  const read = (names: string[], fallback: number): number | undefined => {
    if (!opts) return undefined;
    const node = names.map((k) => opts.get(k)).find((x) => x !== undefined);
    return node ? f.int(node) : fallback;
  };
  const n = read(['N', 'cost'], 16384);
  const r = read(['r', 'blockSize'], 8);
  const p = read(['p', 'parallelization'], 1);
  f.algorithm(call, callee, {
    spelling: 'scrypt',
    params: {
      cost: n,
      memoryCost: n !== undefined && r !== undefined ? (128 * n * r) / 1024 : undefined,
      parallelism: p,
      outputLength: bits(f.int(args[2])),
    },
    unresolved: ['cost', 'memoryCost', 'parallelism', 'outputLength'],
    functions: ['keyderive'],
  });
  if (f.literalSecret(args[0])) f.signal(call, callee, 'hardcoded-password', 'scrypt password is written in the source');
};

/** hkdf(Sync)(digest, ikm, salt, info, keylen); also @panva/hkdf's `hkdf`, which copies the signature. */
export const hkdf: CallHandler = (f, call, callee, args) => {
  const hash = digestName(f.str(args[0]));
  f.algorithm(call, callee, {
    spelling: withHash('HKDF', hash),
    params: { hash, outputLength: bits(f.int(args[4])) },
    unresolved: ['hash', 'outputLength'],
    functions: ['keyderive'],
  });
};

const createECDH: CallHandler = (f, call, callee, args) => {
  const curve = curveName(f.str(args[0]));
  f.algorithm(call, callee, { spelling: 'ECDH', params: { curve }, unresolved: ['curve'], functions: ['keygen'] });
};

/**
 * createDiffieHellman(primeLength | prime, ...): a length makes OpenSSL generate a random prime of that
 * size (FFDH-<size>, not a named group); a prime buffer gives no size.
 */
const createDiffieHellman: CallHandler = (f, call, callee, args) => {
  f.algorithm(call, callee, { spelling: 'DH', params: { keySize: f.int(args[0]) }, unresolved: ['keySize'], functions: ['keygen'] });
};

const getDiffieHellman: CallHandler = (f, call, callee, args) => {
  const group = f.str(args[0]);
  const entry = group ? MODP_GROUPS[group.toLowerCase()] : undefined;
  if (entry) f.algorithm(call, callee, { spelling: entry, functions: ['keygen'] });
};

/** `crypto.constants` RSA paddings, by name and by value (node's constants are OpenSSL's numbers). */
const RSA_PADDINGS: Readonly<Record<string, string>> = {
  RSA_PKCS1_PADDING: 'PKCS1v15', RSA_PKCS1_OAEP_PADDING: 'OAEP', RSA_NO_PADDING: 'NoPadding', RSA_PKCS1_PSS_PADDING: 'PSS',
  1: 'PKCS1v15', 4: 'OAEP', 3: 'NoPadding', 6: 'PSS',
};

/** The padding a `padding:` option names: `crypto.constants.RSA_PKCS1_PADDING` (any receiver: the name is node's), or its number. */
function rsaPadding(f: JsFile, node: SgNode): string | undefined {
  const v = f.eval(node);
  if (v.kind === 'int') return RSA_PADDINGS[v.value];
  const path = v.kind === 'member' ? v.path : (node.kind() as string) === 'member_expression' ? node.text() : '';
  return RSA_PADDINGS[path.slice(path.lastIndexOf('.') + 1)];
}

/**
 * publicEncrypt/privateDecrypt(key, buffer) are RSA encryption, privateEncrypt/publicDecrypt the raw
 * PKCS#1 v1.5 signature primitive. The padding is an option of the key object: its documented default
 * (OAEP with SHA-1 for encryption, PKCS#1 v1.5 for privateEncrypt) applies only when the key is an object
 * literal that leaves it out; a key held elsewhere (a PEM string, a KeyObject, a parameter) may carry
 * any padding, so it stays unknown. The RSA key itself is quantum-vulnerable whatever the padding.
 */
function rsaCrypt(fn: 'encrypt' | 'decrypt' | 'sign' | 'verify'): CallHandler {
  const signature = fn === 'sign' || fn === 'verify';
  return (f, call, callee, args) => {
    const opts = f.props(args[0]);
    const padNode = opts?.get('padding');
    const padding = padNode ? rsaPadding(f, padNode) : opts ? (signature ? 'PKCS1v15' : 'OAEP') : undefined;
    const params: AlgorithmParams = { ...(padding ? { padding } : {}) };
    if (padding === 'OAEP') {
      const hashNode = opts?.get('oaepHash');
      params.hash = hashNode ? digestName(f.str(hashNode)) : 'SHA-1';
    }
    // PKCS#1 v1.5 padding under a private-key operation is the signature scheme's (block type 1), named
    // as such so the registry does not take it for PKCS#1 v1.5 encryption.
    if (signature && padding === 'PKCS1v15') {
      f.algorithm(call, callee, { spelling: 'RSASSA-PKCS1-v1_5', unresolved: ['keySize'], functions: [fn] });
      return;
    }
    f.algorithm(call, callee, { spelling: 'RSA', params, unresolved: ['keySize', 'padding', ...(padding === 'OAEP' ? (['hash'] as const) : [])], functions: [fn] });
  };
}

export const NODE_CRYPTO_CALLS: ReadonlyArray<[string, CallHandler]> = [
  ['createHash', createHash],
  ['hash', createHash],
  ['createHmac', createHmac],
  ['createCipheriv', cipher('encrypt', true)],
  ['createDecipheriv', cipher('decrypt', true)],
  ['createCipher', cipher('encrypt', false)],
  ['createDecipher', cipher('decrypt', false)],
  ['generateKeyPair', generateKeyPair],
  ['generateKeyPairSync', generateKeyPair],
  ['generateKey', generateKey],
  ['generateKeySync', generateKey],
  ['createSign', signer('sign')],
  ['createVerify', signer('verify')],
  ['sign', oneShotSign('sign')],
  ['verify', oneShotSign('verify')],
  ['pbkdf2', pbkdf2()],
  ['pbkdf2Sync', pbkdf2()],
  ['scrypt', scrypt],
  ['scryptSync', scrypt],
  ['hkdf', hkdf],
  ['hkdfSync', hkdf],
  ['createECDH', createECDH],
  ['createDiffieHellman', createDiffieHellman],
  ['getDiffieHellman', getDiffieHellman],
  ['createDiffieHellmanGroup', getDiffieHellman],
  ['publicEncrypt', rsaCrypt('encrypt')],
  ['privateDecrypt', rsaCrypt('decrypt')],
  ['privateEncrypt', rsaCrypt('sign')],
  ['publicDecrypt', rsaCrypt('verify')],
].map(([name, h]) => [`crypto:${name as string}`, h as CallHandler]);
