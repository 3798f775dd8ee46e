// JCA/JCE and JSSE factories written in Kotlin (`Cipher.getInstance("AES/GCM/NoPadding")`, no `new`,
// named arguments, scope functions) and the spec objects around them (`SecretKeySpec(key, "AES")`,
// `GCMParameterSpec(128, iv)`, `IvParameterSpec(iv)`, `PBEKeySpec(pw, salt, n, len)`). The names and
// parameters mean what they mean in Java (docs/detectors.md, "Java"); the transformation parser,
// TLS version spellings and unresolved-role names are shared with the Java and C# detectors.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import { getKnowledgeBase } from '../../../kb/index.js';
import { unresolvedSpelling, type UnresolvedRole } from '../../../kb/unresolved.js';
import { canonicalCurve, spkiDetails } from '../../artefacts/key-facts.js';
import { fromCaller } from '../common/from-caller.js';
import { kindOf } from '../common/languages.js';
import { needsKeySize, parseTransformation } from '../common/transformation.js';
import { isConstantBytes, memberName } from '../common/value.js';
import { parseTlsVersion } from '../common/versions.js';
import { keyInfoParams } from '../common/key-info.js';
import type { KeyInfo, KtFile } from './file.js';
import { arg, callParts, pathText, type KtCall } from './syntax.js';

const JDK = ['java.security', 'javax.crypto', 'javax.net.ssl'];
export const BOUNCY_CASTLE: LibraryRef = { ecosystem: 'maven', name: 'org.bouncycastle:bcprov-jdk18on' };

export const JCA_FACTORIES = new Set([
  'Cipher', 'MessageDigest', 'Mac', 'Signature', 'KeyGenerator', 'KeyPairGenerator', 'KeyAgreement',
  'SecretKeyFactory', 'KeyFactory', 'SecureRandom', 'KeyStore', 'SSLContext',
]);

const UNRESOLVED_ROLE: Readonly<Record<string, UnresolvedRole>> = {
  Cipher: 'cipher', MessageDigest: 'hash', Mac: 'mac', Signature: 'signature', KeyGenerator: 'key-generator',
  KeyPairGenerator: 'key-pair-generator', KeyAgreement: 'key-agreement', SecretKeyFactory: 'key-factory',
  KeyFactory: 'key-factory', SecureRandom: 'random',
};
const UNRESOLVED_FUNCTION: Readonly<Record<string, CryptoFunction>> = {
  MessageDigest: 'digest', Mac: 'tag', KeyGenerator: 'keygen', KeyPairGenerator: 'keygen', KeyAgreement: 'keyderive', SecureRandom: 'generate',
};

function providerLibrary(f: KtFile, provider: SgNode | undefined): LibraryRef | undefined {
  if (!provider) return undefined;
  const s = f.str(provider);
  if (s === 'BC' || s === 'BCPQC' || s === 'BCFIPS') return BOUNCY_CASTLE;
  if (/BouncyCastle(PQC)?Provider/.test(f.origin(provider)?.text() ?? '')) return BOUNCY_CASTLE;
  return undefined;
}

