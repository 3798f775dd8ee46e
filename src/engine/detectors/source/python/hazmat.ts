// pyca/cryptography: hashes, ciphers with modes, AEAD classes, asymmetric key generation, padding
// schemes linked to the key they are used with, KDFs, Fernet and key (de)serialisation.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, LibraryRef } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import { isConstantBytes } from '../common/value.js';
import { arg, pyIntString } from './adapter.js';
import { libraryOf } from './imports.js';
import { parameterClass } from './annotations.js';
import type { Call, PyContext } from './context.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';

/** pyca cipher classes (`algorithms.X`) and the spelling the knowledge base resolves. */
export const CIPHER_ALGORITHMS: Record<string, string> = {
  AES: 'AES', AES128: 'AES', AES256: 'AES', Camellia: 'Camellia', TripleDES: 'DESede', Blowfish: 'Blowfish',
  CAST5: 'CAST5', ARC4: 'RC4', IDEA: 'IDEA', SEED: 'SEED', SM4: 'SM4', ChaCha20: 'ChaCha20',
  // cryptography.hazmat.decrepit.ciphers.algorithms only (normalised to the same prefix).
  RC2: 'RC2',
};
export const FIXED_SIZE: Record<string, number> = { AES128: 128, AES256: 256 };
export const MODES = new Set(['CBC', 'CTR', 'OFB', 'CFB', 'CFB8', 'GCM', 'XTS', 'ECB']);
const AEAD: Record<string, { spelling: string; mode?: string }> = {
  AESGCM: { spelling: 'AES', mode: 'GCM' }, AESCCM: { spelling: 'AES', mode: 'CCM' }, AESSIV: { spelling: 'AES', mode: 'SIV' },
  AESOCB3: { spelling: 'AES', mode: 'OCB' }, AESGCMSIV: { spelling: 'AES', mode: 'GCM-SIV' }, ChaCha20Poly1305: { spelling: 'ChaCha20-Poly1305' },
};
const EDWARDS: Record<string, string> = {
  Ed25519PrivateKey: 'Ed25519', Ed448PrivateKey: 'Ed448', X25519PrivateKey: 'X25519', X448PrivateKey: 'X448',
  Ed25519PublicKey: 'Ed25519', Ed448PublicKey: 'Ed448', X25519PublicKey: 'X25519', X448PublicKey: 'X448',
};
const EDWARDS_METHODS = new Set(['generate', 'from_private_bytes', 'from_public_bytes']);

/** Key algorithms whose numbers classes make keys; Edwards keys have none, and their class fixes everything. */
type NumbersKind = 'RSA' | 'DSA' | 'DH' | 'EC';
type KeyKind = NumbersKind | 'Ed25519' | 'Ed448';

/**
 * Keys built from their numbers (`rsa.RSAPublicNumbers(e, n).public_key()`, `dsa.DSAPrivateNumbers(x,
 * public_numbers)`, `ec.EllipticCurvePublicNumbers(x, y, curve)`): the class fixes the algorithm; the
 * size is the bit length of the modulus (RSA `n`) or prime (DSA/DH `p`) when that is an integer
 * written in the file, the curve comes from the `curve` argument, and a private or public numbers
 * object takes them from the numbers it is built on (`from`).
 */
const NUMBERS: Record<string, { kind: NumbersKind; modulus?: [number, string]; curve?: [number, string]; from?: [number, string] }> = {
  RSAPublicNumbers: { kind: 'RSA', modulus: [1, 'n'] },
  RSAPrivateNumbers: { kind: 'RSA', from: [6, 'public_numbers'] },
  DSAParameterNumbers: { kind: 'DSA', modulus: [0, 'p'] },
  DSAPublicNumbers: { kind: 'DSA', from: [1, 'parameter_numbers'] },
  DSAPrivateNumbers: { kind: 'DSA', from: [1, 'public_numbers'] },
  DHParameterNumbers: { kind: 'DH', modulus: [0, 'p'] },
  DHPublicNumbers: { kind: 'DH', from: [1, 'parameter_numbers'] },
  DHPrivateNumbers: { kind: 'DH', from: [1, 'public_numbers'] },
  EllipticCurvePublicNumbers: { kind: 'EC', curve: [2, 'curve'] },
  EllipticCurvePrivateNumbers: { kind: 'EC', from: [1, 'public_numbers'] },
};
const NUMBERS_MODULE: Record<NumbersKind, string> = { RSA: 'rsa', DSA: 'dsa', DH: 'dh', EC: 'ec' };
/** Methods that return the key (or parameters) of the object they are called on, or one made from them. */
const SAME_KEY_METHODS = new Set(['public_key', 'private_key', 'parameters', 'generate_private_key', 'public_numbers', 'private_numbers', 'parameter_numbers']);

/** The numbers class a qualified callee constructs (`hazmat.asymmetric.rsa.RSAPublicNumbers`), if it is one. */
function numbersClass(name: string): keyof typeof NUMBERS | undefined {
  const m = /^hazmat\.asymmetric\.(rsa|dsa|dh|ec)\.(\w+Numbers)$/.exec(name);
  const spec = m ? NUMBERS[m[2]!] : undefined;
  return spec && NUMBERS_MODULE[spec.kind] === m![1] ? m![2]! : undefined;
}

/**
 * Bit length of an integer written in the file (a modulus or prime), through variables: a literal
 * (`0xFFFF…`) or a string turned into one (`int("FFFF…", 16)`, `int("1185…")`, `int("0x…", 0)`, the
 * string possibly split over lines). Read as a BigInt: such numbers are far past a JS number.
 */
function literalBits(ctx: PyContext, node: SgNode | undefined): number | undefined {
  const target = node && (kindOf(node) === 'integer' || kindOf(node) === 'call' ? node : ctx.ev.origin(node));
  if (!target) return undefined;
  let n: bigint | undefined;
  if (kindOf(target) === 'integer') {
    try {
      n = BigInt(target.text().replace(/_/g, '').toLowerCase());
    } catch {
      return undefined;
    }
  } else if (kindOf(target) === 'call' && target.field('function')?.text() === 'int' && !ctx.imports.has('int')) {
    const args = ctx.call(target).args;
    const text = ctx.str(arg(args, 0));
    const baseNode = arg(args, 1, 'base');
    const base = baseNode ? ctx.int(baseNode) : 10;
    n = text !== undefined && base !== undefined ? pyIntString(text, base) : undefined;
  }
  return n !== undefined && n > 1n ? n.toString(2).length : undefined;
}

/**
 * pyca's post-quantum key classes (cryptography 47): `mlkem.MLKEM768PrivateKey.generate()`,
 * `mldsa.MLDSA65PrivateKey.from_seed_bytes(seed)`, `MLKEM1024PublicKey.from_public_bytes(raw)`. The class
 * fixes the parameter set.
 */
