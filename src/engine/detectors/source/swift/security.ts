// The Security framework's key API: `SecKeyCreateRandomKey` and `SecKeyCreateWithData` with their
// attribute dictionaries (`kSecAttrKeyType`, `kSecAttrKeySizeInBits`), and the `SecKeyAlgorithm` a key is
// used with (`SecKeyCreateEncryptedData(key, .rsaEncryptionPKCS1, …)`, `SecKeyCreateSignature(key,
// .ecdsaSignatureMessageX962SHA256, …)`, `SecKeyCopyKeyExchangeResult`). Algorithm constants are read
// where such a call is given one, written in place or through a variable.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import type { AlgorithmEmit, SwFile } from './file.js';
import { arg, callParts, namedKids, pathText, type SwCall } from './syntax.js';

const KEY_FUNCTIONS: Readonly<Record<string, CryptoFunction | undefined>> = {
  SecKeyCreateEncryptedData: 'encrypt', SecKeyCreateDecryptedData: 'decrypt', SecKeyCreateSignature: 'sign', SecKeyVerifySignature: 'verify',
  SecKeyCopyKeyExchangeResult: 'keygen',
};

export const SECURITY_CALL_NAMES = ['SecKeyCreateRandomKey', 'SecKeyCreateWithData', 'SecKeyGeneratePair', ...Object.keys(KEY_FUNCTIONS)];

const HASH = (s: string): string | undefined => ({ SHA1: 'SHA-1', SHA224: 'SHA-224', SHA256: 'SHA-256', SHA384: 'SHA-384', SHA512: 'SHA-512' } as Record<string, string>)[s];

/** A `SecKeyAlgorithm` member name (`rsaEncryptionOAEPSHA256`, `ecdsaSignatureMessageX962SHA384`) -> the algorithm. */
export function secKeyAlgorithm(name: string): AlgorithmEmit | undefined {
  let m: RegExpExecArray | null;
  if (name === 'rsaEncryptionRaw') return { spelling: 'RSA', params: { padding: 'NoPadding' }, unresolved: ['keySize'] };
  if (name === 'rsaEncryptionPKCS1') return { spelling: 'RSA', params: { padding: 'PKCS1v15' }, unresolved: ['keySize'] };
  if ((m = /^rsaEncryptionOAEP(SHA\d+)(AESGCM)?$/.exec(name))) return { spelling: 'RSA', params: { padding: 'OAEP', hash: HASH(m[1]!)! }, unresolved: ['keySize'] };
  if ((m = /^rsaSignature(?:Message|Digest)PKCS1v15(SHA\d+|Raw)$/.exec(name))) {
    return m[1] === 'Raw' ? { spelling: 'RSA', params: { padding: 'PKCS1v15' }, unresolved: ['keySize', 'hash'] } : { spelling: 'RSA', params: { padding: 'PKCS1v15', hash: HASH(m[1]!)! }, unresolved: ['keySize'] };
  }
  if ((m = /^rsaSignature(?:Message|Digest)PSS(SHA\d+)$/.exec(name))) return { spelling: 'RSA', params: { padding: 'PSS', hash: HASH(m[1]!)! }, unresolved: ['keySize'] };
  if ((m = /^ecdsaSignature(?:Message|Digest)(?:X962|RFC4754)(SHA\d+)?$/.exec(name)) || name === 'ecdsaSignatureRFC4754') {
    const h = m?.[1] ? HASH(m[1]) : undefined;
    return { spelling: 'ECDSA', params: h ? { hash: h } : {}, unresolved: h ? ['curve'] : ['curve', 'hash'] };
  }
  if (/^ecdhKeyExchange(Standard|Cofactor)/.test(name)) return { spelling: 'ECDH', unresolved: ['curve'] };
  return undefined;
}

/**
 * ECIES (`eciesEncryptionStandardX963SHA256AESGCM`, `eciesEncryptionCofactorVariableIVX963SHA384AESGCM`): an
 * ECDH key agreement on the key's curve and AES-GCM on the derived key (its size follows the curve), as two
 * assets; the X9.63 KDF between them has no registry entry.
 */
export function eciesParts(name: string): AlgorithmEmit[] | undefined {
  if (!/^eciesEncryption(Standard|Cofactor)\w*AESGCM$/.test(name)) return undefined;
  return [{ spelling: 'ECDH', unresolved: ['curve'] }, { spelling: 'AES', params: { mode: 'GCM' }, unresolved: ['keySize'] }];
}

/** Key attributes a dictionary literal gives: `[kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits: 2048]`. */
interface KeyAttributes {
  type?: 'RSA' | 'EC' | 'other';
  bits?: number;
}