/** `Factory.getInstance(name[, provider])` on a JCA/JSSE class. */
export function handleGetInstance(f: KtFile, call: KtCall): void {
  const written = pathText(call.receiver);
  if (!written) return;
  const cls = f.isClassFrom(written, JDK);
  if (!cls || !JCA_FACTORIES.has(cls)) return;
  const library = providerLibrary(f, arg(call, 1, 'provider'));
  const lib = library ? { library } : {};
  const node = call.node;
  const symbol = `${cls}.getInstance`;
  // `getInstance("")` names no algorithm (the JDK throws NoSuchAlgorithmException): unknown, as a name read at run time.
  const name = f.str(arg(call, 0, cls === 'KeyStore' ? 'type' : cls === 'SSLContext' ? 'protocol' : 'algorithm') ?? arg(call, 0, 'transformation'))?.trim() || undefined;

  if (cls === 'SSLContext') {
    const v = name === undefined ? undefined : parseTlsVersion(name);
    f.sink.protocol(node, symbol, { protocolType: 'tls', ...(v ? { version: v.version } : {}) }, library);
    if (v?.insecure) f.sink.signal(node, symbol, 'insecure-protocol-version', `SSLContext pinned to ${name}`, lib);
    return;
  }
  if (cls === 'KeyStore') {
    const format = name === undefined ? undefined : /^PKCS#?12$/i.test(name) ? 'PKCS#12' : name;
    f.sink.detections.push({
      type: 'material',
      occurrence: f.sink.occurrences.at(node, symbol),
      material: { materialType: 'keystore', ...(format ? { format } : {}) },
      ...lib,
    });
    return;
  }
  if (name === undefined) {
    const role = UNRESOLVED_ROLE[cls]!;
    const unresolved: AlgorithmParamName[] = role === 'cipher' || role === 'key-generator' || role === 'key-pair-generator' ? ['keySize'] : [];
    f.algorithm(node, symbol, unresolvedSpelling(role), {}, unresolved, UNRESOLVED_FUNCTION[cls] ? [UNRESOLVED_FUNCTION[cls]!] : [], library);
    return;
  }
  switch (cls) {
    case 'Cipher':
      return cipher(f, call, name, library);
    case 'MessageDigest':
      // JCA's standard names make "SHA" SHA-1 for MessageDigest (as the Java detector reads it).
      return f.algorithm(node, symbol, /^SHA$/i.test(name) ? 'SHA-1' : name, {}, [], ['digest'], library);
    case 'Mac': {
      const key = f.linked(node, ['init'])[0]?.args[0]?.expr;
      const info = key ? f.keyInfo(key) : {};
      return f.algorithm(node, symbol, name, info.keySize ? { keySize: info.keySize } : {}, [], ['tag'], library);
    }
    case 'Signature':
      return signature(f, call, name, library);
    case 'KeyGenerator': {
      const info = f.generatorInfo(node);
      const p = keyInfoParams(info);
      // An Android Keystore key restricted to one block mode (`setBlockModes(BLOCK_MODE_GCM)`) is that cipher's key.
      if (info.modes?.length === 1) p.mode = info.modes[0]!;
      return f.algorithm(node, symbol, info.named ?? name, p, needsKeySize(name) ? ['keySize'] : [], ['keygen'], library);
    }
    case 'KeyPairGenerator': {
      const info = f.generatorInfo(node);
      const unresolved: AlgorithmParamName[] = /^(RSA|DSA|DH|DiffieHellman)$/i.test(name) ? ['keySize'] : /^(EC(DSA|DH)?|XDH)$/i.test(name) ? ['curve'] : /^(ML-?KEM|ML-?DSA|SLH-?DSA)$/i.test(name) ? ['parameterSet'] : [];
      return f.algorithm(node, symbol, info.named ?? name, keyInfoParams(info), info.named ? [] : unresolved, ['keygen'], library);
    }
    case 'KeyAgreement': {
      const key = f.linked(node, ['init'])[0]?.args[0]?.expr;
      const info = key ? f.keyInfo(key) : {};
      const unresolved: AlgorithmParamName[] = /^(ECDH|ECDHC|ECMQV|XDH)$/i.test(name) ? ['curve'] : /^(DH|DiffieHellman)$/i.test(name) ? ['keySize'] : [];
      return f.algorithm(node, symbol, name, keyInfoParams(info), unresolved, ['keyderive'], library);
    }
    case 'SecretKeyFactory':
      return secretKeyFactory(f, call, name, library);
    case 'KeyFactory': {
      const params = encodedPublicKeyParams(f, call);
      const unresolved: AlgorithmParamName[] = params.keySize || params.curve ? [] : /^(RSA|DSA|DH)$/i.test(name) ? ['keySize'] : /^EC$/i.test(name) ? ['curve'] : [];
      return f.algorithm(node, symbol, name, params, unresolved, [], library);
    }
    case 'SecureRandom':
      return f.algorithm(node, symbol, name, {}, [], ['generate'], library);
  }
}

