// System.Security.Cryptography: symmetric algorithm objects and their properties, AEAD classes,
// hashes and HMACs, PBKDF2/HKDF, RSA/ECDSA/ECDH/DSA keys and operations, and the .NET 10
// post-quantum classes (ML-KEM, ML-DSA, SLH-DSA). Names are .NET's and the knowledge base reads them
// (`SHA3_256`, `HMACSHA256`, `nistP256`, `MLKem768`, `SlhDsaSha2_128s`).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import type { KnowledgeBase } from '../../../kb/types.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import { kindOf } from '../common/languages.js';
import type { CsFile } from './file.js';
import { callArgs, createdType, simpleType } from './resolve.js';
import { fromCaller } from '../common/from-caller.js';

export type Handler = (f: CsFile, node: SgNode, type: string, method: string, args: SgNode[]) => void;

// ---------------------------------------------------------------- names

/** The hash a `HashAlgorithmName` argument names (`HashAlgorithmName.SHA256`, `new HashAlgorithmName("SHA384")`), as the KB spells it. */
export function hashName(f: CsFile, kb: KnowledgeBase, node: SgNode | undefined): string | undefined {
  const m = f.member(node);
  let raw: string | undefined;
  if (m?.type === 'HashAlgorithmName') raw = m.name;
  else {
    const o = f.origin(node);
    if (o && kindOf(o) === 'object_creation_expression' && createdType(o) === 'HashAlgorithmName') raw = f.str(callArgs(o)[0]);
    else raw = f.str(node);
  }
  if (!raw) return undefined;
  const r = kb.resolve(raw, {});
  return r.entry && (r.primitive === 'hash' || r.primitive === 'xof') ? r.name : undefined;
}

/** Consumes an argument and the expression it stands for (a `HashAlgorithmName` kept in a variable). */
function use(f: CsFile, node: SgNode | undefined): void {
  f.consume(node);
  f.consume(f.origin(node));
}

// ---------------------------------------------------------------- symmetric ciphers

/** .NET symmetric algorithm classes -> KB spelling. */
const SYMMETRIC: Readonly<Record<string, string>> = {
  Aes: 'AES', AesManaged: 'AES', AesCryptoServiceProvider: 'AES', AesCng: 'AES',
  Rijndael: 'Rijndael', RijndaelManaged: 'Rijndael',
  TripleDES: 'TripleDES', TripleDESCryptoServiceProvider: 'TripleDES', TripleDESCng: 'TripleDES',
  DES: 'DES', DESCryptoServiceProvider: 'DES', RC2: 'RC2', RC2CryptoServiceProvider: 'RC2',
};

const SYMMETRIC_PROPS = new Set(['KeySize', 'Mode', 'Padding', 'Key', 'IV', 'BlockSize']);
const ONE_SHOT = /^(Encrypt|Decrypt)(Cbc|Ecb|Cfb)$/;
const SYMMETRIC_CALLS = ['CreateEncryptor', 'CreateDecryptor', 'EncryptCbc', 'DecryptCbc', 'EncryptEcb', 'DecryptEcb', 'EncryptCfb', 'DecryptCfb'];

const PADDINGS: Readonly<Record<string, string>> = { PKCS7: 'PKCS7', None: 'NoPadding', Zeros: 'ZeroPadding', ANSIX923: 'ANSIX923', ISO10126: 'ISO10126' };

function symmetric(f: CsFile, node: SgNode, type: string): void {
  const spelling = SYMMETRIC[type]!;
  const props = f.properties(node, SYMMETRIC_PROPS);
  const calls = f.calls(node, SYMMETRIC_CALLS);
  const params: AlgorithmParams = {};
  const functions: CryptoFunction[] = [];
  const keySize = f.int(props.get('KeySize'));
  if (keySize !== undefined) params.keySize = keySize;
  const key = props.get('Key');
  if (params.keySize === undefined) params.keySize = f.keyBits(key);
  const mode = f.member(props.get('Mode'));
  if (mode?.type === 'CipherMode') params.mode = mode.name.toUpperCase();
  const padding = f.member(props.get('Padding'));
  if (padding?.type === 'PaddingMode') params.padding = PADDINGS[padding.name] ?? padding.name;
  const iv = props.get('IV');
  const ivBits = f.keyBits(iv);
  if (ivBits !== undefined) params.ivLength = ivBits;
  const related = (): { spelling: string; params: AlgorithmParams } => ({ spelling, params: { ...params } });
  let encryptorMade = false;
  for (const c of calls) {
    const method = c.field('function')?.field('name')?.text() ?? '';
    const a = callArgs(c);
    functions.push(/^(CreateEncryptor|Encrypt)/.test(method) ? 'encrypt' : 'decrypt');
    const one = ONE_SHOT.exec(method);
    if (one) {
      // `aes.EncryptCbc(data, iv, PaddingMode.PKCS7)`: the mode is the method's; the padding argument defaults to PKCS7.
      params.mode ??= one[2]!.toUpperCase();
      const padArg = a[one[2] === 'Ecb' ? 1 : 2];
      const pad = f.member(padArg);
      if (pad?.type === 'PaddingMode' && params.padding === undefined) params.padding = PADDINGS[pad.name] ?? pad.name;
      // The padding argument left out takes its declared default: PKCS7 for EncryptCbc, none for EncryptCfb.
      if (!padArg && params.padding === undefined) params.padding = one[2] === 'Cbc' ? 'PKCS7' : 'NoPadding';
      if (one[2] !== 'Ecb' && f.constantBytes(a[1])) f.signal(c, `${type}.${method}`, 'static-iv', `${spelling} IV is a constant in source`, related());
      continue;
    }
    encryptorMade = true;
    if (a.length >= 2) {
      params.keySize ??= f.keyBits(a[0]);
      if (f.constantBytes(a[0])) f.signal(c, `${type}.${method}`, 'hardcoded-key', `${spelling} key bytes are fixed in source`, related());
      if (f.constantBytes(a[1])) f.signal(c, `${type}.${method}`, 'static-iv', `${spelling} IV is a constant in source`, related());
    }
  }
  // The object is configured and used here: properties it never sets keep .NET's documented defaults
  // (CBC, PKCS7); one set on some paths only is unknown (null), never the default.
  if (encryptorMade) {
    if (!props.has('Mode')) params.mode ??= 'CBC';
    if (!props.has('Padding')) params.padding ??= 'PKCS7';
  }
  if (key && f.constantBytes(key)) f.signal(key, `${type}.Key`, 'hardcoded-key', `${spelling} key bytes are fixed in source`, related());
  // ECB takes no IV (AES key wrap built on ECB sets a fixed one that is never used).
  if (iv && params.mode !== 'ECB' && f.constantBytes(iv)) f.signal(iv, `${type}.IV`, 'static-iv', `${spelling} IV is a constant in source`, related());
  // An unpadded ECB object inside a class that is itself a block cipher (it declares `EncryptBlock`/`DecryptBlock`
  // or `ProcessBlock`) is the raw block function under modes the project builds itself (SSH.NET's CBC, CFB, OFB
  // and CTR classes call it one block at a time): the mode is the caller's, not ECB over the data.
  if (params.mode === 'ECB' && params.padding === 'NoPadding' && insideBlockCipherClass(node)) delete params.mode;
  let name = spelling;
  // Rijndael with a 192- or 256-bit block (`BlockSize = 256`, which RijndaelManaged allows) is not AES:
  // FIPS 197 fixes AES's block at 128 bits. It keeps a name of its own, which the KB does not rate.
  const block = spelling === 'Rijndael' ? f.int(props.get('BlockSize')) : undefined;
  if (block !== undefined && block !== 128) name = `Rijndael-${block}-block`;
  // TripleDES with a 128-bit key is two-key 3DES (.NET's default and the 192-bit key are three-key).
  if (spelling === 'TripleDES' && (params.keySize === 128 || params.keySize === 112)) {
    name = '3DES-112';
    delete params.keySize;
  }
  const unresolved: AlgorithmParamName[] = ['mode'];
  if (spelling === 'AES' || spelling === 'Rijndael' || spelling === 'RC2') unresolved.push('keySize');
  f.algorithm(node, symbolFor(node, type), { spelling: name, params, unresolved, functions });
}