function attributes(f: SwFile, dict: SgNode | undefined): KeyAttributes | undefined {
  const o = f.origin(dict);
  if (!o || kindOf(o) !== 'dictionary_literal') return undefined;
  const kids = namedKids(o);
  const out: KeyAttributes = {};
  for (let i = 0; i + 1 < kids.length; i += 2) {
    const k = keyName(kids[i]!);
    const valueNode = kids[i + 1]!;
    if (k === 'kSecAttrKeyType') {
      const v = constName(f, valueNode);
      out.type = v === 'kSecAttrKeyTypeRSA' ? 'RSA' : v && /^kSecAttrKeyType(EC|ECSECPrimeRandom)$/.test(v) ? 'EC' : 'other';
    } else if (k === 'kSecAttrKeySizeInBits') {
      out.bits = f.int(valueNode) ?? f.int(numberArg(valueNode));
    }
  }
  return out;
}

/** `kSecAttrKeyType as String`, `String(kSecAttrKeyType)`, `kSecAttrKeyType`: the constant's name. */
function keyName(node: SgNode): string | undefined {
  let cur: SgNode | undefined = node;
  for (let i = 0; cur && i < 4; i++) {
    const k = kindOf(cur);
    if (k === 'simple_identifier') return cur.text();
    if (k === 'as_expression' || k === 'tuple_expression') cur = namedKids(cur)[0];
    else if (k === 'call_expression') cur = callParts(cur)?.args[0]?.expr;
    else return undefined;
  }
  return undefined;
}

function constName(f: SwFile, node: SgNode): string | undefined {
  const direct = keyName(node);
  if (direct && direct.startsWith('kSec')) return direct;
  const o = f.origin(node);
  return o ? keyName(o) : undefined;
}

/** `NSNumber(value: 2048)`, `2048 as NSNumber`: the number inside. */
function numberArg(node: SgNode): SgNode | undefined {
  const c = callParts(node);
  return c && /NSNumber$/.test(c.path) ? arg(c, 'value', 0) : undefined;
}

function keyAlgorithm(a: KeyAttributes): AlgorithmEmit {
  if (a.type === 'RSA') return { spelling: 'RSA', params: a.bits ? { keySize: a.bits } : {}, unresolved: ['keySize'] };
  if (a.type === 'EC') {
    const curve = a.bits === 256 ? 'P-256' : a.bits === 384 ? 'P-384' : a.bits === 521 ? 'P-521' : a.bits === 224 ? 'P-224' : a.bits === 192 ? 'P-192' : undefined;
    return { spelling: 'EC', params: curve ? { curve } : {}, unresolved: ['curve'] };
  }
  return { spelling: unresolvedSpelling('key-pair-generator') };
}

export function securityCall(f: SwFile, call: SwCall): boolean {
  const name = call.path;
  const node = call.node;
  if (name === 'SecKeyCreateRandomKey' || name === 'SecKeyGeneratePair' || name === 'SecKeyCreateWithData') {
    const attrs = attributes(f, call.args[name === 'SecKeyCreateWithData' ? 1 : 0]?.expr);
    if (name === 'SecKeyCreateWithData') {
      // A key imported from bytes: reported when the attributes name its type.
      if (attrs?.type && attrs.type !== 'other') f.algorithm(node, name, { ...keyAlgorithm(attrs) });
      return true;
    }
    f.algorithm(node, name, { ...(attrs ? keyAlgorithm(attrs) : { spelling: unresolvedSpelling('key-pair-generator') }), functions: ['keygen'] });
    return true;
  }
  const fn = KEY_FUNCTIONS[name];
  if (fn === undefined && !Object.hasOwn(KEY_FUNCTIONS, name)) return false;
  const algNode = call.args[1]?.expr;
  const v = algNode ? f.value(algNode) : undefined;
  const member = v?.kind === 'member' ? v.path.split('.').pop()! : algNode ? (pathText(algNode) ?? '').split('.').pop()! : '';
  const alg = secKeyAlgorithm(member);
  const functions: CryptoFunction[] = name === 'SecKeyCopyKeyExchangeResult' ? [] : [fn!];
  const ecies = eciesParts(member);
  if (ecies) for (const part of ecies) f.algorithm(node, name, { ...part, functions: [fn!] });
  else if (alg) f.algorithm(node, name, { ...alg, functions });
  else f.algorithm(node, name, { spelling: unresolvedSpelling(fn === 'sign' || fn === 'verify' ? 'signature' : name === 'SecKeyCopyKeyExchangeResult' ? 'key-agreement' : 'cipher'), functions });
  return true;
}