/**
 * The size or curve of a public key the file writes out: `generatePublic(X509EncodedKeySpec(Base64…decode(KEY)))`
 * on the factory, with `KEY` a base64 SubjectPublicKeyInfo constant (a signature-verification key shipped in
 * the app). The SPKI is read as the artefact detectors read one; anything else leaves the key unsized.
 */
function encodedPublicKeyParams(f: KtFile, call: KtCall): AlgorithmParams {
  for (const gen of f.linked(call.node, ['generatePublic'])) {
    const spec = f.origin(arg(gen, 0));
    const sc = spec ? callParts(spec) : undefined;
    if (sc?.name !== 'X509EncodedKeySpec') continue;
    const dec = f.origin(arg(sc, 0));
    const dc = dec ? callParts(dec) : undefined;
    if (dc?.name !== 'decode' || !dc.receiver || !/Base64|Decoder/.test(dc.receiver.text())) continue;
    const b64 = f.str(arg(dc, 0));
    if (!b64) continue;
    const details = spkiDetails(Buffer.from(b64, 'base64'));
    if (details.modulusLength) return { keySize: details.modulusLength };
    const curve = details.curveOid ?? details.explicitCurve;
    if (curve) return { curve: canonicalCurve(getKnowledgeBase(), curve).name };
  }
  return {};
}

function cipherFunctions(f: KtFile, inits: KtCall[]): CryptoFunction[] {
  const fns = new Set<CryptoFunction>();
  for (const c of inits) {
    const v = f.value(arg(c, 0, 'opmode'));
    const m = v.kind === 'member' ? memberName(v) : v.kind === 'int' ? ['', 'ENCRYPT_MODE', 'DECRYPT_MODE', 'WRAP_MODE', 'UNWRAP_MODE'][v.value] : undefined;
    if (m === 'ENCRYPT_MODE' || m === 'WRAP_MODE') fns.add('encrypt');
    if (m === 'DECRYPT_MODE' || m === 'UNWRAP_MODE') fns.add('decrypt');
  }
  return [...fns];
}

function cipher(f: KtFile, call: KtCall, transformation: string, library: LibraryRef | undefined): void {
  const t = parseTransformation(transformation);
  const p: AlgorithmParams = {};
  if (t.mode) p.mode = t.mode;
  if (t.padding) p.padding = t.padding;
  if (t.hash) p.hash = t.hash;
  const inits = f.linked(call.node, ['init']);
  for (const init of inits) {
    const key = f.keyInfo(arg(init, 1, 'key'));
    const spec = f.keyInfo(arg(init, 2, 'params'));
    if (key.keySize !== undefined && p.keySize === undefined) p.keySize = key.keySize;
    if (key.curve !== undefined && p.curve === undefined) p.curve = key.curve;
    if (spec.tagLength !== undefined && p.tagLength === undefined) p.tagLength = spec.tagLength;
    if (spec.ivLength !== undefined && p.ivLength === undefined) p.ivLength = spec.ivLength;
    if (p.padding === 'OAEP' && !p.hash) {
      const o = f.origin(arg(init, 2, 'params'));
      if (o && f.createdType(o) === 'OAEPParameterSpec') {
        const h = f.str(o.find({ rule: { kind: 'value_argument' } }));
        if (h) p.hash = h;
      }
    }
  }
  const unresolved: AlgorithmParamName[] = [];
  if (needsKeySize(t.algorithm)) unresolved.push('keySize');
  if (/^(AES|DES|DESede|TripleDES|Blowfish|RC2|Camellia|ARIA|SEED|SM4|IDEA|CAST5)$/i.test(t.algorithm)) unresolved.push('mode');
  f.algorithm(call.node, 'Cipher.getInstance', t.algorithm, p, unresolved, cipherFunctions(f, inits), library);
}