const BLOCK_METHODS = new Set(['EncryptBlock', 'DecryptBlock', 'ProcessBlock']);

/** Whether the nearest class around a node declares a block cipher's per-block methods. */
function insideBlockCipherClass(node: SgNode): boolean {
  const cls = node.ancestors().find((a) => kindOf(a) === 'class_declaration');
  const body = cls?.field('body') ?? cls?.children().find((c) => kindOf(c) === 'declaration_list');
  if (!body) return false;
  return body.children().some((m) => kindOf(m) === 'method_declaration' && BLOCK_METHODS.has(m.field('name')?.text() ?? ''));
}

/** AEAD classes: `new AesGcm(key, tagSizeInBytes)`, `new AesCcm(key)`, `new ChaCha20Poly1305(key)`. */
function aead(f: CsFile, node: SgNode, type: string, _m: string, args: SgNode[]): void {
  const spelling = type === 'ChaCha20Poly1305' ? 'ChaCha20-Poly1305' : 'AES';
  const params: AlgorithmParams = type === 'AesGcm' ? { mode: 'GCM' } : type === 'AesCcm' ? { mode: 'CCM' } : {};
  const keySize = f.keyBits(args[0]);
  if (keySize !== undefined) params.keySize = keySize;
  const tag = f.int(args[1]);
  if (type === 'AesGcm' && tag !== undefined) params.tagLength = tag * 8;
  const functions: CryptoFunction[] = [];
  for (const c of f.calls(node, ['Encrypt', 'Decrypt'])) {
    const method = c.field('function')?.field('name')?.text();
    functions.push(method === 'Encrypt' ? 'encrypt' : 'decrypt');
    const a = callArgs(c);
    params.ivLength ??= f.keyBits(a[0]);
    if (method === 'Encrypt' && f.constantBytes(a[0])) f.signal(c, `${type}.Encrypt`, 'static-iv', `${type} nonce is a constant in source`, { spelling, params: { ...params } });
    if (type !== 'AesGcm' || params.tagLength === undefined) {
      const t = f.keyBits(a[3]);
      if (t !== undefined) params.tagLength ??= t;
    }
  }
  if (f.constantBytes(args[0])) f.signal(node, `new ${type}`, 'hardcoded-key', `${type} key bytes are fixed in source`, { spelling, params: { ...params } });
  f.algorithm(node, `new ${type}`, { spelling, params, unresolved: spelling === 'AES' ? ['keySize'] : [], functions });
}

// ---------------------------------------------------------------- hashes and MACs

const HASH_CLASSES = /^(MD5|SHA1|SHA256|SHA384|SHA512|SHA3_256|SHA3_384|SHA3_512|RIPEMD160|Shake128|Shake256)(Managed|CryptoServiceProvider|Cng)?$/;

function hashClass(f: CsFile, node: SgNode, type: string, method: string): void {
  const base = HASH_CLASSES.exec(type)![1]!;
  const functions: CryptoFunction[] = ['digest'];
  f.algorithm(node, method ? `${type}.${method}` : `new ${type}`, { spelling: base, functions });
}

function hmacClass(f: CsFile, node: SgNode, type: string, method: string, args: SgNode[]): void {
  // `new HMACSHA256(key)`, `HMACSHA256.HashData(key, data)`: the key is the first argument.
  const key = method === '' || /^(HashData|TryHashData|HashDataAsync)$/.test(method) ? args[0] : undefined;
  const keyBits = f.keyBits(key);
  const params: AlgorithmParams = keyBits !== undefined ? { keySize: keyBits } : {};
  const symbol = method ? `${type}.${method}` : `new ${type}`;
  if (key && f.constantBytes(key)) f.signal(node, symbol, 'hardcoded-key', `${type} key bytes are fixed in source`, { spelling: type, params });
  f.algorithm(node, symbol, { spelling: type, params, functions: ['tag'] });
}