export const PQ_KEY_CLASSES: Record<string, string> = {
  MLKEM768PrivateKey: 'ML-KEM-768', MLKEM768PublicKey: 'ML-KEM-768', MLKEM1024PrivateKey: 'ML-KEM-1024', MLKEM1024PublicKey: 'ML-KEM-1024',
  MLDSA44PrivateKey: 'ML-DSA-44', MLDSA44PublicKey: 'ML-DSA-44', MLDSA65PrivateKey: 'ML-DSA-65', MLDSA65PublicKey: 'ML-DSA-65',
  MLDSA87PrivateKey: 'ML-DSA-87', MLDSA87PublicKey: 'ML-DSA-87',
};
const PQ_METHODS = new Set(['generate', 'from_seed_bytes', 'from_private_bytes', 'from_public_bytes']);

function lastTwo(name: string): [string, string] {
  const p = name.split('.');
  return [p.at(-2) ?? '', p.at(-1) ?? ''];
}

/** What a key object is: its algorithm (when the code shows it) and its size or curve. */
interface KeyFacts {
  kind?: KeyKind;
  params: AlgorithmParams;
}

/**
 * Key facts behind a key object: `rsa.generate_private_key(key_size=3072)`,
 * `ec.generate_private_key(ec.SECP384R1())`, `.public_key()`. The kind lets a padding take only an RSA
 * key's size and ECDSA only an EC key's curve: a name bound to an RSA key in one branch and to an EC
 * key in another resolves to one of them, which must not give an RSA scheme a curve.
 */
function keyFacts(ctx: PyContext, node: SgNode | undefined, depth = 0): KeyFacts {
  // A key chosen in a branch (`if kind == "rsa": key = rsa.generate_private_key(…) else: key = ec…`) is
  // each path's key, one case each: its signature is one algorithm per path.
  const call = ctx.originCall(node, true);
  if (!call && node) return annotatedKey(ctx, node);
  if (!call || depth > 4) return { params: {} };
  const c = ctx.call(call);
  if (c.method && SAME_KEY_METHODS.has(c.method) && c.receiver && !c.name) return keyFacts(ctx, c.receiver, depth + 1);
  const helper = ctx.helperName(c);
  if (helper) {
    for (const ret of ctx.returnsOf(helper)) {
      const facts = keyFacts(ctx, ret, depth + 1);
      if (facts.kind) return facts;
    }
    return { params: {} };
  }
  if (!c.name) return { params: {} };
  const gen = /^hazmat\.asymmetric\.(rsa|dsa)\.generate_private_key$/.exec(c.name);
  if (gen) {
    const size = ctx.int(arg(c.args, gen[1] === 'rsa' ? 1 : 0, 'key_size'));
    return { kind: gen[1] === 'rsa' ? 'RSA' : 'DSA', params: size !== undefined ? { keySize: size } : {} };
  }
  if (c.name === 'hazmat.asymmetric.ec.generate_private_key' || c.name === 'hazmat.asymmetric.ec.derive_private_key') {
    const curve = ctx.curve(arg(c.args, c.name.endsWith('derive_private_key') ? 1 : 0, 'curve'));
    return { kind: 'EC', params: curve ? { curve } : {} };
  }
  // An Edwards signing key (`ed25519.Ed25519PrivateKey.generate()`): the class is the algorithm.
  const [cls, made] = lastTwo(c.name);
  if (/^hazmat\.asymmetric\.ed(25519|448)\./.test(c.name) && EDWARDS_METHODS.has(made) && EDWARDS[cls]?.startsWith('Ed')) {
    return { kind: EDWARDS[cls] as 'Ed25519' | 'Ed448', params: {} };
  }
  if (c.name === 'hazmat.asymmetric.ec.EllipticCurvePublicKey.from_encoded_point') {
    const curve = ctx.curve(arg(c.args, 0, 'curve'));
    return { kind: 'EC', params: curve ? { curve } : {} };
  }
  const params = /^hazmat\.asymmetric\.(dsa|dh)\.generate_parameters$/.exec(c.name);
  if (params) {
    const size = ctx.int(arg(c.args, params[1] === 'dh' ? 1 : 0, 'key_size'));
    return { kind: params[1] === 'dh' ? 'DH' : 'DSA', params: size !== undefined ? { keySize: size } : {} };
  }
  const numbers = numbersClass(c.name);
  if (numbers) {
    const spec = NUMBERS[numbers]!;
    if (spec.modulus) {
      const bits = literalBits(ctx, arg(c.args, spec.modulus[0], spec.modulus[1]));
      return { kind: spec.kind, params: bits !== undefined ? { keySize: bits } : {} };
    }
    if (spec.curve) {
      const curve = ctx.curve(arg(c.args, spec.curve[0], spec.curve[1]));
      return { kind: spec.kind, params: curve ? { curve } : {} };
    }
    const from = keyFacts(ctx, arg(c.args, spec.from![0], spec.from![1]), depth + 1);
    return { kind: spec.kind, params: from.kind === spec.kind ? from.params : {} };
  }
  return { params: {} };
}

/**
 * pyca's private-key classes a parameter may be annotated with, and the kind of key each is; the size
 * or curve is the caller's, so none is known.
 */
const KEY_CLASSES: Record<string, KeyKind> = {
  'rsa.RSAPrivateKey': 'RSA', 'rsa.RSAPrivateKeyWithSerialization': 'RSA',
  'ec.EllipticCurvePrivateKey': 'EC', 'ec.EllipticCurvePrivateKeyWithSerialization': 'EC',
  'dsa.DSAPrivateKey': 'DSA', 'dsa.DSAPrivateKeyWithSerialization': 'DSA',
  'ed25519.Ed25519PrivateKey': 'Ed25519', 'ed448.Ed448PrivateKey': 'Ed448',
};

/** A key passed in as a parameter annotated with one of pyca's private-key classes (`privkey: rsa.RSAPrivateKey`). */
function annotatedKey(ctx: PyContext, node: SgNode): KeyFacts {
  const cls = parameterClass(ctx.imports, node);
  const m = cls ? /^hazmat\.asymmetric\.(\w+\.\w+)$/.exec(cls) : null;
  const kind = m ? KEY_CLASSES[m[1]!] : undefined;
  return kind ? { kind, params: {} } : { params: {} };
}

/**
 * `parameters.generate_private_key()` on DH or DSA parameters (`dh.generate_parameters(generator=2,
 * key_size=2048)`, `dsa.DSAParameterNumbers(p, q, g).parameters()`): a key of the parameters'
 * algorithm and size. Called for a `generate_private_key` method whose callee is not an imported
 * name; a receiver the file does not show to be DH or DSA parameters reports nothing.
 */
export function handleKeyFromParameters(ctx: PyContext, c: Call): boolean {
  if (c.method !== 'generate_private_key' || !c.receiver || c.args.positional.length > 0 || c.args.named.size > 0) return false;
  const facts = keyFacts(ctx, c.receiver);
  if (facts.kind !== 'DH' && facts.kind !== 'DSA') return false;
  ctx.sink.algorithm(c.node, 'generate_private_key', facts.kind, facts.params, { unresolved: ['keySize'], functions: ['keygen'], library: libraryOf('cryptography')! });
  return true;
}

/** The facts of a key of the given kind; nothing when the key is of another kind or unknown. */
function factsOfKind(ctx: PyContext, node: SgNode, kind: KeyFacts['kind']): AlgorithmParams {
  const facts = keyFacts(ctx, node);
  return facts.kind === kind ? facts.params : {};
}