function signature(f: KtFile, call: KtCall, name: string, library: LibraryRef | undefined): void {
  const p: AlgorithmParams = {};
  const inits = f.linked(call.node, ['initSign', 'initVerify']);
  const key = inits[0]?.args[0]?.expr;
  const info = key ? f.keyInfo(key) : {};
  if (info.keySize !== undefined) p.keySize = info.keySize;
  if (info.curve !== undefined) p.curve = info.curve;
  const fns = inits.map((i): CryptoFunction => (i.name === 'initSign' ? 'sign' : 'verify'));
  const unresolved: AlgorithmParamName[] = /RSA/i.test(name) && !/PSS$/i.test(name) ? ['keySize'] : /ECDSA/i.test(name) ? ['curve'] : /^RSASSA-PSS$/i.test(name) ? ['keySize', 'hash'] : [];
  f.algorithm(call.node, 'Signature.getInstance', info.named ?? name, p, unresolved, fns, library);
}

function secretKeyFactory(f: KtFile, call: KtCall, name: string, library: LibraryRef | undefined): void {
  const p: AlgorithmParams = {};
  const spec = f.linked(call.node, ['generateSecret'])[0]?.args[0]?.expr;
  const o = f.origin(spec);
  if (o && f.createdType(o) === 'PBEKeySpec') {
    const c = (o && kindOf(o) === 'call_expression') ? o : undefined;
    if (c) Object.assign(p, pbeParams(f, c));
  }
  f.algorithm(call.node, 'SecretKeyFactory.getInstance', name, p, /^PBKDF2|^PBE/i.test(name) ? ['iterations'] : [], ['keyderive'], library);
}


function pbeParams(f: KtFile, node: SgNode): AlgorithmParams {
  const c = callParts(node)!;
  const p: AlgorithmParams = {};
  const salt = f.value(arg(c, 1, 'salt'));
  if (salt.kind === 'bytes' && salt.length !== undefined) p.saltLength = salt.length;
  const it = f.int(arg(c, 2, 'iterationCount'));
  if (it !== undefined) p.iterations = it;
  const len = f.int(arg(c, 3, 'keyLength'));
  if (len !== undefined) p.outputLength = len;
  return p;
}

/** The nearest function body or lambda around a node: the scope a hand-written HKDF runs in. */
function enclosingBody(node: SgNode): SgNode | undefined {
  for (let cur = node.parent(); cur; cur = cur.parent()) {
    const k = kindOf(cur);
    if (k === 'function_body' || k === 'lambda_literal') return cur;
  }
  return undefined;
}

/**
 * HKDF written by hand (RFC 5869 §2.2): HKDF-Extract is an HMAC keyed by the salt, and its output, the
 * pseudorandom key, keys the HMAC of HKDF-Expand. The salt is public (a user id, a context) and a
 * zero-filled block when absent (`if (salt.isEmpty()) ByteArray(32) else salt`), so bytes fixed in
 * source there are no hard-coded key. Recognised by the key's name ending in `salt` (`salt`, `effectiveSalt`; not `saltedKey`) or by an
 * HMAC key, later in the same function, that is a MAC's `doFinal` output (`val prk = mac.doFinal(ikm)`
 * then `SecretKeySpec(prk, "HmacSHA256")`).
 */
function hkdfExtractSalt(f: KtFile, call: KtCall, keyArg: SgNode | undefined): boolean {
  if (keyArg && kindOf(keyArg) === 'simple_identifier' && /salt$/i.test(keyArg.text())) return true;
  const body = enclosingBody(call.node);
  if (!body) return false;
  const start = call.node.range().end.index;
  const end = body.range().end.index;
  return f.callsNamed('SecretKeySpec').some((other) => {
    const at = other.node.range().start.index;
    if (at <= start || at >= end || enclosingBody(other.node)?.id() !== body.id()) return false;
    const key = f.origin(arg(other, 0, 'key'));
    return key !== undefined && callParts(key)?.name === 'doFinal' && /^hmac/i.test(f.str(arg(other, 1, 'algorithm')) ?? '');
  });
}