/** `IncrementalHash.CreateHash(HashAlgorithmName.X)`, `IncrementalHash.CreateHMAC(HashAlgorithmName.X, key)`. */
function incremental(kb: KnowledgeBase): Handler {
  return (f, node, _type, method, args) => {
    const hash = hashName(f, kb, args[0]);
    use(f, args[0]);
    if (method === 'CreateHash') {
      f.algorithm(node, `IncrementalHash.${method}`, hash ? { spelling: hash, functions: ['digest'] } : { spelling: unresolvedSpelling('hash'), functions: ['digest'] });
      return;
    }
    const keyBits = f.keyBits(args[1]);
    if (f.constantBytes(args[1])) f.signal(node, `IncrementalHash.${method}`, 'hardcoded-key', 'HMAC key bytes are fixed in source');
    f.algorithm(node, `IncrementalHash.${method}`, hash
      ? { spelling: `HMAC-${hash}`, params: { hash, ...(keyBits ? { keySize: keyBits } : {}) }, functions: ['tag'] }
      : { spelling: unresolvedSpelling('mac'), functions: ['tag'] });
  };
}

/**
 * Factories by name: `HashAlgorithm.Create("SHA256")`, `CryptoConfig.CreateFromName("SHA1")`,
 * `SymmetricAlgorithm.Create("AES")`, `HMAC.Create("HMACSHA256")`. CryptoConfig's names may be the
 * class's full name (`System.Security.Cryptography.SHA1`); "SHA" is SHA-1 in its table.
 */
function byName(kb: KnowledgeBase): Handler {
  return (f, node, type, method, args) => {
    const role = type === 'HashAlgorithm' ? 'hash' : type === 'SymmetricAlgorithm' ? 'cipher' : type === 'CryptoConfig' ? 'cipher' : type === 'AsymmetricAlgorithm' ? 'key-pair-generator' : 'mac';
    const symbol = `${type}.${method}`;
    let name = f.str(args[0]);
    if (args.length === 0 || name === undefined) {
      if (args.length === 0) return; // the obsolete parameterless factories give a default (SHA-1, Rijndael, HMACSHA1) only on .NET Framework
      f.algorithm(node, symbol, { spelling: unresolvedSpelling(role) });
      return;
    }
    name = name.replace(/^System\.Security\.Cryptography\./, '');
    if (/^SHA$/i.test(name)) name = 'SHA1';
    const cls = name.replace(/(Managed|CryptoServiceProvider|Cng)$/, '');
    if (SYMMETRIC[cls]) return f.algorithm(node, symbol, { spelling: SYMMETRIC[cls]!, unresolved: ['mode'] });
    const r = kb.resolve(cls, {});
    if (!r.entry) return f.algorithm(node, symbol, { spelling: unresolvedSpelling(role) });
    const fn: CryptoFunction | undefined = r.primitive === 'hash' ? 'digest' : r.primitive === 'mac' ? 'tag' : undefined;
    f.algorithm(node, symbol, { spelling: cls, ...(fn ? { functions: [fn] } : {}) });
  };
}

// ---------------------------------------------------------------- key derivation

/** `new Rfc2898DeriveBytes(password, salt|saltSize[, iterations[, hashAlgorithm]])`. */
function rfc2898(kb: KnowledgeBase): Handler {
  return (f, node, _t, _m, args) => {
    const params: AlgorithmParams = {};
    const unresolved: AlgorithmParamName[] = [];
    // The constructors without an iteration count or hash use 1000 iterations and SHA-1 (documented defaults).
    if (args.length >= 3) {
      const it = f.int(args[2]);
      if (it !== undefined) params.iterations = it;
      else unresolved.push('iterations');
    } else params.iterations = 1000;
    if (args.length >= 4) {
      const h = hashName(f, kb, args[3]);
      use(f, args[3]);
      if (h) params.hash = h;
      else unresolved.push('hash');
    } else params.hash = 'SHA-1';
    salt(f, args[1], params);
    const gets = f.calls(node, ['GetBytes']);
    const len = f.int(gets[0] ? callArgs(gets[0])[0] : undefined);
    if (len !== undefined) params.outputLength = len * 8;
    password(f, node, 'new Rfc2898DeriveBytes', args[0]);
    f.algorithm(node, 'new Rfc2898DeriveBytes', { spelling: 'PBKDF2', params, unresolved, functions: ['keyderive'] });
  };
}

function salt(f: CsFile, node: SgNode | undefined, params: AlgorithmParams): void {
  const v = f.value(node);
  if (v.kind === 'int') params.saltLength = v.value;
  else if (v.kind === 'bytes' && v.length !== undefined) params.saltLength = v.length;
}

function password(f: CsFile, call: SgNode, symbol: string, node: SgNode | undefined): void {
  const v = f.value(node);
  if (fromCaller(f.ev, node)) return; // a literal of the caller's (common/from-caller.ts)
  if ((v.kind === 'str' && v.value.length > 0) || (v.kind === 'bytes' && v.origin === 'literal'))
    f.signal(call, symbol, 'hardcoded-password', 'PBKDF2 password is a literal in source');
}

/** Named or positional argument of a call. */
function arg(call: SgNode, args: SgNode[], index: number, name: string): SgNode | undefined {
  for (const a of call.field('arguments')?.namedChildren() ?? []) if (a.field('name')?.text() === name) return a.namedChildren().pop();
  return args[index];
}

/**
 * `Rfc2898DeriveBytes.Pbkdf2(password, salt, iterations, hashAlgorithm, outputLength)` and the span
 * form `Pbkdf2(password, salt, destination, iterations, hashAlgorithm)`.
 */
function pbkdf2Static(kb: KnowledgeBase): Handler {
  return (f, node, _t, _m, args) => {
    const spanForm = f.member(args[3])?.type !== 'HashAlgorithmName' && (f.member(args[4])?.type === 'HashAlgorithmName' || hashName(f, kb, args[4]) !== undefined);
    const itNode = arg(node, args, spanForm ? 3 : 2, 'iterations');
    const hNode = arg(node, args, spanForm ? 4 : 3, 'hashAlgorithm');
    const params: AlgorithmParams = {};
    const it = f.int(itNode);
    if (it !== undefined) params.iterations = it;
    const h = hashName(f, kb, hNode);
    use(f, hNode);
    if (h) params.hash = h;
    salt(f, arg(node, args, 1, 'salt'), params);
    if (!spanForm) {
      const len = f.int(arg(node, args, 4, 'outputLength'));
      if (len !== undefined) params.outputLength = len * 8;
    }
    password(f, node, 'Rfc2898DeriveBytes.Pbkdf2', args[0]);
    f.algorithm(node, 'Rfc2898DeriveBytes.Pbkdf2', { spelling: 'PBKDF2', params, unresolved: ['iterations', 'hash'], functions: ['keyderive'] });
  };
}

