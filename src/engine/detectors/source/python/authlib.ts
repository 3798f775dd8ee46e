// Authlib's JOSE API (`authlib.jose`), as applications call it: the JWS/JWE algorithm is the `alg`
// (and `enc`) of a header dict given to `jwt.encode(header, payload, key)`,
// `JsonWebSignature().serialize_compact(protected, payload, key)` or
// `JsonWebEncryption().serialize_compact(protected, payload, key)`; the algorithms a decoder accepts
// are the list given to `JsonWebToken([...])` / `JsonWebSignature(algorithms=[...])`; keys come from
// `RSAKey/ECKey/OKPKey.generate_key(...)` and `JsonWebKey.generate_key(kty, crv_or_size)`, with the
// defaults Authlib's signatures fix (2048 bits, P-256, Ed25519). Verifying with an object that
// accepts every registered algorithm (the module-level `jwt.decode`, `JsonWebSignature()`) accepts
// `alg: none` (ACCEPTS_NONE below). Authlib's own algorithm registry
// (`JWS_ALGORITHMS = [RSAAlgorithm(256), ...]`) is the library defining names, not a use (as jjwt's,
// docs/detectors.md "Tried on real code").
import { fromCaller } from '../common/from-caller.js';
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import { joseEncryptionAlg, joseSecondary } from '../common/jose.js';
import { kindOf } from '../common/languages.js';
import { isConstantBytes } from '../common/value.js';
import { arg, pyString } from './adapter.js';
import type { Call, PyContext } from './context.js';
import { JWS, algorithmNames } from './auth.js';

const LIBRARY: LibraryRef = { ecosystem: 'pypi', name: 'authlib' };

/** The curves `ECKey.generate_key` and `OKPKey.generate_key` accept (`DSS_CURVES`, `PRIVATE_KEYS_MAP`). */
const EC_CURVES = new Set(['P-256', 'P-384', 'P-521', 'secp256k1']);
const OKP_CURVES = new Set(['Ed25519', 'Ed448', 'X25519', 'X448']);

/** Methods of the JWS/JWE/JWT objects that take a header (or protected header) first. */
const SERIALIZE = new Set(['serialize_compact', 'serialize', 'encode']);
/** Methods that verify a token: what an object accepts matters there. */
const DESERIALIZE = new Set(['deserialize_compact', 'deserialize', 'deserialize_json', 'decode']);

/**
 * Authlib registers its `none` algorithm (whose verify accepts an empty signature) with every other,
 * and an object made without an algorithm list accepts all of them: the module-level `jwt`
 * (`JsonWebToken(list(ALGORITHMS_REGISTRY))`) and `JsonWebSignature()` decode unsigned tokens (checked
 * on Authlib's own code, fe87a117). So does a list that names `none`.
 */
const ACCEPTS_NONE = "accepts unsigned tokens: Authlib's 'none' algorithm is among the algorithms this object verifies with";

/** The value node of `key` in a dict literal the argument is (or a name bound to one). */
function dictEntry(ctx: PyContext, node: SgNode | undefined, key: string): SgNode | undefined {
  const dict = node && kindOf(node) === 'dictionary' ? node : ctx.ev.origin(node);
  if (!dict || kindOf(dict) !== 'dictionary') return undefined;
  for (const pair of dict.namedChildren()) {
    if (kindOf(pair) !== 'pair') continue;
    const k = pair.field('key');
    if (k && kindOf(k) === 'string' && pyString(k)?.text === key) return pair.field('value') ?? undefined;
  }
  return undefined;
}

/** The size of an RSA key made in sight by `RSAKey.generate_key(...)` (through a name or constant). */
function rsaKeySize(ctx: PyContext, key: SgNode | undefined): number | undefined {
  const made = ctx.originCall(key);
  if (!made) return undefined;
  const c = ctx.call(made);
  if (c.name && /^authlib\.jose\.(?:[\w.]+\.)?RSAKey\.generate_key$/.test(c.name)) {
    const size = arg(c.args, 0, 'key_size');
    return size ? ctx.int(size) : 2048;
  }
  return undefined;
}

/** A JWS `alg` (sign) or JWE `alg`/`enc` (encrypt) name, reported at the call. */
function reportJose(ctx: PyContext, node: SgNode, symbol: string, alg: string, signing: boolean, key?: SgNode): void {
  if (signing) {
    if (alg.toLowerCase() === 'none') {
      ctx.sink.signal(node, symbol, 'jwt-none-algorithm', "token signed with alg 'none'", { library: LIBRARY });
    } else if (JWS.test(alg)) {
      const size = /^(RS|PS)/.test(alg) ? rsaKeySize(ctx, key) : undefined;
      ctx.sink.algorithm(node, symbol, alg, size !== undefined ? { keySize: size } : {}, { functions: [alg.startsWith('HS') ? 'tag' : 'sign'], library: LIBRARY });
    }
    return;
  }
  const named = joseEncryptionAlg(alg);
  if (named) ctx.sink.algorithm(node, symbol, named.spelling, { ...named.params }, { functions: ['encrypt'], library: LIBRARY });
  const second = joseSecondary(alg);
  if (second) ctx.sink.algorithm(node, symbol, second.spelling, { ...second.params }, { functions: second.spelling.startsWith('HMAC') ? ['tag'] : ['encrypt'], library: LIBRARY });
}

