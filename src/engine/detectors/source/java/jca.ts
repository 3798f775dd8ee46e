// JCA/JCE factories (`X.getInstance(...)`) and the spec objects around them.
import type { SgNode } from '@ast-grep/napi';
import { fromCaller } from '../common/from-caller.js';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import { isConstantBytes, memberName } from '../common/value.js';
import { callArguments, createdType } from './adapter.js';
import { secretKeySpecBits, type JavaContext, type KeyInfo } from './context.js';
import { BOUNCY_CASTLE, isClassFrom } from './imports.js';
import { needsKeySize, normalisePadding, parseTransformation } from '../common/transformation.js';
import { parseTlsVersion } from '../common/versions.js';
import { keyInfoParams } from '../common/key-info.js';
import { unresolvedSpelling, type UnresolvedRole } from '../../../kb/unresolved.js';

const JDK = ['java.security', 'javax.crypto', 'javax.net.ssl'];

/** JCA engine classes whose `getInstance` names an algorithm, with the package they live in. */
export const JCA_FACTORIES = new Set([
  'Cipher', 'MessageDigest', 'Mac', 'Signature', 'KeyGenerator', 'KeyPairGenerator', 'KeyAgreement',
  'SecretKeyFactory', 'KeyFactory', 'SecureRandom', 'KeyStore', 'SSLContext', 'AlgorithmParameterGenerator',
]);

/** `getInstance(alg, provider)`: the provider argument links Bouncy Castle when it names it. */
function providerLibrary(ctx: JavaContext, provider: SgNode | undefined): LibraryRef | undefined {
  if (!provider) return undefined;
  const s = ctx.str(provider);
  if (s === 'BC' || s === 'BCPQC' || s === 'BCFIPS') return BOUNCY_CASTLE;
  const o = ctx.origin(provider);
  if (o && kindOf(o) === 'object_creation_expression' && /^BouncyCastle(PQC)?Provider$/.test(createdType(o))) return BOUNCY_CASTLE;
  if (o && /BouncyCastle(PQC)?Provider/.test(o.text())) return BOUNCY_CASTLE;
  return undefined;
}

/**
 * A call of another file's static factory wrapper (`Secret.getCipher("AES/CBC/PKCS5Padding")`, see
 * wrappers.ts) read as the JCA factory it wraps: the factory class, the algorithm argument, and the
 * call as written for the occurrence's symbol.
 */
export interface WrappedFactory {
  cls: string;
  algorithm: SgNode;
  symbol: string;
}