/** ASP.NET Core's `KeyDerivation.Pbkdf2(password, salt, KeyDerivationPrf.HMACSHA256, iterationCount, numBytesRequested)`. */
const aspnetPbkdf2: Handler = (f, node, _t, _m, args) => {
  const params: AlgorithmParams = {};
  const prf = f.member(arg(node, args, 2, 'prf'));
  const hash = prf?.type === 'KeyDerivationPrf' ? { HMACSHA1: 'SHA-1', HMACSHA256: 'SHA-256', HMACSHA512: 'SHA-512' }[prf.name] : undefined;
  if (hash) params.hash = hash;
  const it = f.int(arg(node, args, 3, 'iterationCount'));
  if (it !== undefined) params.iterations = it;
  const len = f.int(arg(node, args, 4, 'numBytesRequested'));
  if (len !== undefined) params.outputLength = len * 8;
  salt(f, arg(node, args, 1, 'salt'), params);
  password(f, node, 'KeyDerivation.Pbkdf2', args[0]);
  f.algorithm(node, 'KeyDerivation.Pbkdf2', { spelling: 'PBKDF2', params, unresolved: ['iterations', 'hash'], functions: ['keyderive'] });
};

/** `HKDF.DeriveKey(HashAlgorithmName.SHA256, ikm, outputLength, salt, info)`, `HKDF.Extract`, `HKDF.Expand`. */
function hkdf(kb: KnowledgeBase): Handler {
  return (f, node, _t, method, args) => {
    const h = hashName(f, kb, args[0]);
    use(f, args[0]);
    const params: AlgorithmParams = h ? { hash: h } : {};
    if (method === 'DeriveKey' || method === 'Expand') {
      const len = f.int(args[2]);
      if (len !== undefined) params.outputLength = len * 8;
    }
    f.algorithm(node, `HKDF.${method}`, { spelling: 'HKDF', params, unresolved: ['hash'], functions: ['keyderive'] });
  };
}

// ---------------------------------------------------------------- asymmetric keys

const KEY_CLASSES: Readonly<Record<string, string>> = {
  RSA: 'RSA', RSACryptoServiceProvider: 'RSA', RSACng: 'RSA', RSAOpenSsl: 'RSA',
  DSA: 'DSA', DSACryptoServiceProvider: 'DSA', DSACng: 'DSA', DSAOpenSsl: 'DSA',
  ECDsa: 'ECDSA', ECDsaCng: 'ECDSA', ECDsaOpenSsl: 'ECDSA',
  ECDiffieHellman: 'ECDH', ECDiffieHellmanCng: 'ECDH', ECDiffieHellmanOpenSsl: 'ECDH',
};

/** Key size (RSA/DSA) or curve (EC) an RSA/DSA/EC object holds, from its creation and properties. */
export function keyFacts(f: CsFile, creation: SgNode | undefined): { family?: string; keySize?: number; curve?: string; imported?: boolean } {
  if (!creation) return {};
  const k = kindOf(creation);
  let type: string | undefined;
  let args: SgNode[] = [];
  if (k === 'object_creation_expression') {
    type = createdType(creation);
    args = callArgs(creation);
  } else if (k === 'invocation_expression') {
    const m = /(?:^|\.)(\w+)\.Create$/.exec(creationCallee(creation));
    type = m?.[1];
    args = callArgs(creation);
  }
  const family = type ? KEY_CLASSES[type] : undefined;
  if (!family) return {};
  const out: { family?: string; keySize?: number; curve?: string; imported?: boolean } = { family };
  const a0 = args[0];
  if (family === 'RSA' || family === 'DSA') {
    const n = f.int(a0);
    if (n !== undefined) out.keySize = n;
  } else {
    const c = curveOf(f, a0);
    if (c) out.curve = c;
    else if (type?.endsWith('Cng') || type?.endsWith('OpenSsl')) {
      // `new ECDsaCng(256)`: the key size picks the NIST curve.
      const n = f.int(a0);
      if (n === 256 || n === 384 || n === 521) out.curve = `P-${n}`;
    }
  }
  const props = f.properties(creation, new Set(['KeySize']));
  const ks = f.int(props.get('KeySize'));
  if (ks !== undefined) {
    if (family === 'RSA' || family === 'DSA') out.keySize = ks;
    else if (ks === 256 || ks === 384 || ks === 521) out.curve = `P-${ks}`;
  }
  if (!out.curve && (family === 'ECDSA' || family === 'ECDH')) {
    for (const g of f.calls(creation, ['GenerateKey'])) out.curve ??= curveOf(f, callArgs(g)[0]);
  }
  // A key imported into the object afterwards replaces the one it was created with: its size or curve
  // is that of the imported key, unknown here (`RSA.Create(2048)` then `ImportFromPem(pem)`).
  if (f.calls(creation, KEY_IMPORTS).length > 0) return { family, imported: true };
  return out;
}

/** Methods that load a key into an RSA/DSA/EC object. */
const KEY_IMPORTS = [
  'ImportParameters', 'ImportFromPem', 'ImportFromEncryptedPem', 'ImportRSAPrivateKey', 'ImportRSAPublicKey', 'ImportPkcs8PrivateKey',
  'ImportEncryptedPkcs8PrivateKey', 'ImportSubjectPublicKeyInfo', 'ImportECPrivateKey', 'FromXmlString', 'ImportCspBlob',
];

function creationCallee(inv: SgNode): string {
  return (inv.field('function')?.text() ?? '').replace(/\s+/g, '');
}

/**
 * `ECCurve.NamedCurves.nistP256`, `ECCurve.CreateFromFriendlyName("nistP384")`, `ECCurve.CreateFromValue("1.2.840.10045.3.1.7")`,
 * `ECCurve.CreateFromOid(new Oid("1.2.840.10045.3.1.7"))`. The knowledge base reads a curve's dotted OID as one of its spellings.
 */