export function handleHazmat(ctx: PyContext, c: Call): boolean {
  const name = c.name ?? '';
  const library = ctx.library(c);
  const lib = library ? { library } : {};
  const node = c.node;
  const [mod, member] = lastTwo(name);

  // keywrap.aes_key_wrap(wrapping_key, key_to_wrap) and friends: RFC 3394 AES-KW, RFC 5649 AES-KWP.
  const wrap = /^hazmat\.keywrap\.aes_key_(wrap|unwrap)(_with_padding)?$/.exec(name);
  if (wrap) {
    const keySize = ctx.bits(arg(c.args, 0, 'wrapping_key'));
    const params: AlgorithmParams = keySize === 128 || keySize === 192 || keySize === 256 ? { keySize } : {};
    ctx.sink.algorithm(node, member, wrap[2] ? 'AES-KWP' : 'AES-KW', params, {
      unresolved: ['keySize'], functions: [wrap[1] === 'wrap' ? 'encrypt' : 'decrypt'], ...lib,
    });
    if (isConstantBytes(ctx.value(arg(c.args, 0, 'wrapping_key')))) {
      ctx.sink.signal(node, member, 'hardcoded-key', 'AES key-wrapping key is written in the source', { related: { spelling: wrap[2] ? 'AES-KWP' : 'AES-KW', params }, ...lib });
    }
    return true;
  }

  if (name === 'hazmat.ciphers.Cipher') {
    const algCall = ctx.originCall(arg(c.args, 0, 'algorithm'));
    const modeCall = ctx.originCall(arg(c.args, 1, 'mode'));
    const params: AlgorithmParams = {};
    let spelling = unresolvedSpelling('cipher');
    const unresolved: AlgorithmParamName[] = [];
    const m = modeCall ? ctx.call(modeCall) : undefined;
    const [, modeName] = lastTwo(m?.name ?? '');
    const mode = m?.name?.startsWith('hazmat.ciphers.modes.') && MODES.has(modeName) ? modeName : undefined;
    // The constant key and IV are signalled once the parameters are complete: the signal's related
    // algorithm is an asset too, and one without the mode (or padding) would be a second one.
    let constantKey: Call | undefined;
    let constantIv = false;
    if (algCall) {
      const a = ctx.call(algCall);
      const [, alg] = lastTwo(a.name ?? '');
      if (a.name?.startsWith('hazmat.ciphers.algorithms.') && CIPHER_ALGORITHMS[alg]) {
        ctx.consumed.add(algCall.id());
        spelling = CIPHER_ALGORITHMS[alg]!;
        Object.assign(params, cipherKey(ctx, alg, a, mode));
        if (params.keySize === undefined && spelling !== 'ChaCha20') unresolved.push('keySize');
        if (constantCipherKey(ctx, alg, a)) constantKey = a;
      }
    }
    if (m && mode) {
      ctx.consumed.add(modeCall!.id());
      params.mode = mode;
      const iv = arg(m.args, 0, mode === 'GCM' ? 'initialization_vector' : mode === 'CTR' ? 'nonce' : mode === 'XTS' ? 'tweak' : 'initialization_vector');
      const ivBits = ctx.bits(iv);
      if (ivBits !== undefined && mode !== 'ECB') params.ivLength = ivBits;
      if (mode === 'GCM') {
        const tag = ctx.int(arg(m.args, 2, 'min_tag_length'));
        if (tag !== undefined) params.tagLength = tag * 8;
      }
      constantIv = iv !== undefined && mode !== 'ECB' && isConstantBytes(ctx.value(iv));
    } else if (!modeCall && spelling !== 'ChaCha20' && spelling !== 'RC4') unresolved.push('mode');
    if (params.mode && ['CBC', 'ECB'].includes(params.mode)) {
      const pad = symmetricPadding(ctx, node);
      if (pad) params.padding = pad;
    }
    if (constantKey) signalConstantKey(ctx, constantKey, { spelling, params: { ...params } });
    if (constantIv) ctx.sink.signal(modeCall!, `modes.${mode}`, 'static-iv', `${mode} IV/nonce is a constant in source`, { related: { spelling, params: { ...params } }, ...lib });
    ctx.sink.algorithm(node, 'Cipher', spelling, params, { unresolved, ...lib });
    return true;
  }

  if (mod === 'algorithms' && CIPHER_ALGORITHMS[member] && name.startsWith('hazmat.ciphers.algorithms.')) {
    if (ctx.consumed.has(node.id())) return true;
    const params = cipherKey(ctx, member, c);
    if (constantCipherKey(ctx, member, c)) signalConstantKey(ctx, c, { spelling: CIPHER_ALGORITHMS[member]!, params: { ...params } });
    ctx.sink.algorithm(node, `algorithms.${member}`, CIPHER_ALGORITHMS[member]!, params, { unresolved: params.keySize === undefined && member !== 'ChaCha20' ? ['keySize'] : [], ...lib });
    return true;
  }

  if (name.startsWith('hazmat.ciphers.aead.') && (AEAD[member] || (mod in AEAD && member === 'generate_key'))) {
    if (member === 'generate_key') {
      const a = AEAD[mod]!;
      const bits = mod === 'ChaCha20Poly1305' ? undefined : ctx.int(arg(c.args, 0, 'bit_length'));
      const params: AlgorithmParams = { ...(a.mode ? { mode: a.mode } : {}), ...(bits !== undefined ? { keySize: mod === 'AESSIV' ? bits / 2 : bits } : {}) };
      ctx.sink.algorithm(node, `${mod}.generate_key`, a.spelling, params, { unresolved: a.spelling === 'AES' && bits === undefined ? ['keySize'] : [], functions: ['keygen'], ...lib });
      return true;
    }
    const a = AEAD[member]!;
    const params: AlgorithmParams = a.mode ? { mode: a.mode } : {};
    const key = arg(c.args, 0, 'key');
    const bits = ctx.bits(key);
    if (bits !== undefined && a.spelling === 'AES') params.keySize = member === 'AESSIV' ? bits / 2 : bits;
    if (member === 'AESCCM') {
      const tag = ctx.int(arg(c.args, 1, 'tag_length'));
      params.tagLength = (tag ?? 16) * 8; // the API documents 16 bytes when the argument is absent
    }
    if (key && isConstantBytes(ctx.value(key))) ctx.sink.signal(node, member, 'hardcoded-key', `${member} key bytes are fixed in source`, { related: { spelling: a.spelling, params: { ...params } }, ...lib });
    ctx.sink.algorithm(node, member, a.spelling, params, { unresolved: a.spelling === 'AES' && params.keySize === undefined ? ['keySize'] : [], ...lib });
    return true;
  }

  if (mod === 'hashes' && name.startsWith('hazmat.hashes.')) {
    if (member !== 'Hash' && x509Signature(ctx, c, lib)) return true;
    if (member === 'Hash') {
      const h = ctx.hash(arg(c.args, 0, 'algorithm'));
      ctx.sink.algorithm(node, 'hashes.Hash', h ?? unresolvedSpelling('hash'), {}, { functions: ['digest'], ...lib });
      return true;
    }
    if (ctx.consumed.has(node.id())) return true;
    const h = ctx.hash(node);
    if (h) ctx.sink.algorithm(node, `hashes.${member}`, h, {}, { functions: ['digest'], ...lib });
    return true;
  }

  if (name === 'hazmat.hmac.HMAC') {
    const h = ctx.hash(arg(c.args, 1, 'algorithm'));
    const bits = ctx.bits(arg(c.args, 0, 'key'));
    ctx.sink.algorithm(node, 'hmac.HMAC', 'HMAC', { ...(h ? { hash: h } : {}), ...(bits ? { keySize: bits } : {}) }, { unresolved: h ? [] : ['hash'], functions: ['tag'], ...lib });
    return true;
  }
  if (name === 'hazmat.cmac.CMAC') {
    // CMAC over the block cipher passed in (AES, TripleDES, Camellia, SM4, …); a cipher the file does
    // not show leaves a CMAC of unknown cipher.
    const alg = ctx.originCall(arg(c.args, 0, 'algorithm'));
    let params: AlgorithmParams = {};
    let spelling = 'CMAC';
    if (alg) {
      const a = ctx.call(alg);
      const cipher = lastTwo(a.name ?? '')[1];
      if (a.name?.startsWith('hazmat.ciphers.algorithms.') && CIPHER_ALGORITHMS[cipher]) {
        ctx.consumed.add(alg.id());
        params = cipherKey(ctx, cipher, a);
        spelling = `${CIPHER_ALGORITHMS[cipher]}-CMAC`;
        if (constantCipherKey(ctx, cipher, a)) signalConstantKey(ctx, a, { spelling, params: { ...params } });
      }
    }
    ctx.sink.algorithm(node, 'cmac.CMAC', spelling, params, { functions: ['tag'], ...lib });
    return true;
  }
  if (name === 'hazmat.poly1305.Poly1305' || name === 'hazmat.poly1305.Poly1305.generate_tag' || name === 'hazmat.poly1305.Poly1305.verify_tag') {
    // `Poly1305(key)`, and the one-shot class methods `Poly1305.generate_tag(key, data)` / `verify_tag(key, data, tag)`.
    const symbol = member === 'Poly1305' ? 'Poly1305' : `Poly1305.${member}`;
    ctx.sink.algorithm(node, symbol, 'Poly1305', {}, { functions: [member === 'verify_tag' ? 'verify' : 'tag'], ...lib });
    return true;
  }
  // HOTP/TOTP (RFC 4226/6238) are HMAC over the shared secret with the hash given (SHA-1, SHA-256, SHA-512).
  const otp = /^hazmat\.twofactor\.(hotp|totp)\.(HOTP|TOTP)$/.exec(name);
  if (otp) {
    const h = ctx.hash(arg(c.args, 2, 'algorithm'));
    const bits = ctx.bits(arg(c.args, 0, 'key'));
    ctx.sink.algorithm(node, otp[2]!, 'HMAC', { ...(h ? { hash: h } : {}), ...(bits ? { keySize: bits } : {}) }, { unresolved: h ? [] : ['hash'], functions: ['tag'], ...lib });
    return true;
  }

  if (/^hazmat\.asymmetric\.(rsa|dsa)\.generate_private_key$/.test(name)) {
    const params = keyFacts(ctx, node).params;
    const spelling = name.includes('.rsa.') ? 'RSA' : 'DSA';
    ctx.sink.algorithm(node, `${spelling.toLowerCase()}.generate_private_key`, spelling, params, { unresolved: ['keySize'], functions: ['keygen'], ...lib });
    return true;
  }
  if (name === 'hazmat.asymmetric.ec.generate_private_key' || name === 'hazmat.asymmetric.ec.derive_private_key') {
    const params = keyFacts(ctx, node).params;
    // An EC key is ECDSA's unless the code only exchanges with it (the migration differs: ML-KEM, not ML-DSA).
    ctx.sink.algorithm(node, `ec.${member}`, agreementOnly(ctx, node) ? 'ECDH' : 'EC', params, { unresolved: ['curve'], functions: ['keygen'], ...lib });
    return true;
  }
  if (/^hazmat\.asymmetric\.(dsa|dh)\.generate_parameters$/.test(name)) {
    const dh = name.includes('.dh.');
    const size = ctx.int(arg(c.args, dh ? 1 : 0, 'key_size'));
    ctx.sink.algorithm(node, `${dh ? 'dh' : 'dsa'}.generate_parameters`, dh ? 'DH' : 'DSA', size !== undefined ? { keySize: size } : {}, { unresolved: ['keySize'], functions: ['keygen'], ...lib });
    return true;
  }
  const numbers = numbersClass(name);
  if (numbers) {
    if (ctx.consumed.has(node.id())) return true;
    const spec = NUMBERS[numbers]!;
    // Numbers given inline to the numbers built on them (`DSAPublicNumbers(y, DSAParameterNumbers(p, q, g))`)
    // are part of that key, not a second one.
    for (let outer: Call = c, from = spec.from; from; ) {
      const inner = arg(outer.args, from[0], from[1]);
      const innerClass = inner && kindOf(inner) === 'call' ? numbersClass(ctx.call(inner).name ?? '') : undefined;
      if (!inner || !innerClass) break;
      ctx.consumed.add(inner.id());
      outer = ctx.call(inner);
      from = NUMBERS[innerClass]!.from;
    }
    const facts = keyFacts(ctx, node);
    ctx.sink.algorithm(node, numbers, spec.kind, facts.params, { unresolved: [spec.kind === 'EC' ? 'curve' : 'keySize'], ...lib });
    return true;
  }
  if (name === 'hazmat.asymmetric.ec.EllipticCurvePublicKey.from_encoded_point') {
    // A peer's public point that the code exchanges with is an ECDH key (paramiko's `self.Q_C`), not ECDSA's.
    ctx.sink.algorithm(node, 'EllipticCurvePublicKey.from_encoded_point', exchangePeer(ctx, node) ? 'ECDH' : 'EC', keyFacts(ctx, node).params, { unresolved: ['curve'], ...lib });
    return true;
  }
  if (PQ_KEY_CLASSES[mod] && PQ_METHODS.has(member) && /^hazmat\.asymmetric\.ml(kem|dsa)\./.test(name)) {
    // A seed derives the key pair deterministically: a key generation like generate().
    const keygen = member === 'generate' || member === 'from_seed_bytes';
    ctx.sink.algorithm(node, `${mod}.${member}`, PQ_KEY_CLASSES[mod]!, {}, { functions: keygen ? ['keygen'] : [], ...lib });
    return true;
  }
  if (EDWARDS[mod] && EDWARDS_METHODS.has(member)) {
    ctx.sink.algorithm(node, `${mod}.${member}`, EDWARDS[mod]!, {}, { functions: member === 'generate' ? ['keygen'] : [], ...lib });
    // `ed_key.sign(data)` / `verify(signature, data)` take no padding or ECDSA object that would name the
    // signature: the key's own calls do (inline, or on the local or `self` attribute it is kept in).
    if (EDWARDS[mod]!.startsWith('Ed')) {
      for (const use of ctx.methodCallsOn(node, ['sign', 'verify'])) {
        const method = ctx.call(use).method as 'sign' | 'verify';
        ctx.sink.algorithm(use, `${mod}.${method}`, EDWARDS[mod]!, {}, { functions: [method], ...lib });
      }
    }
    return true;
  }
  if (name === 'hazmat.asymmetric.ec.ECDSA') {
    const parent = usingCall(ctx, node);
    const params: AlgorithmParams = {};
    const h = ctx.hash(arg(c.args, 0, 'algorithm'));
    if (h) params.hash = h;
    if (parent?.receiver) Object.assign(params, factsOfKind(ctx, parent.receiver, 'EC'));
    ctx.sink.algorithm(node, 'ec.ECDSA', 'ECDSA', params, { unresolved: ['curve', 'hash'], functions: parent ? [parent.fn] : [], ...lib });
    return true;
  }
  if (name === 'hazmat.asymmetric.ec.ECDH') {
    // `private_key.exchange(ec.ECDH(), peer)`: the curve of the key it is exchanged with.
    const list = node.parent();
    const call = list?.parent();
    const fn = call && kindOf(call) === 'call' && list && kindOf(list) === 'argument_list' ? call.field('function') : null;
    const receiver = fn && kindOf(fn) === 'attribute' && fn.field('attribute')?.text() === 'exchange' ? fn.field('object') : null;
    const params = receiver ? factsOfKind(ctx, receiver, 'EC') : {};
    ctx.sink.algorithm(node, 'ec.ECDH', 'ECDH', params, { unresolved: ['curve'], functions: ['keyderive'], ...lib });
    return true;
  }

  if (/^hazmat\.asymmetric\.padding\.(OAEP|PSS|PKCS1v15)$/.test(name)) {
    padding(ctx, c, member as 'OAEP' | 'PSS' | 'PKCS1v15', lib);
    return true;
  }
  if (name === 'hazmat.asymmetric.padding.MGF1') return true;

  if (/^hazmat\.kdf\./.test(name)) return kdf(ctx, c, member, lib);

  if (name === 'fernet.Fernet.generate_key') {
    // A Fernet key is the scheme's two 128-bit keys (the HMAC-SHA256 signing key and the AES-128-CBC
    // encryption key, as the Fernet specification fixes them): reported as the scheme Fernet(key) is.
    ctx.sink.algorithm(node, 'Fernet.generate_key', 'AES', { keySize: 128, mode: 'CBC', padding: 'PKCS7' }, { functions: ['keygen'], ...lib });
    ctx.sink.algorithm(node, 'Fernet.generate_key', 'HMAC', { hash: 'SHA-256', keySize: 128 }, { functions: ['keygen'], ...lib });
    return true;
  }
  if (name === 'fernet.Fernet' || name === 'fernet.MultiFernet') {
    // Fernet is fixed by its specification: AES-128-CBC with PKCS7 padding, authenticated by HMAC-SHA256.
    ctx.sink.algorithm(node, 'Fernet', 'AES', { keySize: 128, mode: 'CBC', padding: 'PKCS7' }, { functions: ['encrypt', 'decrypt'], ...lib });
    ctx.sink.algorithm(node, 'Fernet', 'HMAC', { hash: 'SHA-256', keySize: 128 }, { functions: ['tag'], ...lib });
    const key = arg(c.args, 0, 'key');
    if (name === 'fernet.Fernet' && key && isConstantBytes(ctx.value(key))) ctx.sink.signal(node, 'Fernet', 'hardcoded-key', 'Fernet key is fixed in source', lib);
    return true;
  }

  // `load_ssh_public_identity` reads a public key or an SSH certificate: an OpenSSH public key either way.
  const load = /^hazmat\.serialization\.load_(?:(pem|der|ssh)_(private|public)_key|(ssh)_(public)_identity)$/.exec(name);
  if (load) {
    const format = load[1] ?? load[3]!;
    const half = load[2] ?? load[4]!;
    const pw = arg(c.args, 1, 'password');
    const pwv = ctx.value(pw);
    const encrypted = half === 'private' && pw ? pwv.kind !== 'none' : undefined;
    if (pw && (pwv.kind === 'bytes' && pwv.origin === 'literal')) ctx.sink.signal(node, `serialization.${member}`, 'hardcoded-password', 'private key passphrase is a literal', lib);
    // A private-key material asset says the key is in the repository (rule private-key-committed); a
    // key read at run time (from a file, a secret store, an argument) is not, so only a key whose
    // bytes are written in the source is one. Public keys carry no such rule and are always reported.
    const data = ctx.value(arg(c.args, 0, 'data'));
    const inSource = (data.kind === 'bytes' && data.origin === 'literal') || (data.kind === 'str' && data.value.length > 0);
    if (half === 'private' && !inSource) return true;
    ctx.sink.detections.push({
      type: 'material',
      occurrence: ctx.sink.occurrences.at(node, `serialization.${member}`),
      material: { materialType: half === 'private' ? 'private-key' : 'public-key', format: format === 'ssh' ? 'OpenSSH' : format.toUpperCase(), ...(encrypted !== undefined ? { encrypted } : {}) },
      ...lib,
    });
    return true;
  }
  return false;
}