/** Handles `Factory.getInstance(...)` (or a wrapper of it). Returns false when the call is not a JCA factory. */
export function handleGetInstance(ctx: JavaContext, inv: SgNode, wrapped?: WrappedFactory): boolean {
  let cls: string;
  let args: SgNode[];
  if (wrapped) {
    cls = wrapped.cls;
    // The provider, if the wrapper passes one, is the wrapper's: not visible here.
    args = [wrapped.algorithm];
  } else {
    const obj = inv.field('object');
    if (!obj) return false;
    const written = obj.text().replace(/\s+/g, '');
    cls = written.slice(written.lastIndexOf('.') + 1);
    if (!JCA_FACTORIES.has(cls) || !isClassFrom(ctx.imports, written, JDK)) return false;
    args = inv.field('arguments')?.namedChildren() ?? [];
  }
  const library = providerLibrary(ctx, args[1]);
  const lib = library ? { library } : {};
  const symbol = wrapped?.symbol ?? `${cls}.getInstance`;
  // `getInstance("")` names no algorithm (the JDK throws NoSuchAlgorithmException): unknown, as a name read at run time.
  const name = ctx.str(args[0])?.trim() || undefined;

  if (cls === 'SSLContext') {
    // A protocol read from configuration (`SSLContext.getInstance(protocol)`, Kafka's and most
    // clients' engine factories) is still TLS in use, of unknown version.
    const v = name === undefined ? undefined : parseTlsVersion(name);
    ctx.sink.protocol(inv, symbol, { protocolType: 'tls', ...(v ? { version: v.version } : {}) }, library);
    if (v?.insecure) ctx.sink.signal(inv, symbol, 'insecure-protocol-version', `SSLContext pinned to ${name}`, lib);
    return true;
  }
  if (cls === 'KeyStore') {
    // A store whose type we cannot read is still a key store in use (format unknown).
    ctx.sink.detections.push({
      type: 'material',
      occurrence: ctx.sink.occurrences.at(inv, symbol),
      material: { materialType: 'keystore', ...(name === undefined ? {} : { format: keystoreFormat(name) }) },
      ...lib,
    });
    return true;
  }
  if (name === undefined) {
    // An algorithm we cannot name is still crypto in use: `unknown-<role>` (kb/unresolved.ts).
    const role = UNRESOLVED_ROLE[cls]!;
    const unresolved: AlgorithmParamName[] = role === 'cipher' || role === 'key-generator' || role === 'key-pair-generator' ? ['keySize'] : [];
    ctx.sink.algorithm(inv, symbol, unresolvedSpelling(role), {}, { unresolved, ...(UNRESOLVED_FUNCTION[cls] ? { functions: [UNRESOLVED_FUNCTION[cls]!] } : {}), ...lib });
    return true;
  }

  switch (cls) {
    case 'Cipher':
      cipher(ctx, inv, name, library, symbol);
      return true;
    case 'MessageDigest':
      // The JCA's standard names make "SHA" an alias of SHA-1 for MessageDigest. The knowledge base
      // leaves the bare spelling out (OpenSSL's "SHA" was SHA-0), so the JCA context decides it here.
      ctx.sink.algorithm(inv, symbol, /^SHA$/i.test(name) ? 'SHA-1' : name, {}, { functions: ['digest'], ...lib });
      return true;
    case 'Mac': {
      const key = firstArgOf(ctx.linked(inv, ['init']), 0);
      const info = key ? ctx.keyInfo(key) : {};
      ctx.sink.algorithm(inv, symbol, name, info.keySize ? { keySize: info.keySize } : {}, { functions: ['tag'], ...lib });
      return true;
    }
    case 'Signature':
      signature(ctx, inv, name, library, symbol);
      return true;
    case 'KeyGenerator': {
      const info = ctx.generatorInfo(inv);
      const params = keyInfoParams(info);
      const unresolved: AlgorithmParamName[] = needsKeySize(name) ? ['keySize'] : [];
      ctx.sink.algorithm(inv, symbol, info.named ?? name, params, { unresolved, functions: ['keygen'], ...lib });
      return true;
    }
    case 'KeyPairGenerator': {
      const info = ctx.generatorInfo(inv);
      const params = keyInfoParams(info);
      const unresolved: AlgorithmParamName[] = /^(RSA|DSA|DH|DiffieHellman)$/i.test(name) ? ['keySize'] : /^(EC(DSA|DH)?|XDH)$/i.test(name) ? ['curve'] : /^(ML-?KEM|ML-?DSA|SLH-?DSA|Kyber|Dilithium|SPHINCSPlus|Falcon)$/i.test(name) ? ['parameterSet'] : [];
      ctx.sink.algorithm(inv, symbol, info.named ?? name, params, { unresolved: info.named ? [] : unresolved, functions: ['keygen'], ...lib });
      return true;
    }
    case 'AlgorithmParameterGenerator': {
      // Domain parameters for DH/DSA: `init(2048)` or `init(new DHGenParameterSpec(2048, 256))` gives the modulus size.
      const info = ctx.generatorInfo(inv);
      const unresolved: AlgorithmParamName[] = /^(DH|DiffieHellman|DSA)$/i.test(name) && info.keySize === undefined ? ['keySize'] : [];
      ctx.sink.algorithm(inv, symbol, name, keyInfoParams(info), { unresolved, functions: ['generate'], ...lib });
      return true;
    }
    case 'KeyAgreement': {
      const key = firstArgOf(ctx.linked(inv, ['init']), 0);
      const info = key ? ctx.keyInfo(key) : {};
      const unresolved: AlgorithmParamName[] = /^(ECDH|ECDHC|ECMQV|XDH)$/i.test(name) ? ['curve'] : /^(DH|DiffieHellman)$/i.test(name) ? ['keySize'] : [];
      ctx.sink.algorithm(inv, symbol, name, keyInfoParams(info), { unresolved, functions: ['keyderive'], ...lib });
      return true;
    }
    case 'SecretKeyFactory':
      secretKeyFactory(ctx, inv, name, library, symbol);
      return true;
    case 'KeyFactory':
      ctx.sink.algorithm(inv, symbol, name, {}, { unresolved: /^(RSA|DSA|DH)$/i.test(name) ? ['keySize'] : /^EC$/i.test(name) ? ['curve'] : [], ...lib });
      return true;
    case 'SecureRandom':
      ctx.sink.algorithm(inv, symbol, name, {}, { functions: ['generate'], ...lib });
      return true;
  }
  return true;
}