function curveOf(f: CsFile, node: SgNode | undefined): string | undefined {
  const m = f.member(node);
  if (m?.type === 'NamedCurves') return m.name;
  const o = f.origin(node);
  if (!o || kindOf(o) !== 'invocation_expression') return undefined;
  const callee = creationCallee(o);
  if (/ECCurve\.CreateFrom(FriendlyName|Value)$/.test(callee)) return f.str(callArgs(o)[0]);
  if (/ECCurve\.CreateFromOid$/.test(callee)) return oidText(f, callArgs(o)[0]);
  return undefined;
}

/**
 * The value or friendly name an `Oid` object is made from: `new Oid("1.3.132.0.34")` (the constructor
 * takes either), `Oid.FromOidValue("1.3.132.0.35", OidGroup.All)`, `Oid.FromFriendlyName("nistP256", OidGroup.All)`.
 */
function oidText(f: CsFile, node: SgNode | undefined): string | undefined {
  const o = f.origin(node);
  if (!o) return undefined;
  const k = kindOf(o);
  if (k === 'object_creation_expression' && createdType(o) === 'Oid') return f.str(callArgs(o)[0]);
  if (k === 'invocation_expression' && /(?:^|\.)Oid\.From(OidValue|FriendlyName)$/.test(creationCallee(o))) return f.str(callArgs(o)[0]);
  return undefined;
}

/** `RSA.Create(2048)`, `new RSACryptoServiceProvider(1024)`, `ECDsa.Create(ECCurve.NamedCurves.nistP256)`, `DSA.Create(1024)`. */
const keyObject: Handler = (f, node, type, method) => {
  const facts = keyFacts(f, node);
  const family = facts.family!;
  const params: AlgorithmParams = {};
  if (facts.keySize !== undefined) params.keySize = facts.keySize;
  if (facts.curve !== undefined) params.curve = facts.curve;
  const functions: CryptoFunction[] = [];
  // A size or curve given and no key imported afterwards: the object generates its key pair.
  if (!facts.imported && (facts.keySize !== undefined || facts.curve !== undefined)) functions.push('keygen');
  if (family === 'ECDH') functions.push('keyderive');
  const unresolved: AlgorithmParamName[] = family === 'RSA' || family === 'DSA' ? ['keySize'] : ['curve'];
  f.algorithm(node, symbolFor(node, type, method), { spelling: family, params, unresolved, functions });
};

const SIGNATURE_PADDING: Readonly<Record<string, string>> = { Pss: 'PSS', Pkcs1: 'PKCS1v15' };
const ENCRYPTION_PADDING: Readonly<Record<string, { padding: string; hash?: string }>> = {
  Pkcs1: { padding: 'PKCS1v15' }, OaepSHA1: { padding: 'OAEP', hash: 'SHA-1' }, OaepSHA256: { padding: 'OAEP', hash: 'SHA-256' },
  OaepSHA384: { padding: 'OAEP', hash: 'SHA-384' }, OaepSHA512: { padding: 'OAEP', hash: 'SHA-512' },
  OaepSHA3_256: { padding: 'OAEP', hash: 'SHA3-256' }, OaepSHA3_384: { padding: 'OAEP', hash: 'SHA3-384' }, OaepSHA3_512: { padding: 'OAEP', hash: 'SHA3-512' },
};

/**
 * Family of the key object a method is called on: from its creation or its declared type; where the file
 * shows neither, from its name or the generic base the class passes a key type to (`keyFamilyByName`).
 */
function receiverFamily(f: CsFile, receiver: SgNode | undefined): { family?: string; keySize?: number; curve?: string } {
  if (!receiver) return {};
  // `((RSACryptoServiceProvider)key).SignData(…)`: the type the code casts to.
  let inner: SgNode | undefined = receiver;
  while (inner && kindOf(inner) === 'parenthesized_expression') inner = inner.namedChildren()[0];
  if (inner && kindOf(inner) === 'cast_expression') {
    const cast = KEY_CLASSES[simpleType(inner.field('type')?.text() ?? '')];
    if (cast) return { family: cast };
  }
  const o = f.origin(receiver);
  const facts = keyFacts(f, o);
  if (facts.family) return facts;
  const t = f.typeOf(receiver);
  if (t) return KEY_CLASSES[t] ? { family: KEY_CLASSES[t] } : {};
  const family = keyFamilyByName(f, receiver);
  return family ? { family } : {};
}

/** Receiver names that are a key class's own name, as .NET code names a property after its type (`public DSA DSA { get; }`). */
const KEY_PROPERTY_NAMES: Readonly<Record<string, string>> = { rsa: 'RSA', dsa: 'DSA', ecdsa: 'ECDSA' };

/**
 * A receiver whose type the file does not show, read from what the code says about it: a key wrapper's
 * property named after its type (`_key.DSA.VerifyData(…)`, `_key.RSA.SignData(…)` where `DsaKey` declares
 * `DSA DSA` in another file), or a field inherited from a generic base the class passes one key type to
 * (`class EcdsaAlgorithm : CertificateAlgorithm<ECDsa>` then `_privateKey.SignData(…)`, the base declaring
 * `TKey _privateKey`). Only a name the file binds to nothing counts as inherited: a local or parameter of
 * unknown type stays unknown.
 */
function keyFamilyByName(f: CsFile, receiver: SgNode): string | undefined {
  const k = kindOf(receiver);
  const last = k === 'member_access_expression' ? receiver.field('name')?.text() : k === 'identifier' ? receiver.text() : undefined;
  if (!last) return undefined;
  const named = KEY_PROPERTY_NAMES[last.toLowerCase()];
  if (named) return named;
  const self = k === 'identifier' || kindOf(receiver.field('expression') ?? receiver) === 'this';
  if (!self || f.ev.bindingOf(receiver)) return undefined;
  const cls = receiver.ancestors().find((a) => kindOf(a) === 'class_declaration');
  const bases = cls?.children().find((c) => kindOf(c) === 'base_list');
  if (!bases) return undefined;
  const families = new Set<string>();
  for (const m of bases.text().matchAll(/<([^<>]*)>/g)) {
    for (const t of m[1]!.split(',')) {
      const family = KEY_CLASSES[t.trim().split('.').pop()!];
      if (family) families.add(family);
    }
  }
  return families.size === 1 ? [...families][0] : undefined;
}

