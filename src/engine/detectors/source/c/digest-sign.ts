// `EVP_DigestSignInit(mdctx, &pctx, md, engine, pkey)` and `EVP_DigestVerifyInit`: the digest is an
// argument, the scheme is the key's. The key is followed within the file to where it is made: an HMAC
// key (`EVP_PKEY_new_mac_key(EVP_PKEY_HMAC, …)`, FreeRADIUS computes every HMAC this way) makes the
// call HMAC-<digest>, not a signature and not a bare digest; an RSA key signs with PKCS#1 v1.5 unless
// the returned `pctx` is set to PSS; EC keys sign with ECDSA, Ed25519/Ed448 keys with EdDSA. A key
// from elsewhere (a parameter, a struct field) leaves the scheme unknown, as in the other languages.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import type { CFile } from './file.js';
import { OPENSSL, PKEY_SETTERS, commonFamily, argsOf, digestOf, hashName, rsaPadding, setterFacts, withHash, type CallHandler } from './openssl.js';

/** What the file shows of a key: its OpenSSL type (`RSA`, `EC`, `HMAC`, `ED25519`) and parameters. */
interface KeyFacts {
  type: string;
  params: AlgorithmParams;
}

/** `EVP_PKEY_HMAC` -> `HMAC`, `EVP_PKEY_RSA_PSS` -> `RSA-PSS`; undefined for anything else. */
function pkeyType(symbol: string | undefined): string | undefined {
  return symbol?.startsWith('EVP_PKEY_') ? symbol.slice('EVP_PKEY_'.length).replace(/_/g, '-').toUpperCase() : undefined;
}

/** Constructors of keys, with where their type (and size or curve) is written. */
function keyFromCall(f: CFile, callee: string, a: SgNode[]): KeyFacts | undefined {
  switch (callee) {
    case 'EVP_PKEY_new_mac_key':
    case 'EVP_PKEY_new_raw_private_key':
    case 'EVP_PKEY_new_raw_public_key': {
      const type = pkeyType(f.symbol(a[0]));
      return type ? { type, params: {} } : undefined;
    }
    case 'EVP_PKEY_new_raw_private_key_ex':
    case 'EVP_PKEY_new_raw_public_key_ex': {
      const type = (f.str(a[1]) ?? commonFamily(f, a[1]))?.toUpperCase();
      return type ? { type, params: {} } : undefined;
    }
    case 'EVP_RSA_gen':
      return { type: 'RSA', params: { keySize: f.int(a[0]) } };
    case 'EVP_EC_gen':
      return { type: 'EC', params: { curve: f.str(a[0]) } };
    case 'EVP_PKEY_Q_keygen': {
      const type = f.str(a[2])?.toUpperCase();
      if (!type) return undefined;
      return { type, params: type === 'RSA' ? { keySize: f.int(a[3]) } : type === 'EC' ? { curve: f.str(a[3]) } : {} };
    }
    default:
      return undefined;
  }
}

/**
 * The key behind a sign/verify init's key argument: made by a key constructor (through same-file
 * variables), or filled by `EVP_PKEY_keygen(kctx, &pkey)` / `EVP_PKEY_generate` earlier in the same
 * function on a context made for a key type (whose bits and curve setters are read as well).
 */
function keyFacts(f: CFile, init: SgNode, key: SgNode | undefined): KeyFacts | undefined {
  const made = f.producer(key);
  if (made) return keyFromCall(f, made.callee, argsOf(made.call));
  if (key?.kind() !== 'identifier') return undefined;
  const fn = init.ancestors().find((a) => a.kind() === 'function_definition');
  const at = init.range().start.index;
  const gen = fn?.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: '^EVP_PKEY_(keygen|generate)$' } } })
    .filter((c) => c.range().start.index < at && argsOf(c)[1]?.text().replace(/\s+/g, '') === `&${key.text()}`)
    .pop();
  if (!gen) return undefined;
  const kctx = argsOf(gen)[0];
  const ctx = f.producer(kctx);
  if (!ctx || !kctx) return undefined;
  const ca = argsOf(ctx.call);
  const type = ctx.callee === 'EVP_PKEY_CTX_new_id' ? pkeyType(f.symbol(ca[0])) : ctx.callee === 'EVP_PKEY_CTX_new_from_name' ? f.str(ca[1])?.toUpperCase() : undefined;
  if (!type) return undefined;
  const params: AlgorithmParams = {};
  for (const c of f.callsOn(kctx.text().replace(/\s+/g, ''), ctx.call, PKEY_SETTERS)) setterFacts(f, c, params, new Set());
  return { type, params };
}