/** What each JCA factory fixes when its algorithm name cannot be read. */
const UNRESOLVED_ROLE: Readonly<Record<string, UnresolvedRole>> = {
  Cipher: 'cipher', MessageDigest: 'hash', Mac: 'mac', Signature: 'signature', KeyGenerator: 'key-generator',
  KeyPairGenerator: 'key-pair-generator', AlgorithmParameterGenerator: 'key-pair-generator', KeyAgreement: 'key-agreement', SecretKeyFactory: 'key-factory',
  KeyFactory: 'key-factory', SecureRandom: 'random',
};
const UNRESOLVED_FUNCTION: Readonly<Record<string, CryptoFunction>> = {
  MessageDigest: 'digest', Mac: 'tag', KeyGenerator: 'keygen', KeyPairGenerator: 'keygen', KeyAgreement: 'keyderive', SecureRandom: 'generate',
};

function firstArgOf(calls: SgNode[], index: number): SgNode | undefined {
  for (const c of calls) {
    const a = c.field('arguments')?.namedChildren()[index];
    if (a) return a;
  }
  return undefined;
}

function keystoreFormat(type: string): string {
  const t = type.toUpperCase();
  if (t === 'PKCS12' || t === 'PKCS#12') return 'PKCS#12';
  return type;
}

function cipherFunctions(ctx: JavaContext, inits: SgNode[]): CryptoFunction[] {
  const fns = new Set<CryptoFunction>();
  for (const c of inits) {
    const mode = c.field('arguments')?.namedChildren()[0];
    const v = ctx.value(mode);
    const m = v.kind === 'member' ? memberName(v) : v.kind === 'int' ? ['', 'ENCRYPT_MODE', 'DECRYPT_MODE', 'WRAP_MODE', 'UNWRAP_MODE'][v.value] : undefined;
    if (m === 'ENCRYPT_MODE' || m === 'WRAP_MODE') fns.add('encrypt');
    if (m === 'DECRYPT_MODE' || m === 'UNWRAP_MODE') fns.add('decrypt');
  }
  return [...fns].sort();
}

function cipher(ctx: JavaContext, inv: SgNode, transformation: string, library: LibraryRef | undefined, symbol: string): void {
  const t = parseTransformation(transformation);
  const params: AlgorithmParams = {};
  if (t.mode) params.mode = t.mode;
  if (t.padding) params.padding = t.padding;
  if (t.hash) params.hash = t.hash;
  const inits = ctx.linked(inv, ['init']);
  for (const init of inits) {
    const a = init.field('arguments')?.namedChildren() ?? [];
    const key = ctx.keyInfo(a[1]);
    const spec = a[2] ? ctx.keyInfo(a[2]) : {};
    if (key.keySize !== undefined && params.keySize === undefined) params.keySize = key.keySize;
    if (key.curve !== undefined && params.curve === undefined) params.curve = key.curve;
    if (spec.tagLength !== undefined && params.tagLength === undefined) params.tagLength = spec.tagLength;
    if (spec.ivLength !== undefined && params.ivLength === undefined) params.ivLength = spec.ivLength;
    if (params.padding === 'OAEP' && !params.hash && a[2]) {
      const o = ctx.origin(a[2]);
      if (o && kindOf(o) === 'object_creation_expression' && createdType(o) === 'OAEPParameterSpec') {
        const h = ctx.str(o.field('arguments')?.namedChildren()[0]);
        if (h) params.hash = h;
      }
    }
  }
  const unresolved: AlgorithmParamName[] = [];
  if (needsKeySize(t.algorithm)) unresolved.push('keySize');
  if (/^(AES|DES|DESede|TripleDES|Blowfish|RC2|Camellia|ARIA|SEED|SM4|IDEA|CAST5)$/i.test(t.algorithm)) unresolved.push('mode');
  const functions = cipherFunctions(ctx, inits);
  ctx.sink.algorithm(inv, symbol, t.algorithm, params, { unresolved, functions, ...(library ? { library } : {}) });
}

function signature(ctx: JavaContext, inv: SgNode, name: string, library: LibraryRef | undefined, symbol: string): void {
  const params: AlgorithmParams = {};
  const inits = ctx.linked(inv, ['initSign', 'initVerify']);
  const key = firstArgOf(inits, 0);
  const info = key ? ctx.keyInfo(key) : {};
  if (info.keySize !== undefined) params.keySize = info.keySize;
  if (info.curve !== undefined) params.curve = info.curve;
  for (const call of ctx.linked(inv, ['setParameter'])) {
    const o = ctx.origin(call.field('arguments')?.namedChildren()[0]);
    if (o && kindOf(o) === 'object_creation_expression' && createdType(o) === 'PSSParameterSpec') {
      const a = o.field('arguments')?.namedChildren() ?? [];
      const h = ctx.str(a[0]);
      if (h) params.hash = h;
      const salt = ctx.int(a[3]);
      if (salt !== undefined) params.saltLength = salt;
      params.padding = 'PSS';
    }
  }
  const fns = new Set<CryptoFunction>();
  for (const i of inits) fns.add(i.field('name')?.text() === 'initSign' ? 'sign' : 'verify');
  const unresolved: AlgorithmParamName[] = /RSA/i.test(name) && !/PSS$/i.test(name) ? ['keySize'] : /ECDSA/i.test(name) ? ['curve'] : /^RSASSA-PSS$/i.test(name) ? ['keySize', 'hash'] : [];
  ctx.sink.algorithm(inv, symbol, info.named ?? name, params, {
    unresolved,
    functions: [...fns].sort(),
    ...(library ? { library } : {}),
  });
}