/** `padding.PKCS7(128).padder()` (symmetric padding module) in the same function as a block-mode Cipher. */
function symmetricPadding(ctx: PyContext, cipher: SgNode): string | undefined {
  const fn = cipher.ancestors().find((a) => kindOf(a) === 'function_definition');
  if (!fn) return undefined;
  for (const call of fn.findAll({ rule: { kind: 'call' } })) {
    const c = ctx.call(call);
    if (c.name === 'hazmat.padding.PKCS7') return 'PKCS7';
    if (c.name === 'hazmat.padding.ANSIX923') return 'ANSIX923';
  }
  return undefined;
}

/**
 * Key size of `algorithms.AES(key)`: fixed by AES128/AES256, else the key's byte length. An XTS key is
 * two AES keys (pyca takes 256 or 512 bits there: AES-128-XTS, AES-256-XTS); any other AES key is
 * 128, 192 or 256 bits, and another length (a 512-bit key outside XTS, which pyca rejects) is unknown.
 */
function cipherKey(ctx: PyContext, alg: string, c: Call, mode?: string): AlgorithmParams {
  if (FIXED_SIZE[alg]) return { keySize: FIXED_SIZE[alg] };
  const bits = ctx.bits(arg(c.args, 0, 'key'));
  if (bits === undefined || alg === 'ChaCha20') return {};
  if (alg !== 'AES') return { keySize: bits };
  if (mode === 'XTS') return bits === 256 || bits === 512 ? { keySize: bits / 2 } : {};
  return bits === 128 || bits === 192 || bits === 256 ? { keySize: bits } : {};
}