/** `serialize_compact(header, payload, key)` and `encode(header, payload, key)` on a JWS, JWE or JWT object. */
function serialize(ctx: PyContext, call: Call, encryption: boolean): void {
  const header = arg(call.args, 0, call.method === 'encode' ? 'header' : 'protected');
  const symbol = `${encryption ? 'JsonWebEncryption' : call.method === 'encode' ? 'jwt' : 'JsonWebSignature'}.${call.method}`;
  const alg = ctx.str(dictEntry(ctx, header, 'alg'));
  const keyNode = arg(call.args, 2, 'key');
  if (alg) reportJose(ctx, call.node, symbol, alg, !encryption, keyNode);
  if (encryption) {
    const enc = ctx.str(dictEntry(ctx, header, 'enc'));
    if (enc) reportJose(ctx, call.node, symbol, enc, false);
    return;
  }
  // An HMAC secret written in the source signs every token: a hard-coded key.
  const key = ctx.value(keyNode);
  if (alg?.startsWith('HS') && ((key.kind === 'str' && key.value.length > 0 && !fromCaller(ctx.ev, keyNode)) || isConstantBytes(key)))
    ctx.sink.signal(call.node, symbol, 'hardcoded-key', 'JWT HMAC secret is a literal in source', { library: LIBRARY });
}

function generateKey(ctx: PyContext, call: Call, cls: string): void {
  // JsonWebKey.generate_key(kty, crv_or_size) names the key type first.
  const generic = cls === 'JsonWebKey';
  const kty = generic ? ctx.str(arg(call.args, 0, 'kty')) : cls.replace(/Key$/, '');
  const sizeOrCurve = arg(call.args, generic ? 1 : 0, generic ? 'crv_or_size' : kty === 'RSA' || kty === 'Oct' || kty === 'oct' ? 'key_size' : 'crv');
  const symbol = `${cls}.generate_key`;
  const functions: CryptoFunction[] = ['keygen'];
  // A size or curve Authlib refuses (ValueError: under 512 bits or not a whole byte, an unknown curve,
  // as its own tests call it) generates no key: nothing is reported.
  if (kty === 'RSA') {
    // RSAKey.generate_key(key_size=2048): the default when the call gives none.
    const size = sizeOrCurve ? ctx.int(sizeOrCurve) : 2048;
    if (size !== undefined && (size < 512 || size % 8 !== 0)) return;
    const params: AlgorithmParams = size !== undefined ? { keySize: size } : {};
    ctx.sink.algorithm(call.node, symbol, 'RSA', params, { unresolved: ['keySize'], functions, library: LIBRARY });
  } else if (kty === 'EC') {
    const curve = sizeOrCurve ? ctx.str(sizeOrCurve) : 'P-256';
    if (curve !== undefined && !EC_CURVES.has(curve)) return;
    ctx.sink.algorithm(call.node, symbol, 'EC', curve ? { curve } : {}, { unresolved: ['curve'], functions, library: LIBRARY });
  } else if (kty === 'OKP') {
    const curve = sizeOrCurve ? ctx.str(sizeOrCurve) : 'Ed25519';
    if (curve === undefined) ctx.sink.algorithm(call.node, symbol, 'EdDSA', {}, { unresolved: ['curve'], functions, library: LIBRARY });
    else if (OKP_CURVES.has(curve)) ctx.sink.algorithm(call.node, symbol, curve, {}, { functions, library: LIBRARY });
  }
  // An `oct` key is a secret whose algorithm is chosen where it is used: not an algorithm here.
}

export function handleAuthlib(ctx: PyContext, c: Call): boolean {
  const name = c.name ?? '';
  const m = /^authlib\.jose\.(?:[\w.]+\.)?(\w+)$/.exec(name);
  if (!m) return false;
  const member = m[1]!;
  const owner = name.split('.').at(-2) ?? '';
  // `from authlib.jose import jwt`: the module-level JsonWebToken that accepts every registered algorithm.
  if (owner === 'jwt' && member === 'encode') {
    serialize(ctx, c, false);
    return true;
  }
  if (owner === 'jwt' && member === 'decode') {
    ctx.sink.signal(c.node, 'jwt.decode', 'jwt-none-algorithm', `authlib.jose.jwt ${ACCEPTS_NONE}`, { library: LIBRARY });
    return true;
  }
  if (member === 'generate_key' && /^(RSAKey|ECKey|OKPKey|OctKey|JsonWebKey)$/.test(owner)) {
    generateKey(ctx, c, owner);
    return true;
  }
  if (member === 'JsonWebSignature' || member === 'JsonWebToken' || member === 'JsonWebEncryption') {
    const encryption = member === 'JsonWebEncryption';
    const calls = ctx.methodCallsOn(c.node, [...SERIALIZE, ...DESERIALIZE]).map((call) => ctx.call(call));
    if (!encryption) {
      // The algorithms a JsonWebToken/JsonWebSignature accepts: what it will verify.
      const listNode = arg(c.args, 0, 'algorithms');
      const accepted = algorithmNames(ctx, listNode);
      for (const alg of accepted)
        if (JWS.test(alg)) ctx.sink.algorithm(c.node, member, alg, {}, { functions: [alg.startsWith('HS') ? 'tag' : 'verify'], library: LIBRARY });
      if (accepted.some((a) => a.toLowerCase() === 'none')) ctx.sink.signal(c.node, member, 'jwt-none-algorithm', `${member} ${ACCEPTS_NONE}`, { library: LIBRARY });
      else if (!listNode && member === 'JsonWebSignature') {
        // No list: every registered algorithm, `none` included, where the object verifies.
        for (const made of calls)
          if (made.method && DESERIALIZE.has(made.method)) ctx.sink.signal(made.node, `JsonWebSignature.${made.method}`, 'jwt-none-algorithm', `JsonWebSignature() ${ACCEPTS_NONE}`, { library: LIBRARY });
      }
    }
    for (const made of calls) if (made.method && SERIALIZE.has(made.method)) serialize(ctx, made, encryption);
    return true;
  }
  return false;
}