function secretKeyFactory(ctx: JavaContext, inv: SgNode, name: string, library: LibraryRef | undefined, symbol: string): void {
  const params: AlgorithmParams = {};
  const spec = firstArgOf(ctx.linked(inv, ['generateSecret']), 0);
  const o = ctx.origin(spec);
  if (o && kindOf(o) === 'object_creation_expression' && createdType(o) === 'PBEKeySpec') Object.assign(params, pbeParams(ctx, o));
  const pbkdf = /^PBKDF2|^PBE/i.test(name);
  ctx.sink.algorithm(inv, symbol, name, params, {
    unresolved: pbkdf ? ['iterations'] : [],
    functions: ['keyderive'],
    ...(library ? { library } : {}),
  });
}

function pbeParams(ctx: JavaContext, spec: SgNode): AlgorithmParams {
  const a = spec.field('arguments')?.namedChildren() ?? [];
  const p: AlgorithmParams = {};
  const salt = ctx.value(a[1]);
  if (salt.kind === 'bytes' && salt.length !== undefined) p.saltLength = salt.length;
  const it = ctx.int(a[2]);
  if (it !== undefined) p.iterations = it;
  const len = ctx.int(a[3]);
  if (len !== undefined) p.outputLength = len;
  return p;
}

/**
 * Spec objects: hard-coded keys (`SecretKeySpec`), static IVs (`IvParameterSpec`, `GCMParameterSpec`),
 * hard-coded PBE passwords (`PBEKeySpec`). `mutated` holds variables written after creation
 * (`random.nextBytes(iv)`), which are therefore not constant.
 */
export function handleSpec(ctx: JavaContext, node: SgNode, type: string, mutated: ReadonlySet<string>): void {
  // Comments between arguments (`/* export restrictions */ 128 / 8`) must not shift them.
  const args = callArguments(node);
  const constant = (a: SgNode | undefined): boolean => {
    if (!a) return false;
    if (a.kind() === 'identifier' && mutated.has(a.text())) return false;
    if (a.kind() === 'field_access' && mutated.has(a.field('field')?.text() ?? '')) return false;
    return isConstantBytes(ctx.value(a));
  };
  if (type === 'SecretKeySpec') {
    const alg = ctx.str(args.length >= 4 ? args[3] : args[1]);
    const size = secretKeySpecBits(ctx, args);
    ctx.sink.detections.push({
      type: 'material',
      occurrence: ctx.sink.occurrences.at(node, 'SecretKeySpec'),
      material: {
        materialType: 'secret-key',
        format: 'raw',
        ...(alg ? { algorithm: { spelling: alg, params: size ? { keySize: size } : {} } } : {}),
        ...(size ? { size } : {}),
      },
    });
    if (constant(args[0]))
      ctx.sink.signal(node, 'SecretKeySpec', 'hardcoded-key', `${alg ?? 'secret'} key bytes are fixed in source`, alg ? { related: { spelling: alg, params: size ? { keySize: size } : {} } } : {});
  } else if (type === 'IvParameterSpec' || type === 'GCMParameterSpec') {
    const ivArg = type === 'IvParameterSpec' ? args[0] : args[1];
    if (constant(ivArg)) ctx.sink.signal(node, type, 'static-iv', `${type === 'GCMParameterSpec' ? 'GCM nonce' : 'IV'} is a constant in source`);
  } else if (type === 'PBEKeySpec') {
    const pw = ctx.origin(args[0]);
    if (pw && kindOf(pw) === 'method_invocation' && pw.field('name')?.text() === 'toCharArray') {
      const s = ctx.str(pw.field('object') ?? undefined);
      if (s !== undefined && s.length > 0 && !fromCaller(ctx.ev, pw.field('object'))) ctx.sink.signal(node, 'PBEKeySpec', 'hardcoded-password', 'PBE password is a string literal');
    }
  }
}

export { normalisePadding };