/** Whether the key given to a cipher class is written in the source. */
function constantCipherKey(ctx: PyContext, alg: string, c: Call): boolean {
  const key = arg(c.args, 0, 'key');
  return !FIXED_SIZE[alg] && key !== undefined && isConstantBytes(ctx.value(key));
}

/** The hard-coded key signal at the cipher class's call, related to the asset the key is used in. */
function signalConstantKey(ctx: PyContext, c: Call, related: { spelling: string; params: AlgorithmParams }): void {
  const [, alg] = lastTwo(c.name ?? '');
  ctx.sink.signal(c.node, `algorithms.${alg}`, 'hardcoded-key', `${alg} key bytes are fixed in source`, { related });
}

/**
 * The builders whose `sign(private_key, algorithm)` signs what they build: an x509 certificate, CSR or
 * CRL, and an OCSP response (`ocsp.OCSPResponseBuilder`, under `cryptography.x509.ocsp`).
 */
const X509_BUILDER = /(^|\.)x509\.(?:ocsp\.)?(Certificate|CertificateSigningRequest|CertificateRevocationList|OCSPResponse)Builder$/;

/** The builder class (`CertificateBuilder`) a call constructs, if it constructs one. */
function builderClass(ctx: PyContext, call: SgNode): string | undefined {
  const m = X509_BUILDER.exec(ctx.call(call).name ?? '');
  return m ? `${m[2]}Builder` : undefined;
}

