// Token and password libraries: PyJWT, python-jose, bcrypt, argon2-cffi, passlib.
import { fromCaller } from '../common/from-caller.js';
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import { arg } from './adapter.js';
import type { Call, PyContext } from './context.js';

/** JWS algorithm names as the libraries accept them. */
export const JWS = /^(HS|RS|ES|PS)(256|384|512)$|^ES256K$|^EdDSA$|^Ed25519$|^Ed448$/;

export function algorithmNames(ctx: PyContext, node: SgNode | undefined): string[] {
  if (!node) return [];
  const v = ctx.value(node);
  const items = v.kind === 'list' ? v.items : [v];
  const out: string[] = [];
  for (const i of items) {
    if (i.kind === 'str') out.push(i.value);
    else if (i.kind === 'member') out.push(i.path.split('.').at(-1) ?? '');
  }
  return out;
}

/** PyJWT's classes: `jwt.PyJWT(options=…)` and `jwt.PyJWS()` objects encode and decode as the module does. */
const PYJWT_CLASS = /^jwt\.(?:api_jwt\.|api_jws\.)?(?:PyJWT|PyJWS)$/;
const PYJWT_METHODS = ['encode', 'decode', 'decode_complete'];

/** `library` is the constructor's for a method called on a PyJWT object (a local's call names none). */
function jwt(ctx: PyContext, c: Call, op: 'encode' | 'decode', library = ctx.library(c)): void {
  const lib = library ? { library } : {};
  const node = op === 'encode' ? arg(c.args, 2, 'algorithm') : arg(c.args, 2, 'algorithms');
  const names = algorithmNames(ctx, node);
  for (const n of names) {
    if (n.toLowerCase() === 'none') {
      ctx.sink.signal(c.node, `jwt.${op}`, 'jwt-none-algorithm', op === 'encode' ? "token signed with alg 'none'" : "'none' accepted as a JWT algorithm", lib);
    } else if (JWS.test(n)) {
      ctx.sink.algorithm(c.node, `jwt.${op}`, n, {}, { functions: [op === 'encode' ? (n.startsWith('HS') ? 'tag' : 'sign') : 'verify'], ...lib });
    }
  }
  // An HMAC secret written in the source signs (or verifies) every token: a hard-coded key.
  const keyNode = arg(c.args, 1, 'key');
  const key = keyNode ? ctx.value(keyNode) : undefined;
  const hmacOnly = names.length > 0 ? names.every((n) => /^HS/.test(n)) : op === 'encode';
  if (hmacOnly && key && ((key.kind === 'str' && key.value.length > 0 && !fromCaller(ctx.ev, keyNode)) || (key.kind === 'bytes' && key.origin === 'literal')))
    ctx.sink.signal(c.node, `jwt.${op}`, 'hardcoded-key', 'JWT HMAC secret is a literal in source', lib);
  if (op === 'encode' && !node) {
    // PyJWT and python-jose document HS256 as the default algorithm of encode().
    ctx.sink.algorithm(c.node, 'jwt.encode', 'HS256', {}, { functions: ['tag'], ...lib });
  }
  const options = c.args.named.get('options');
  if (op === 'decode' && options && /["']verify_signature["']\s*:\s*False/.test(options.text()))
    ctx.sink.signal(c.node, 'jwt.decode', 'jwt-none-algorithm', 'signature verification disabled: any token, including alg none, is accepted', lib);
}

export function handleAuth(ctx: PyContext, c: Call): boolean {
  const name = c.name ?? '';
  const library = ctx.library(c);
  const lib = library ? { library } : {};
  const node = c.node;
  if (name === 'jwt.encode' || name === 'jose.encode') {
    jwt(ctx, c, 'encode');
    return true;
  }
  // decode_complete(jwt, key, algorithms, …) verifies as decode does, also returning the header.
  if (name === 'jwt.decode' || name === 'jose.decode' || name === 'jwt.decode_complete') {
    jwt(ctx, c, 'decode');
    return true;
  }
  if (PYJWT_CLASS.test(name)) {
    for (const call of ctx.methodCallsOn(node, PYJWT_METHODS)) {
      const made = ctx.call(call);
      jwt(ctx, made, made.method === 'encode' ? 'encode' : 'decode', library);
    }
    return true;
  }
  if (name === 'bcrypt.gensalt') {
    const roundsNode = arg(c.args, 0, 'rounds');
    // gensalt() documents 12 rounds when none are given.
    const cost = roundsNode ? ctx.int(roundsNode) : 12;
    ctx.sink.algorithm(node, 'bcrypt.gensalt', 'bcrypt', cost !== undefined ? { cost } : {}, { unresolved: ['cost'], functions: ['keyderive'], ...lib });
    return true;
  }
  // Checking a password against a stored hash (and hashing with a salt read from one) is bcrypt in
  // use, at the cost written in that hash: unknown here. A salt made by gensalt() in sight is
  // reported at the gensalt call, with its cost.
  if (name === 'bcrypt.checkpw' || name === 'bcrypt.hashpw') {
    const salt = ctx.originCall(arg(c.args, 1, name === 'bcrypt.hashpw' ? 'salt' : 'hashed_password'));
    if (salt && ctx.call(salt).name === 'bcrypt.gensalt') return true;
    ctx.sink.algorithm(node, name, 'bcrypt', {}, { unresolved: ['cost'], functions: [name === 'bcrypt.checkpw' ? 'verify' : 'keyderive'], ...lib });
    return true;
  }
  if (name === 'bcrypt.kdf') {
    // OpenSSH's bcrypt_pbkdf (the key of an encrypted OpenSSH private key): a PBKDF2-like loop over a
    // bcrypt-based hash whose own work factor is fixed. `rounds` counts that loop's iterations, a plain
    // number (16 by default in OpenSSH), not bcrypt's log2 cost: it is `iterations`, and bcrypt's cost
    // is no parameter of this call. The salt's length is left out: with it, the salt read from a key
    // file and the one made for a new key would split each iteration count into two assets.
    const params: AlgorithmParams = {};
    const rounds = ctx.int(arg(c.args, 3, 'rounds'));
    if (rounds !== undefined) params.iterations = rounds;
    const len = ctx.int(arg(c.args, 2, 'desired_key_bytes'));
    if (len !== undefined) params.outputLength = len * 8;
    ctx.sink.algorithm(node, 'bcrypt.kdf', 'bcrypt', params, { unresolved: ['iterations'], functions: ['keyderive'], ...lib });
    return true;
  }
  if (name === 'argon2.PasswordHasher' || name === 'argon2.low_level.hash_secret' || name === 'argon2.low_level.hash_secret_raw') {
    const params: AlgorithmParams = {};
    const t = ctx.int(c.args.named.get('time_cost'));
    const m = ctx.int(c.args.named.get('memory_cost'));
    const p = ctx.int(c.args.named.get('parallelism'));
    const len = ctx.int(c.args.named.get('hash_len'));
    const salt = ctx.int(c.args.named.get('salt_len'));
    if (t !== undefined) params.cost = t;
    if (m !== undefined) params.memoryCost = m;
    if (p !== undefined) params.parallelism = p;
    if (len !== undefined) params.outputLength = len * 8;
    if (salt !== undefined) params.saltLength = salt;
    const typeNode = c.args.named.get('type');
    const tv = ctx.value(typeNode);
    const type = tv.kind === 'member' ? tv.path.split('.').at(-1) : undefined;
    // PasswordHasher documents Argon2id as its default type; hash_secret requires the type.
    const variant = type === 'I' ? 'Argon2i' : type === 'D' ? 'Argon2d' : type === 'ID' || (!typeNode && name === 'argon2.PasswordHasher') ? 'Argon2id' : 'Argon2';
    ctx.sink.algorithm(node, name.replace(/^argon2\./, ''), variant, params, { unresolved: ['cost', 'memoryCost', 'parallelism'], functions: ['keyderive'], ...lib });
    return true;
  }
  const passlib = name.match(/^passlib\.hash\.(\w+)\.(hash|using|encrypt|verify)$/);
  if (passlib) {
    const scheme = passlib[1]!;
    const params: AlgorithmParams = {};
    if (passlib[2] === 'using') {
      const rounds = ctx.int(c.args.named.get('rounds'));
      if (rounds !== undefined) {
        if (/bcrypt/.test(scheme)) params.cost = rounds;
        else if (/argon2/.test(scheme)) params.cost = rounds;
        else params.iterations = rounds;
      }
    } else if (kindOf(node.parent() ?? node) === 'attribute') {
      return true;
    }
    ctx.sink.algorithm(node, `${scheme}.${passlib[2]}`, scheme, params, { functions: ['keyderive'], ...lib });
    return true;
  }
  if (name === 'passlib.context.CryptContext') {
    const schemes = algorithmNames(ctx, arg(c.args, 0, 'schemes'));
    for (const s of schemes) ctx.sink.algorithm(node, 'CryptContext', s, {}, { functions: ['keyderive'], ...lib });
    return true;
  }
  return false;
}