/** `key.SignData(data, HashAlgorithmName.SHA256[, RSASignaturePadding.Pss])` and Sign/VerifyHash, VerifyData. */
function signOp(kb: KnowledgeBase): Handler {
  return (f, node, _t, method, args) => {
    const receiver = node.field('function')?.field('expression') ?? undefined;
    // SignData(data, hash, padding), VerifyData(data, signature, hash, padding): the padding is the argument of that type.
    const padArg = args.find((a) => f.member(a)?.type === 'RSASignaturePadding');
    const pad = f.member(padArg);
    const rsaPadding = pad ? SIGNATURE_PADDING[pad.name] : undefined;
    const r = receiverFamily(f, receiver);
    const family = rsaPadding ? 'RSA' : r.family;
    if (family !== 'RSA' && family !== 'ECDSA' && family !== 'DSA') return;
    // `HashAlgorithmName.SHA256`, not the string `x.HashAlgorithmName.Name` of a property named after its type.
    const typedHash = args.find((a) => { const m = f.member(a); return m?.type === 'HashAlgorithmName' && m.name !== 'Name'; });
    const csp = !padArg && !typedHash ? cspOverload(family, method, args) : undefined;
    if (csp) {
      cspSignature(f, kb, node, method, family, csp, r.keySize);
      return;
    }
    const hashArg = typedHash ?? (method.endsWith('Data') ? args[args.length - (family === 'RSA' ? 2 : 1)] : undefined);
    const hash = hashName(f, kb, hashArg);
    use(f, hashArg);
    use(f, padArg);
    const params: AlgorithmParams = {};
    if (hash) params.hash = hash;
    // The knowledge base reads RSA with PKCS#1 v1.5 padding and no hash as encryption (RSAES): a PKCS#1
    // signature whose hash the file does not show (`_key.SignData(data, _hashName, RSASignaturePadding.Pkcs1)`)
    // is named as the signature scheme instead, so it raises no `rsa-pkcs1v15-encryption`.
    const pkcs1Signature = rsaPadding === 'PKCS1v15' && !hash;
    if (rsaPadding && !pkcs1Signature) params.padding = rsaPadding;
    if (r.keySize !== undefined) params.keySize = r.keySize;
    if (r.curve !== undefined) params.curve = r.curve;
    const unresolved: AlgorithmParamName[] = family === 'ECDSA' ? ['curve'] : ['keySize'];
    if (method.endsWith('Data')) unresolved.push('hash');
    const spelling = pkcs1Signature ? 'RSASSA-PKCS1-v1_5' : family;
    f.algorithm(node, method, { spelling, params, unresolved, functions: [method.startsWith('Sign') ? 'sign' : 'verify'] });
  };
}

/**
 * The CryptoServiceProvider classes' own overloads, told apart from the RSA/DSA base classes' by their
 * argument count (the base overloads take a `HashAlgorithmName` and, for RSA, a padding): RSACryptoServiceProvider
 * `SignData(data, halg)`, `SignData(data, offset, count, halg)`, `VerifyData(data, halg, signature)`,
 * `SignHash(hash, oid)`, `VerifyHash(hash, oid, signature)`, all PKCS#1 v1.5 (the class has no other padding);
 * DSACryptoServiceProvider `SignData(data)`, `SignData(data, offset, count)`, `VerifyData(data, signature)`
 * (SHA-1, its only hash) and `SignHash(hash, oid)`, `VerifyHash(hash, oid, signature)`.
 * Returns the argument naming the hash ('sha1' for DSA's fixed one), or undefined for another overload.
 */
function cspOverload(family: string, method: string, args: SgNode[]): SgNode | 'sha1' | undefined {
  const n = args.length;
  if (family === 'RSA') {
    if (method === 'SignData') return n === 2 ? args[1] : n === 4 ? args[3] : undefined;
    return (method === 'VerifyData' && n === 3) || (method === 'SignHash' && n === 2) || (method === 'VerifyHash' && n === 3) ? args[1] : undefined;
  }
  if (family === 'DSA') {
    if ((method === 'SignData' && (n === 1 || n === 3)) || (method === 'VerifyData' && n === 2)) return 'sha1';
    return (method === 'SignHash' && n === 2) || (method === 'VerifyHash' && n === 3) ? args[1] : undefined;
  }
  return undefined;
}

/** A CryptoServiceProvider signature: PKCS#1 v1.5 for RSA, with the hash its `halg`/OID argument names. */
function cspSignature(f: CsFile, kb: KnowledgeBase, node: SgNode, method: string, family: string, halg: SgNode | 'sha1', keySize: number | undefined): void {
  const hash = halg === 'sha1' ? 'SHA-1' : cspHashName(f, kb, halg);
  const params: AlgorithmParams = hash ? { hash } : {};
  if (keySize !== undefined) params.keySize = keySize;
  const unresolved: AlgorithmParamName[] = ['keySize', 'hash'];
  f.algorithm(node, method, { spelling: family === 'RSA' ? 'RSASSA-PKCS1-v1_5' : 'DSA', params, unresolved, functions: [method.startsWith('Sign') ? 'sign' : 'verify'] });
}

/**
 * The hash a CryptoServiceProvider's `halg` names: a name or OID string (`"SHA256"`, `CryptoConfig.MapNameToOID("SHA256")`),
 * a hash object (`new SHA256CryptoServiceProvider()`, `SHA256.Create()`) or its type (`typeof(SHA256)`).
 */
