// OpenSSL 3 parameter arrays: the digest of an HMAC or a KDF, PBKDF2's iterations, scrypt's N/r/p, a
// key's bits or group travel as `OSSL_PARAM`s rather than as arguments
// (`OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "SHA256", 0)`,
// `OSSL_PARAM_int(OSSL_KDF_PARAM_ITER, &iter)`). They are read where the fetch or key context they
// configure is made, from the constructors of the same function, when the values are literals or
// same-file constants. The array is not followed through its name: a function that fetches two
// KDFs (or two MACs, or makes two key contexts) leaves their parameters unknown rather than guess
// which array went where.
import type { SgNode } from '@ast-grep/napi';
import type { CFile } from './file.js';
import { calleeName } from './resolve.js';

/**
 * The name an `OSSL_DIGEST_NAME_SHA2_256` / `OSSL_MAC_NAME_HMAC` / `OSSL_KDF_NAME_HKDF` macro stands
 * for: OpenSSL defines each as its name with `-` where the macro has `_` ("SHA2-256", "HMAC", "HKDF").
 */
export function osslName(symbol: string | undefined): string | undefined {
  const m = symbol ? /^OSSL_(?:DIGEST|MAC|KDF|CIPHER|PKEY|SIGNATURE)_NAME_(.+)$/.exec(symbol) : null;
  return m ? m[1]!.replace(/_/g, '-') : undefined;
}

function argsOf(call: SgNode): SgNode[] {
  return call.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
}

/** What the parameter arrays of a function say, by OpenSSL's parameter key (`digest`, `iter`, `group`, `bits`, …). */
export type ParamFacts = ReadonlyMap<string, string | number>;

const CONSTRUCTOR = '^OSSL_PARAM_(construct_)?(utf8_string|utf8_ptr|int|uint|int32|uint32|int64|uint64|size_t|long|ulong)$';

/**
 * The key string of a parameter macro: OpenSSL defines `OSSL_KDF_PARAM_DIGEST` as "digest",
 * `OSSL_KDF_PARAM_ITER` as "iter", `OSSL_PKEY_PARAM_GROUP_NAME` as "group", `OSSL_PKEY_PARAM_RSA_BITS`
 * as "bits", `OSSL_MAC_PARAM_CIPHER` as "cipher" (CMAC/GMAC) (core_names.h). Signature parameters are
 * not read here.
 */
const KEY_MACROS: Readonly<Record<string, string>> = {
  DIGEST: 'digest', ITER: 'iter', GROUP_NAME: 'group', RSA_BITS: 'bits', BITS: 'bits', CIPHER: 'cipher',
  SCRYPT_N: 'n', SCRYPT_R: 'r', SCRYPT_P: 'p',
};

function paramKey(f: CFile, node: SgNode | undefined): string | undefined {
  const literal = f.str(node);
  if (literal !== undefined) return literal;
  const m = /^OSSL_(?:KDF|MAC|ALG|PKEY)_PARAM_([A-Z0-9_]+)$/.exec(f.symbol(node) ?? '');
  return m ? KEY_MACROS[m[1]!] : undefined;
}

/**
 * The parameters built in the function around `at`, when that function has exactly one call of
 * `consumer` (the fetch or context constructor they configure). A key set twice to different
 * values is left out.
 */
export function paramsFor(f: CFile, at: SgNode, consumer: RegExp): ParamFacts {
  const out = new Map<string, string | number>();
  const fn = at.ancestors().find((a) => a.kind() === 'function_definition');
  if (!fn) return out;
  const calls = fn.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: `${consumer.source}|${CONSTRUCTOR}` } } });
  if (calls.filter((c) => consumer.test(calleeName(c))).length !== 1) return out;
  const clash = new Set<string>();
  for (const c of calls) {
    const callee = calleeName(c);
    if (consumer.test(callee)) continue;
    const a = argsOf(c);
    const key = paramKey(f, a[0]);
    if (!key) continue;
    // Integers are passed by address (`&iter`): the evaluator reads `&x` as `x`.
    const value = /utf8/.test(callee) ? (f.str(a[1]) ?? osslName(f.symbol(a[1]))) : f.int(a[1]);
    if (value === undefined) continue;
    if (out.has(key) && out.get(key) !== value) clash.add(key);
    out.set(key, value);
  }
  for (const k of clash) out.delete(k);
  return out;
}

/** The output length in bytes of the one `EVP_KDF_derive(kctx, out, keylen, params)` of the function, if any. */
export function deriveLength(f: CFile, at: SgNode): number | undefined {
  const fn = at.ancestors().find((a) => a.kind() === 'function_definition');
  const derives = fn?.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: '^EVP_KDF_derive$' } } }) ?? [];
  return derives.length === 1 ? f.int(argsOf(derives[0]!)[2]) : undefined;
}