/** The builder class (`CertificateBuilder`) when `node` holds a value built from one, through its chained setters. */
function x509BuilderOf(ctx: PyContext, node: SgNode | undefined): string | undefined {
  let cur = node;
  for (let depth = 0; cur && depth < 16; depth++) {
    const origin = kindOf(cur) === 'call' ? cur : ctx.originCall(cur);
    if (!origin) return cur && kindOf(cur) === 'identifier' ? builderVariable(ctx, cur) : undefined;
    const made = builderClass(ctx, origin);
    if (made) return made;
    const c = ctx.call(origin);
    if (!c.method || !c.receiver) return undefined;
    cur = c.receiver;
  }
  return undefined;
}

/**
 * Where a method chain starts: `'self'` when it chains on the variable `name` itself
 * (`builder.add_extension(…).critical(…)`), else its innermost call (`x509.CertificateBuilder()` in
 * `x509.CertificateBuilder().subject_name(…)`).
 */
function chainStart(call: SgNode, name: string): SgNode | 'self' {
  let cur = call;
  for (let i = 0; i < 32; i++) {
    const fn = cur.field('function');
    const receiver = fn && kindOf(fn) === 'attribute' ? fn.field('object') : null;
    if (!receiver) return cur;
    if (kindOf(receiver) === 'identifier' && receiver.text() === name) return 'self';
    if (kindOf(receiver) !== 'call') return cur;
    cur = receiver;
  }
  return cur;
}

/**
 * A builder variable whose value the branch rule leaves unknown (`if sans: builder =
 * builder.add_extension(…)`): it is still a builder when, in its function, one assignment makes it
 * from an x509 builder and every other one only chains setters on the variable itself, so every path
 * leaves a builder in it.
 */
function builderVariable(ctx: PyContext, name: SgNode): string | undefined {
  const fn = name.ancestors().find((a) => kindOf(a) === 'function_definition');
  if (!fn) return undefined;
  let builder: string | undefined;
  for (const assignment of fn.findAll({ rule: { kind: 'assignment', has: { field: 'left', kind: 'identifier', regex: `^${name.text()}$` } } })) {
    let right = assignment.field('right');
    while (right && kindOf(right) === 'parenthesized_expression') right = right.namedChildren()[0] ?? null;
    if (!right || kindOf(right) !== 'call') return undefined;
    const start = chainStart(right, name.text());
    if (start === 'self') continue;
    builder = builderClass(ctx, start);
    if (!builder) return undefined;
  }
  return builder;
}

/** The builder signing call whose `algorithm` a hash call is written as (`builder.sign(key, hashes.SHA256())`), if any. */
function builderSignCall(ctx: PyContext, hash: SgNode): { call: SgNode; builder: string } | undefined {
  let holder = hash.parent();
  if (holder && kindOf(holder) === 'keyword_argument') {
    if (holder.field('name')?.text() !== 'algorithm') return undefined;
    holder = holder.parent();
  } else if (holder && kindOf(holder) === 'argument_list') {
    const positional = holder.namedChildren().filter((a) => kindOf(a) !== 'comment' && kindOf(a) !== 'keyword_argument');
    if (positional[1]?.id() !== hash.id()) return undefined;
  } else return undefined;
  const call = holder?.parent();
  if (!call || kindOf(call) !== 'call') return undefined;
  const fn = call.field('function');
  if (!fn || kindOf(fn) !== 'attribute' || fn.field('attribute')?.text() !== 'sign') return undefined;
  const builder = x509BuilderOf(ctx, fn.field('object') ?? undefined);
  return builder ? { call, builder } : undefined;
}

/**
 * `builder.sign(key, hashes.SHA256())` on an x509 certificate, CSR, CRL or OCSP response builder: a
 * signature with that hash, by the key's algorithm when the file shows it (an RSA key signs with PKCS#1
 * v1.5 unless `rsa_padding` says otherwise, an EC key with ECDSA), else a signature of unknown scheme.
 * Reached from the hash argument, since the builder's `sign` call is a method on a local value. The hash
 * belongs to the signature: no separate digest asset.
 */
function x509Signature(ctx: PyContext, hash: Call, lib: { library?: LibraryRef }): boolean {
  const found = builderSignCall(ctx, hash.node);
  if (!found) return false;
  builderSignature(ctx, found.call, found.builder, ctx.hash(hash.node), lib);
  return true;
}

/**
 * `builder.sign(ed25519_key, None)` (or `algorithm=None`, or no algorithm): pyca takes no hash only for
 * Ed25519 and Ed448 keys, which sign the data themselves. Reached as a `sign` method on a builder, as no
 * hash call leads to it; a builder's `sign` with any other algorithm is reported from its hash.
 */
export function handleBuilderSign(ctx: PyContext, c: Call): boolean {
  if (c.method !== 'sign' || !c.receiver) return false;
  const algorithm = arg(c.args, 1, 'algorithm');
  if (algorithm && ctx.value(algorithm).kind !== 'none') return false;
  const builder = x509BuilderOf(ctx, c.receiver);
  if (!builder) return false;
  builderSignature(ctx, c.node, builder, undefined, { library: libraryOf('cryptography')! });
  return true;
}