function cspHashName(f: CsFile, kb: KnowledgeBase, node: SgNode): string | undefined {
  const direct = hashName(f, kb, node);
  if (direct) return direct;
  const o = f.origin(node);
  if (!o) return undefined;
  const k = kindOf(o);
  let raw: string | undefined;
  if (k === 'object_creation_expression') raw = HASH_CLASSES.exec(createdType(o))?.[1];
  else if (k === 'typeof_expression') raw = HASH_CLASSES.exec(simpleType(o.field('type')?.text() ?? ''))?.[1];
  else if (k === 'invocation_expression') {
    const callee = creationCallee(o);
    const created = /(?:^|\.)(\w+)\.Create$/.exec(callee);
    if (created) raw = HASH_CLASSES.exec(created[1]!)?.[1];
    else if (/(?:^|\.)CryptoConfig\.MapNameToOID$/.test(callee)) raw = f.str(callArgs(o)[0]);
  }
  if (!raw) return undefined;
  const r = kb.resolve(raw, {});
  return r.entry && r.primitive === 'hash' ? r.name : undefined;
}

/** `rsa.Encrypt(data, RSAEncryptionPadding.OaepSHA256)`, `rsaCsp.Encrypt(data, fOAEP: true)`. */
const rsaCrypt: Handler = (f, node, _t, method, args) => {
  const receiver = node.field('function')?.field('expression') ?? undefined;
  const pad = f.member(args[1]);
  const r = receiverFamily(f, receiver);
  let p: { padding: string; hash?: string } | undefined;
  if (pad?.type === 'RSAEncryptionPadding') p = ENCRYPTION_PADDING[pad.name];
  else if (r.family === 'RSA') {
    const v = f.value(args[1]);
    if (v.kind === 'bool') p = v.value ? { padding: 'OAEP', hash: 'SHA-1' } : { padding: 'PKCS1v15' };
  }
  if (pad?.type !== 'RSAEncryptionPadding' && r.family !== 'RSA') return;
  use(f, args[1]);
  const params: AlgorithmParams = { ...(p ?? {}) };
  if (r.keySize !== undefined) params.keySize = r.keySize;
  f.algorithm(node, method, { spelling: 'RSA', params, unresolved: ['keySize'], functions: [method === 'Encrypt' ? 'encrypt' : 'decrypt'] });
};

/**
 * `new Random().NextBytes(key)`, `Random.Shared.NextBytes(iv)`: System.Random is not a cryptographic
 * generator. Reported when the buffer is named as secret material (key, IV, nonce, salt, secret, token,
 * seed, password): C# code uses Random for test data and jitter far more often than Java's examples.
 */
const weakRandom: Handler = (f, node, _t, method, args) => {
  const receiver = node.field('function')?.field('expression') ?? undefined;
  if (!receiver) return;
  const o = f.origin(receiver);
  const isRandom = /^(System\.)?Random\.Shared$/.test(receiver.text().replace(/\s+/g, ''))
    || (o !== undefined && kindOf(o) === 'object_creation_expression' && createdType(o) === 'Random')
    || f.typeOf(receiver) === 'Random';
  const buffer = args[0]?.text().replace(/\s+/g, '') ?? '';
  if (!isRandom || !/(key|iv|nonce|salt|secret|token|seed|password)/i.test(buffer.replace(/^.*\./, ''))) return;
  f.signal(node, `Random.${method}`, 'weak-random', `System.Random fills ${buffer}: not a cryptographic RNG`);
};

// ---------------------------------------------------------------- post-quantum (.NET 10)

const PQC_ALGORITHM_TYPES: Readonly<Record<string, string>> = { MLKemAlgorithm: 'ML-KEM', MLDsaAlgorithm: 'ML-DSA', SlhDsaAlgorithm: 'SLH-DSA', CompositeMLDsaAlgorithm: 'ML-DSA' };
const PQC_CLASSES: Readonly<Record<string, string>> = { MLKem: 'MLKemAlgorithm', MLDsa: 'MLDsaAlgorithm', SlhDsa: 'SlhDsaAlgorithm' };
export const PQC_ALGORITHM_TYPE = new RegExp(`^(${Object.keys(PQC_ALGORITHM_TYPES).join('|')})$`);

function pqcFunctions(family: string, method: string): CryptoFunction[] {
  if (/^GenerateKey/.test(method)) return ['keygen'];
  if (family === 'ML-KEM') return /Encapsulate/.test(method) ? ['encapsulate'] : /Decapsulate/.test(method) ? ['decapsulate'] : [];
  return [];
}

/** `MLKem.GenerateKey(MLKemAlgorithm.MLKem768)`, `MLDsa.ImportMLDsaPublicKey(MLDsaAlgorithm.MLDsa65, bytes)`, `SlhDsa.GenerateKey(...)`. */
const pqcFactory: Handler = (f, node, type, method, args) => {
  const family = PQC_ALGORITHM_TYPES[PQC_CLASSES[type]!]!;
  const m = f.member(args[0]);
  const named = m && PQC_ALGORITHM_TYPES[m.type] ? m.name : undefined;
  use(f, args[0]);
  f.algorithm(node, `${type}.${method}`, { spelling: named ?? family, unresolved: named ? [] : ['parameterSet'], functions: pqcFunctions(family, method) });
};

/** An algorithm identifier written anywhere else (`MLKemAlgorithm.MLKem1024` in a field, an argument of a helper). */
export function pqcIdentifier(f: CsFile, node: SgNode, type: string, name: string): void {
  const symbol = `${type}.${name}`;
  if (type !== 'CompositeMLDsaAlgorithm') return f.algorithm(node, symbol, { spelling: name });
  // A composite signature (`MLDsa65WithRSA3072Pss`, `MLDsa44WithECDsaP256`, `MLDsa87WithEd448`) signs
  // with both halves: the ML-DSA parameter set and the classical algorithm are each an asset.
  const m = /^MLDsa(44|65|87)With(.+)$/.exec(name);
  if (!m) return f.algorithm(node, symbol, { spelling: 'ML-DSA', unresolved: ['parameterSet'], functions: ['sign'] });
  f.algorithm(node, symbol, { spelling: `ML-DSA-${m[1]}`, functions: ['sign'] });
  const classical = m[2]!;
  const rsa = /^RSA(\d+)(Pss|Pkcs15)$/.exec(classical);
  const ec = /^ECDsa(P256|P384|P521|Brainpool\w+)$/i.exec(classical);
  if (rsa) f.algorithm(node, symbol, { spelling: 'RSA', params: { keySize: Number(rsa[1]), padding: rsa[2] === 'Pss' ? 'PSS' : 'PKCS1v15' }, functions: ['sign'] });
  else if (ec) f.algorithm(node, symbol, { spelling: 'ECDSA', params: { curve: ec[1]!.replace(/^P/, 'P-').replace(/^Brainpool/i, 'brainpool') }, functions: ['sign'] });
  else if (/^Ed(25519|448)$/.test(classical)) f.algorithm(node, symbol, { spelling: classical, functions: ['sign'] });
}