/** Specs whose arguments are secret material: the arrays given to them are keys, IVs and salts. */
export const SECRET_SPECS: ReadonlySet<string> = new Set(['SecretKeySpec', 'IvParameterSpec', 'GCMParameterSpec', 'PBEKeySpec']);

/**
 * `SecretKeySpec` (a secret-key material; hard-coded key bytes), `IvParameterSpec`/`GCMParameterSpec`
 * (static IV), `PBEKeySpec` (hard-coded password). `mutated`: arrays written after their creation
 * (`random.nextBytes(iv)`), which are not constants.
 */
export function handleSpec(f: KtFile, call: KtCall, type: string, mutated: ReadonlySet<string>): void {
  const constant = (a: SgNode | undefined): boolean => {
    if (!a) return false;
    if (kindOf(a) === 'simple_identifier' && mutated.has(a.text())) return false;
    const v = f.value(a);
    return isConstantBytes(v) && !(v.kind === 'bytes' && v.length === 0);
  };
  const node = call.node;
  if (type === 'SecretKeySpec') {
    const four = call.args.length >= 4;
    const alg = f.str(four ? arg(call, 3, 'algorithm') : arg(call, 1, 'algorithm'));
    const keyArg = arg(call, 0, 'key');
    const v = f.value(keyArg);
    const size = v.kind === 'bytes' && v.length !== undefined && !four ? v.length * 8 : undefined;
    f.sink.detections.push({
      type: 'material',
      occurrence: f.sink.occurrences.at(node, 'SecretKeySpec'),
      material: {
        materialType: 'secret-key',
        format: 'raw',
        ...(alg ? { algorithm: { spelling: alg, params: size ? { keySize: size } : {} } } : {}),
        ...(size ? { size } : {}),
      },
    });
    if (constant(keyArg) && !(alg && /^hmac/i.test(alg) && hkdfExtractSalt(f, call, keyArg))) f.sink.signal(node, 'SecretKeySpec', 'hardcoded-key', `${alg ?? 'secret'} key bytes are fixed in source`, alg ? { related: { spelling: alg, params: size ? { keySize: size } : {} } } : {});
  } else if (type === 'IvParameterSpec' || type === 'GCMParameterSpec') {
    const ivArg = type === 'IvParameterSpec' ? arg(call, 0, 'iv') : arg(call, 1, 'src');
    if (constant(ivArg)) f.sink.signal(node, type, 'static-iv', `${type === 'GCMParameterSpec' ? 'GCM nonce' : 'IV'} is a constant in source`);
  } else if (type === 'PBEKeySpec') {
    const pw = f.origin(arg(call, 0, 'password'));
    const c = pw ? callParts(pw) : undefined;
    if (c?.name === 'toCharArray' && c.receiver) {
      const s = f.str(c.receiver);
      // A caller's literal is reported nowhere (common/from-caller.ts).
      if (s !== undefined && s.length > 0 && !fromCaller(f.ev, c.receiver)) f.sink.signal(node, 'PBEKeySpec', 'hardcoded-password', 'PBE password is a string literal');
    }
    // A spec with a key length is PBKDF2's input (the PBES1 ciphers take none). When the file makes no
    // SecretKeyFactory (one injected from elsewhere), the derivation is reported at the spec, its PRF unknown,
    // with the iterations, salt and output length the spec fixes; otherwise the factory reports it.
    const factory = f.callsNamed('getInstance').some((g) => /(^|\.)SecretKeyFactory$/.test(pathText(g.receiver) ?? ''));
    if (arg(call, 3, 'keyLength') && !factory) f.algorithm(node, 'PBEKeySpec', 'PBKDF2', pbeParams(f, node), ['hash'], ['keyderive']);
  }
}