/** The signature a builder's `sign(private_key, algorithm[, rsa_padding=])` call makes, by its key's kind. */
function builderSignature(ctx: PyContext, call: SgNode, builder: string, h: string | undefined, lib: { library?: LibraryRef }): void {
  const sign = ctx.call(call);
  const facts = keyFacts(ctx, arg(sign.args, 0, 'private_key'));
  if (facts.kind === 'Ed25519' || facts.kind === 'Ed448') {
    ctx.sink.algorithm(call, `${builder}.sign`, facts.kind, {}, { functions: ['sign'], ...lib });
    return;
  }
  const params: AlgorithmParams = { ...facts.params, ...(h ? { hash: h } : {}) };
  const paddingCall = ctx.originCall(sign.args.named.get('rsa_padding'));
  const pss = paddingCall !== undefined && (ctx.call(paddingCall).name?.endsWith('padding.PSS') ?? false);
  const spelling = facts.kind === 'RSA' ? (pss ? 'RSASSA-PSS' : 'RSASSA-PKCS1-v1_5') : facts.kind === 'EC' ? 'ECDSA' : facts.kind === 'DSA' ? 'DSA' : unresolvedSpelling('signature');
  const unresolved: AlgorithmParamName[] = facts.kind === 'RSA' ? ['keySize'] : facts.kind === 'EC' ? ['curve'] : [];
  ctx.sink.algorithm(call, `${builder}.sign`, spelling, params, { unresolved, functions: ['sign'], ...lib });
}

interface PaddingUse { receiver?: SgNode; fn: 'sign' | 'verify' | 'encrypt' | 'decrypt'; hashArg?: SgNode }

/**
 * The methods a padding (or `ECDSA`) object is given to, and the use each is. `signer(padding,
 * algorithm)` and `verifier(signature, padding, algorithm)` are pyca's legacy (pre-2.0) signing
 * context API: a signature like `sign`/`verify`, the hash again right after the padding.
 */
const PADDING_METHODS: Record<string, PaddingUse['fn']> = {
  sign: 'sign', verify: 'verify', encrypt: 'encrypt', decrypt: 'decrypt', signer: 'sign', verifier: 'verify',
};
const PADDING_METHOD_SOURCE = `^(${Object.keys(PADDING_METHODS).join('|')})$`;

/**
 * Whether an EC key the code generates is only used for key agreement: stored under a name (a local,
 * or `self.x` in a class) whose methods the same function or class calls include `exchange` and
 * never `sign` (its public key's `verify` included). Anything else, or a key never used there, stays
 * an EC key (ECDSA on its curve).
 */
function agreementOnly(ctx: PyContext, node: SgNode): boolean {
  const stored = ctx.storedAs(node);
  if (!stored) return false;
  const name = stored.name.text();
  let exchange = false;
  for (const call of stored.scope.findAll({ rule: { kind: 'call', has: { field: 'function', kind: 'attribute', has: { field: 'attribute', regex: '^(exchange|sign|verify|signer|verifier)$' } } } })) {
    const fn = call.field('function')!;
    const object = fn.field('object')?.text() ?? '';
    if (object !== name && !object.startsWith(`${name}.`)) continue;
    if (fn.field('attribute')?.text() !== 'exchange') return false;
    exchange = true;
  }
  return exchange;
}

/**
 * pyca's keyword names for the padding (RSA) or signature algorithm (EC) of `sign`/`verify`/`encrypt`/
 * `decrypt`: paramiko's `self.key.sign(data, padding=padding.PKCS1v15(), algorithm=…)`.
 */
const PADDING_KEYWORDS = new Set(['padding', 'signature_algorithm']);

/** Whether an expression is an argument of an `exchange(…)` call (a key agreement's peer key). */
function exchangeArgument(node: SgNode): boolean {
  const list = node.parent();
  const call = list?.parent();
  if (!list || !call || kindOf(list) !== 'argument_list' || kindOf(call) !== 'call') return false;
  const fn = call.field('function');
  return !!fn && kindOf(fn) === 'attribute' && fn.field('attribute')?.text() === 'exchange';
}

/**
 * Whether a public key (`ec.EllipticCurvePublicKey.from_encoded_point(curve, data)`) is the peer of a
 * key agreement: given to `exchange(ec.ECDH(), …)` inline, or stored under a name (a local, or `self.x`
 * in a class) that the same function or class gives to `exchange` and never calls `verify` on. Other
 * uses of the name (`public_bytes`, as paramiko sends its own point) do not change what the key is for.
 */
function exchangePeer(ctx: PyContext, node: SgNode): boolean {
  if (exchangeArgument(node)) return true;
  const stored = ctx.storedAs(node);
  if (!stored) return false;
  const name = stored.name.text();
  let exchanged = false;
  for (const call of stored.scope.findAll({ rule: { kind: 'call', has: { field: 'function', kind: 'attribute', has: { field: 'attribute', regex: '^(exchange|verify|verifier)$' } } } })) {
    const fn = call.field('function')!;
    if (fn.field('attribute')?.text() !== 'exchange') {
      if (fn.field('object')?.text() === name) return false;
      continue;
    }
    if (call.field('arguments')?.namedChildren().some((a) => a.text() === name)) exchanged = true;
  }
  return exchanged;
}

/** `key.sign(data, <padding>, hash)`, `key.encrypt(msg, <padding>)`: the call a padding object is an argument of. */
function directUse(node: SgNode): PaddingUse | undefined {
  let list = node.parent();
  // Given by keyword (`padding=…`), the hash is the `algorithm=` keyword (a positional one cannot follow).
  const keyword = list && kindOf(list) === 'keyword_argument' && list.field('value')?.id() === node.id() ? list : undefined;
  if (keyword) {
    if (!PADDING_KEYWORDS.has(keyword.field('name')?.text() ?? '')) return undefined;
    list = keyword.parent();
  }
  const call = list?.parent();
  if (!list || !call || kindOf(list) !== 'argument_list' || kindOf(call) !== 'call') return undefined;
  const fn = call.field('function');
  if (!fn || kindOf(fn) !== 'attribute') return undefined;
  const method = fn.field('attribute')?.text() ?? '';
  const use = Object.hasOwn(PADDING_METHODS, method) ? PADDING_METHODS[method] : undefined;
  if (!use) return undefined;
  const signature = use === 'sign' || use === 'verify';
  // The hash follows the padding, or is given as `algorithm=`.
  const args = list.namedChildren().filter((a) => kindOf(a) !== 'comment' && kindOf(a) !== 'keyword_argument');
  const next = keyword ? undefined : args[args.findIndex((a) => a.id() === node.id()) + 1];
  const named = list.namedChildren().find((a) => kindOf(a) === 'keyword_argument' && a.field('name')?.text() === 'algorithm');
  const hashArg = signature ? (next ?? named?.field('value') ?? undefined) : undefined;
  const receiver = fn.field('object') ?? undefined;
  return { ...(receiver ? { receiver } : {}), fn: use, ...(hashArg ? { hashArg } : {}) };
}

/**
 * The use of a padding object: given directly to `sign`/`verify`/`encrypt`/`decrypt`, or stored first
 * (`pad = padding.PKCS1v15()` in a function, `self.padding = padding.PKCS1v15()` in a class, as
 * authlib's JWS `RSAAlgorithm` does) and given to those calls by that name in the same function or
 * class. Stored and used both for signing and for encryption, or never passed, the use is unknown.
 */
function usingCall(ctx: PyContext, node: SgNode): PaddingUse | undefined {
  return paddingUses(ctx, node)[0];
}