/** An `RSAEncryptionPadding`/`RSASignaturePadding` no handled call consumed: RSA with that padding is in use. */
export function rsaPaddingConstant(f: CsFile, node: SgNode, type: string, name: string): void {
  const p = type === 'RSAEncryptionPadding' ? ENCRYPTION_PADDING[name] : SIGNATURE_PADDING[name] ? { padding: SIGNATURE_PADDING[name]! } : undefined;
  if (!p) return;
  f.algorithm(node, `${type}.${name}`, { spelling: 'RSA', params: { ...p }, unresolved: ['keySize'] });
}

/** A `HashAlgorithmName.X` no handled call consumed (passed to a helper, kept in a field): the hash is in use. */
export function hashNameConstant(kb: KnowledgeBase): (f: CsFile, node: SgNode) => void {
  return (f, node) => {
    const h = hashName(f, kb, node);
    if (h) f.algorithm(node, node.text().replace(/\s+/g, ''), { spelling: h, functions: ['digest'] });
  };
}

function symbolFor(node: SgNode, type: string, method?: string): string {
  return kindOf(node) === 'object_creation_expression' ? `new ${type}` : `${type}.${method ?? 'Create'}`;
}

// ---------------------------------------------------------------- dispatch

/** Handlers of `Type.Method(...)` static calls, by type then method ('' = any method in the set). */
export function staticHandlers(kb: KnowledgeBase): ReadonlyMap<string, Handler> {
  const m = new Map<string, Handler>();
  for (const t of Object.keys(SYMMETRIC)) m.set(`${t}.Create`, (f, n, type) => symmetric(f, n, type));
  for (const t of ['MD5', 'SHA1', 'SHA256', 'SHA384', 'SHA512', 'SHA3_256', 'SHA3_384', 'SHA3_512', 'Shake128', 'Shake256']) {
    for (const meth of ['Create', 'HashData', 'TryHashData', 'HashDataAsync']) m.set(`${t}.${meth}`, hashClass);
  }
  for (const t of ['HMACMD5', 'HMACSHA1', 'HMACSHA256', 'HMACSHA384', 'HMACSHA512', 'HMACSHA3_256', 'HMACSHA3_384', 'HMACSHA3_512']) {
    for (const meth of ['HashData', 'TryHashData', 'HashDataAsync']) m.set(`${t}.${meth}`, hmacClass);
  }
  const inc = incremental(kb);
  m.set('IncrementalHash.CreateHash', inc);
  m.set('IncrementalHash.CreateHMAC', inc);
  const named = byName(kb);
  for (const t of ['HashAlgorithm', 'SymmetricAlgorithm', 'KeyedHashAlgorithm', 'HMAC', 'CryptoConfig']) m.set(`${t}.${t === 'CryptoConfig' ? 'CreateFromName' : 'Create'}`, named);
  m.set('Rfc2898DeriveBytes.Pbkdf2', pbkdf2Static(kb));
  m.set('KeyDerivation.Pbkdf2', aspnetPbkdf2);
  const h = hkdf(kb);
  for (const meth of ['DeriveKey', 'Extract', 'Expand']) m.set(`HKDF.${meth}`, h);
  for (const t of ['RSA', 'DSA', 'ECDsa', 'ECDiffieHellman']) m.set(`${t}.Create`, keyObject);
  for (const t of Object.keys(PQC_CLASSES)) {
    for (const meth of ['GenerateKey', `Import${t}PublicKey`, `Import${t}PrivateKey`, `Import${t}PrivateSeed`, `Import${t}EncapsulationKey`, `Import${t}DecapsulationKey`, 'ImportPrivateSeed', 'ImportEncapsulationKey', 'ImportDecapsulationKey'])
      m.set(`${t}.${meth}`, pqcFactory);
  }
  return m;
}

/** Handlers of `new Type(...)`. */
export function creationHandlers(kb: KnowledgeBase): ReadonlyMap<string, Handler> {
  const m = new Map<string, Handler>();
  for (const t of Object.keys(SYMMETRIC)) if (t !== 'Aes' && t !== 'TripleDES' && t !== 'DES' && t !== 'RC2' && t !== 'Rijndael') m.set(t, (f, n, type) => symmetric(f, n, type));
  for (const t of ['AesGcm', 'AesCcm', 'ChaCha20Poly1305']) m.set(t, aead);
  for (const base of ['MD5', 'SHA1', 'SHA256', 'SHA384', 'SHA512', 'RIPEMD160']) {
    for (const suffix of ['Managed', 'CryptoServiceProvider', 'Cng']) m.set(`${base}${suffix}`, hashClass);
  }
  for (const t of ['Shake128', 'Shake256']) m.set(t, hashClass);
  for (const t of ['HMACMD5', 'HMACSHA1', 'HMACSHA256', 'HMACSHA384', 'HMACSHA512', 'HMACSHA3_256', 'HMACSHA3_384', 'HMACSHA3_512', 'HMACRIPEMD160']) m.set(t, hmacClass);
  m.set('Rfc2898DeriveBytes', rfc2898(kb));
  for (const t of Object.keys(KEY_CLASSES)) if (/(CryptoServiceProvider|Cng|OpenSsl)$/.test(t)) m.set(t, keyObject);
  return m;
}

/** Handlers of instance calls by method name (the receiver decides whether they are crypto). */
export function instanceHandlers(kb: KnowledgeBase): ReadonlyMap<string, Handler> {
  const sign = signOp(kb);
  return new Map<string, Handler>([
    ['SignData', sign], ['SignHash', sign], ['VerifyData', sign], ['VerifyHash', sign],
    ['Encrypt', rsaCrypt], ['Decrypt', rsaCrypt], ['NextBytes', weakRandom],
  ]);
}