/** MAC key types of the EVP_PKEY MAC interface, as the knowledge base spells them (HMAC takes the digest). */
const MAC_KEYS: Readonly<Record<string, string>> = { HMAC: 'HMAC', POLY1305: 'Poly1305', SIPHASH: 'SipHash' };

const digestSignInit: CallHandler = (f, call, callee, args) => {
  const ex = callee.endsWith('_ex');
  const verify = callee.startsWith('EVP_DigestVerify');
  const fn: CryptoFunction = verify ? 'verify' : 'sign';
  const mdArg = args[2];
  // The _ex forms name the digest as a string ("SHA2-256"); the others take an EVP_MD.
  const name = ex ? f.str(mdArg) : undefined;
  const hash = ex ? (name ? hashName(f, name) : undefined) : digestOf(f, mdArg);
  const key = keyFacts(f, call, args[ex ? 5 : 4]);
  const pctx = args[1]?.text().replace(/\s+/g, '');
  const padding = pctx?.startsWith('&')
    ? rsaPadding(f.symbol(f.callsOn(pctx.slice(1), call, /^EVP_PKEY_CTX_set_rsa_padding$/)[0]?.field('arguments')?.namedChildren()[1]))
    : undefined;
  const emit = (spelling: string, params: AlgorithmParams, unresolved: AlgorithmParamName[], functions: CryptoFunction[]): void =>
    f.algorithm(call, OPENSSL, { spelling, params, unresolved, functions });

  const mac = key ? MAC_KEYS[key.type] : undefined;
  if (mac) {
    if (mac === 'HMAC') emit(withHash('HMAC', hash), { hash }, ['hash'], ['tag']);
    else emit(mac, {}, [], ['tag']);
    return;
  }
  // A padding set on the returned context is RSA's, whatever the file shows of the key.
  const type = key?.type ?? (padding ? 'RSA' : undefined);
  const params: AlgorithmParams = { ...key?.params, hash };
  switch (type) {
    case 'RSA':
    case 'RSA-PSS':
      if (type === 'RSA-PSS' || padding === 'PSS') emit('RSA-PSS', params, ['keySize', 'hash'], [fn]);
      else emit('RSASSA-PKCS1-v1_5', params, ['keySize', 'hash'], [fn]);
      return;
    case 'EC':
      emit('ECDSA', params, ['curve', 'hash'], [fn]);
      return;
    case 'DSA':
      emit('DSA', params, ['keySize', 'hash'], [fn]);
      return;
    case 'ED25519':
    case 'ED448':
      emit(type === 'ED25519' ? 'Ed25519' : 'Ed448', {}, [], [fn]);
      return;
  }
  if (type && f.kb.findAlgorithm(type)?.entry.primitive === 'signature') {
    emit(type, {}, [], [fn]); // ML-DSA-65, SLH-DSA-…, SM2 named by their key type
    return;
  }
  // The key is not in sight. The digest written in the call is still a digest computed here; the
  // scheme stays unknown (a sign init may also be an HMAC: the EVP_PKEY MAC interface).
  const inline = mdArg && !ex && mdArg.kind() === 'call_expression' ? mdArg : undefined;
  if (inline && hash) f.algorithm(inline, OPENSSL, { spelling: hash, functions: ['digest'] });
  emit(unresolvedSpelling(verify || f.isNull(mdArg) ? 'signature' : 'signature-or-mac'), { hash }, hash ? [] : ['hash'], [fn]);
};

/** Key constructors reported on their own: a signature or agreement key type (a MAC key is reported by its init). */
const rawKey: CallHandler = (f, call, callee, args) => {
  const key = keyFromCall(f, callee, args);
  if (!key || MAC_KEYS[key.type] || key.type === 'CMAC') return;
  const hit = f.kb.findAlgorithm(key.type);
  if (hit) f.algorithm(call, OPENSSL, { spelling: key.type });
};

export const DIGEST_SIGN_CALLS: ReadonlyArray<[string, CallHandler]> = [
  ...['EVP_DigestSignInit', 'EVP_DigestVerifyInit', 'EVP_DigestSignInit_ex', 'EVP_DigestVerifyInit_ex'].map((n): [string, CallHandler] => [n, digestSignInit]),
  ...['EVP_PKEY_new_raw_private_key', 'EVP_PKEY_new_raw_public_key', 'EVP_PKEY_new_raw_private_key_ex', 'EVP_PKEY_new_raw_public_key_ex']
    .map((n): [string, CallHandler] => [n, rawKey]),
];