/** Every use of a padding object (see usingCall); empty when the use is unknown. */
function paddingUses(ctx: PyContext, node: SgNode): PaddingUse[] {
  const direct = directUse(node);
  if (direct) return [direct];
  const stored = ctx.storedAs(node);
  if (!stored) return [];
  const { name: left, scope } = stored;
  const uses: PaddingUse[] = [];
  const calls = scope.findAll({
    rule: { kind: 'call', has: { field: 'function', kind: 'attribute', has: { field: 'attribute', regex: PADDING_METHOD_SOURCE } } },
  });
  for (const call of calls) {
    const passed = call
      .field('arguments')
      ?.namedChildren()
      .map((a) => (kindOf(a) === 'keyword_argument' ? (a.field('value') ?? a) : a))
      .find((a) => a.text() === left.text());
    const use = passed ? directUse(passed) : undefined;
    if (use) uses.push(use);
  }
  const signs = (u: PaddingUse): boolean => u.fn === 'sign' || u.fn === 'verify';
  return uses.every((u) => signs(u) === signs(uses[0]!)) ? uses : [];
}

function padding(ctx: PyContext, c: Call, kind: 'OAEP' | 'PSS' | 'PKCS1v15', lib: { library?: import('../../../inventory/model.js').LibraryRef }): void {
  const uses = paddingUses(ctx, c.node);
  const use = uses[0];
  const params: AlgorithmParams = { padding: kind };
  if (kind === 'OAEP') {
    const h = ctx.hash(arg(c.args, 1, 'algorithm'));
    if (h) params.hash = h;
  } else if (use?.hashArg) {
    const h = ctx.hash(use.hashArg);
    if (h) params.hash = h;
    // A stored padding's other sign/verify calls pass their hash too: part of this scheme, not digests.
    for (const other of uses.slice(1)) if (other.hashArg) ctx.hash(other.hashArg);
  }
  // The MGF1 hash is part of the padding object, not a separate asset.
  const mgf = ctx.originCall(arg(c.args, 0, 'mgf'));
  if (mgf) {
    ctx.consumed.add(mgf.id());
    ctx.hash(ctx.call(mgf).args.positional[0] ?? ctx.call(mgf).args.named.get('algorithm'));
  }
  if (use?.receiver) Object.assign(params, factsOfKind(ctx, use.receiver, 'RSA'));
  // PKCS1v15 given to sign/verify is the RSASSA scheme even with a hash we cannot read. Of unknown use
  // (never given to one of those calls in sight, or given to both kinds, or only to another call such
  // as `backend.rsa_padding_supported(padding.PKCS1v15())`) it is RSA and no more: PKCS#1 v1.5
  // padding without a hash reads as encryption, and its finding needs an encrypt/decrypt call.
  const signs = use?.fn === 'sign' || use?.fn === 'verify';
  if (kind === 'PKCS1v15' && (signs || !use)) delete params.padding;
  const spelling = kind === 'PSS' ? 'RSASSA-PSS' : kind === 'PKCS1v15' && signs ? 'RSASSA-PKCS1-v1_5' : 'RSA';
  if (kind === 'PSS') {
    const salt = ctx.int(arg(c.args, 1, 'salt_length'));
    if (salt !== undefined) params.saltLength = salt;
  }
  ctx.sink.algorithm(c.node, `padding.${kind}`, spelling, params, { unresolved: ['keySize'], functions: use ? [use.fn] : [], ...lib });
}

function kdf(ctx: PyContext, c: Call, member: string, lib: { library?: import('../../../inventory/model.js').LibraryRef }): boolean {
  const node = c.node;
  const params: AlgorithmParams = {};
  // `length` is the second parameter of every pyca KDF but KBKDF (third) and Argon2 (keyword-only).
  const len = ctx.int(arg(c.args, member.startsWith('KBKDF') ? 2 : member.startsWith('Argon2') ? -1 : 1, 'length'));
  const salt = ctx.value(c.args.named.get('salt'));
  if (salt.kind === 'bytes' && salt.length !== undefined) params.saltLength = salt.length;
  switch (member) {
    case 'PBKDF2HMAC': {
      const h = ctx.hash(arg(c.args, 0, 'algorithm'));
      if (h) params.hash = h;
      if (len !== undefined) params.outputLength = len * 8;
      const it = ctx.int(arg(c.args, 3, 'iterations'));
      if (it !== undefined) params.iterations = it;
      ctx.sink.algorithm(node, 'PBKDF2HMAC', 'PBKDF2', params, { unresolved: ['hash', 'iterations'], functions: ['keyderive'], ...lib });
      return true;
    }
    case 'HKDF':
    case 'HKDFExpand': {
      const h = ctx.hash(arg(c.args, 0, 'algorithm'));
      if (h) params.hash = h;
      if (len !== undefined) params.outputLength = len * 8;
      ctx.sink.algorithm(node, member, 'HKDF', params, { unresolved: ['hash'], functions: ['keyderive'], ...lib });
      return true;
    }
    case 'Scrypt': {
      const n = ctx.int(c.args.named.get('n') ?? c.args.positional[2]);
      const r = ctx.int(c.args.named.get('r') ?? c.args.positional[3]);
      const p = ctx.int(c.args.named.get('p') ?? c.args.positional[4]);
      if (n !== undefined) params.cost = n;
      if (n !== undefined && r !== undefined) params.memoryCost = (128 * n * r) / 1024;
      if (p !== undefined) params.parallelism = p;
      if (len !== undefined) params.outputLength = len * 8;
      ctx.sink.algorithm(node, 'Scrypt', 'scrypt', params, { unresolved: ['cost'], functions: ['keyderive'], ...lib });
      return true;
    }
    case 'Argon2id':
    case 'Argon2i':
    case 'Argon2d': {
      const it = ctx.int(c.args.named.get('iterations'));
      const mem = ctx.int(c.args.named.get('memory_cost'));
      const lanes = ctx.int(c.args.named.get('lanes'));
      if (it !== undefined) params.cost = it;
      if (mem !== undefined) params.memoryCost = mem;
      if (lanes !== undefined) params.parallelism = lanes;
      if (len !== undefined) params.outputLength = len * 8;
      ctx.sink.algorithm(node, member, member, params, { functions: ['keyderive'], ...lib });
      return true;
    }
    case 'KBKDFCMAC': {
      // The PRF is CMAC over the block cipher class given (`algorithms.AES`); its key is the key
      // material passed to derive(), so the cipher's key size is not known here.
      if (len !== undefined) params.outputLength = len * 8;
      ctx.sink.algorithm(node, member, 'KBKDFCMAC', params, { functions: ['keyderive'], ...lib });
      return true;
    }
    case 'ConcatKDFHash':
    case 'ConcatKDFHMAC':
    case 'X963KDF':
    case 'KBKDFHMAC': {
      const h = ctx.hash(arg(c.args, 0, 'algorithm'));
      if (h) params.hash = h;
      if (len !== undefined) params.outputLength = len * 8;
      const spelling = member === 'X963KDF' ? 'X963KDF' : member === 'KBKDFHMAC' ? 'KBKDF' : 'ConcatKDF';
      ctx.sink.algorithm(node, member, spelling, params, { unresolved: ['hash'], functions: ['keyderive'], ...lib });
      return true;
    }
  }
  return false;
}
