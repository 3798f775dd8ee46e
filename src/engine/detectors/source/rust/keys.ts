// Public-key crates: rsa (keys, PKCS#1 v1.5 and OAEP encryption, PKCS#1 v1.5 and PSS signing keys),
// the elliptic-curve crates (p256, p384, p521, k256: ECDSA keys and ECDH secrets), ed25519-dalek,
// x25519-dalek, and the post-quantum ones (ml-kem, ml-dsa, slh-dsa; pqcrypto-* and fips203/204/205
// by module; liboqs's `Algorithm` enums). Key sizes are followed from the key object to the call that
// generated it (`RsaPrivateKey::new(&mut rng, 3072)`).
import type { SgNode } from '@ast-grep/napi';
import type { CryptoFunction } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import { algorithmOf, lookupType } from './catalogue.js';
import type { RsFile, TypeCall } from './file.js';
import { symbolOf } from './rustcrypto.js';

const EC_CURVES: Record<string, string> = { p256: 'P-256', p384: 'P-384', p521: 'P-521', k256: 'secp256k1', p224: 'P-224', p192: 'P-192', sm2: 'SM2' };
/** Curve types the generic elliptic-curve types take (`EphemeralSecret<NistP256>`); a type parameter stays unknown. */
const CURVE_TYPES: Record<string, string> = { NistP256: 'P-256', NistP384: 'P-384', NistP521: 'P-521', Secp256k1: 'secp256k1', NistP224: 'P-224', NistP192: 'P-192' };
const GENERATE = /^(random|generate|generate_from_rng|random_from_rng|new_random|try_generate|key_gen|keygen|generate_keypair|try_keygen)$/;
/** Parsing constructors (`VerifyingKey::try_from(bytes)`, ed25519-dalek 2's `TryFrom<&[u8]>`, is one). */
const LOADS = /^(from_|read_|decode_|try_from$)/;

/** Bits of the RSA key a node holds, followed to `RsaPrivateKey::new(rng, bits)` through derived keys. */
export function rsaKeyBits(f: RsFile, node: SgNode | null | undefined, hops = 4): number | undefined {
  const made = f.origin(node);
  if (!made || hops === 0 || kindOf(made) !== 'call_expression') return undefined;
  const fn = made.field('function');
  if (fn && kindOf(fn) === 'field_expression') {
    // `priv_key.to_public_key()`, `key.as_ref()`: the same key.
    if (/^(to_public_key|as_ref|clone|public_key)$/.test(fn.field('field')?.text() ?? '')) return rsaKeyBits(f, fn.field('value'), hops - 1);
    return undefined;
  }
  const tc = f.typeCall(made);
  if (!tc || lookupType(tc.type.path)?.role !== 'handled') return undefined;
  if (/^(new|new_with_exp)$/.test(tc.method) && tc.type.path.endsWith('RsaPrivateKey')) return f.int(tc.args[1]);
  if (tc.method === 'from' || tc.method === 'new') return rsaKeyBits(f, tc.args[0], hops - 1);
  return undefined;
}

/** The hash a method's or type's turbofish names (`Oaep::new::<Sha256>()`, `SigningKey::<Sha256>::new(k)`). */
function hashArg(f: RsFile, tc: TypeCall): string | undefined {
  const t = tc.methodArgs[0] ?? tc.type.args[0] ?? f.declaredType(tc.call)?.args[0];
  const a = algorithmOf(t);
  return a && lookupType(t!.path)?.role === 'hash' ? a.spelling : undefined;
}

/** Bits of the key an RSA padding value is used with: the receiver of `key.encrypt(&mut rng, Pkcs1v15Encrypt, data)`. */
function receiverKeyBits(f: RsFile, node: SgNode): number | undefined {
  const args = node.parent();
  const call = args?.parent();
  if (!args || !call || kindOf(args) !== 'arguments' || kindOf(call) !== 'call_expression') return undefined;
  const fn = call.field('function');
  return fn && kindOf(fn) === 'field_expression' ? rsaKeyBits(f, fn.field('value')) : undefined;
}

function fnOfMethod(method: string, fallback: CryptoFunction[]): CryptoFunction[] {
  if (GENERATE.test(method)) return ['keygen'];
  return fallback;
}

export function rsaCall(f: RsFile, tc: TypeCall, family: string): void {
  const symbol = symbolOf(tc);
  switch (family) {
    case 'rsa-key': {
      if (tc.method === 'from' || tc.method === 'to_public_key') return; // derived from a key reported where it was made
      const generated = /^(new|new_with_exp)$/.test(tc.method) && tc.type.path.endsWith('RsaPrivateKey');
      if (!generated && !LOADS.test(tc.method) && tc.method !== 'new') return;
      const bits = generated ? f.int(tc.args[1]) : undefined;
      f.algorithm(tc.call, symbol, { spelling: 'RSA', params: { keySize: bits }, unresolved: ['keySize'], functions: generated ? ['keygen'] : [] });
      return;
    }
    case 'rsa-oaep': {
      const hash = hashArg(f, tc);
      f.algorithm(tc.call, symbol, { spelling: 'RSA-OAEP', params: { hash, keySize: receiverKeyBits(f, tc.call) }, unresolved: ['keySize', 'hash'], functions: ['encrypt'] });
      return;
    }
    case 'rsa-pkcs1v15-sign':
    case 'rsa-pss': {
      if (tc.method === 'from' && !tc.type.path.includes('pkcs1v15') && !tc.type.path.includes('pss')) return;
      const hash = tc.method === 'new_unprefixed' ? undefined : hashArg(f, tc);
      const verify = tc.type.path.endsWith('VerifyingKey');
      const bits = tc.type.path.endsWith('SigningKey') || verify ? rsaKeyBits(f, tc.args[0]) : receiverKeyBits(f, tc.call);
      f.algorithm(tc.call, symbol, {
        spelling: family === 'rsa-pss' ? 'RSASSA-PSS' : 'RSASSA-PKCS1-v1_5',
        params: { hash, keySize: bits },
        unresolved: tc.method === 'new_unprefixed' ? ['keySize'] : ['keySize', 'hash'],
        functions: [verify ? 'verify' : 'sign'],
      });
      return;
    }
  }
}

/** `Pkcs1v15Encrypt` passed to `encrypt`/`decrypt`: RSA with PKCS#1 v1.5 encryption padding. */
export function rsaPkcs1v15Encrypt(f: RsFile, node: SgNode, symbol: string): void {
  f.algorithm(node, symbol, { spelling: 'RSA', params: { padding: 'PKCS1v15', keySize: receiverKeyBits(f, node) }, unresolved: ['keySize'], functions: ['encrypt'] });
}

/** p256/p384/p521/k256 keys, ed25519-dalek and x25519-dalek. */
export function curveKeyCall(f: RsFile, tc: TypeCall, family: string): void {
  const symbol = symbolOf(tc);
  const name = tc.type.path.split('::').pop() ?? '';
  if (name === 'PublicKey' || name === 'VerifyingKey') {
    // A public key derived from a secret (`PublicKey::from(&secret)`) is the same key; parsed ones are uses.
    if (tc.method === 'from' && family !== 'ec') return;
    if (!LOADS.test(tc.method)) return;
  }
  if (name === 'SharedSecret') return;
  // ed25519-dalek 2's `SecretKey` is `[u8; 32]`: `SecretKey::default()` is a zeroed buffer, not yet a key.
  if (family === 'ed25519' && name === 'SecretKey' && tc.method === 'default') return;
  const functions = randomSecret(f, tc)
    ? ['keygen' as const]
    : fnOfMethod(tc.method, name === 'VerifyingKey' ? ['verify'] : name === 'SigningKey' || name === 'Keypair' || name === 'Ed25519KeyPair' ? ['sign'] : []);
  if (family === 'ec') {
    const curve = EC_CURVES[tc.type.path.split('::')[0]!] ?? CURVE_TYPES[tc.type.args[0]?.path.split('::').pop() ?? ''];
    // A bare key (`SecretKey`, `PublicKey`) serves ECDSA or ECDH. Its spelling is `EC` on its curve, which the
    // knowledge base names as every detector's bare EC key (C `EC_KEY_new_by_curve_name`, Java `EC`): ECDSA on
    // the curve (RFC 5480 id-ecPublicKey). Where the code does ECDH with it, it is ECDH.
    const bare = name === 'SecretKey' || name === 'PublicKey';
    const spelling = name === 'EphemeralSecret' || (bare && usedForEcdh(f, tc.call)) ? 'ECDH' : bare ? 'EC' : 'ECDSA';
    f.algorithm(tc.call, symbol, { spelling, params: { curve }, unresolved: ['curve'], functions });
  } else {
    f.algorithm(tc.call, symbol, { spelling: family === 'ed25519' ? 'Ed25519' : 'X25519', functions: family === 'x25519' && !GENERATE.test(tc.method) ? [] : functions });
  }
  if (/^from_bytes$|^from_slice$|^from$/.test(tc.method) && name !== 'PublicKey' && name !== 'VerifyingKey' && f.constantBytes(tc.args[0])) {
    f.signal(tc.call, symbol, 'hardcoded-key', `${family === 'ec' ? 'EC' : family === 'ed25519' ? 'Ed25519' : 'X25519'} private key is written in the source`);
  }
}

/**
 * A secret key made from bytes a generator filled just before, in the same function: `let mut secret =
 * SecretKey::default(); rng.fill_bytes(&mut secret); SigningKey::from_bytes(&secret)` is key generation
 * written out (ed25519-dalek's own `generate`, copied where the rand versions differ).
 */
function randomSecret(f: RsFile, tc: TypeCall): boolean {
  if (!/^(from_bytes|from)$/.test(tc.method) || /(PublicKey|VerifyingKey)$/.test(tc.type.path)) return false;
  const name = tc.args[0]?.text().replace(/\s+/g, '').replace(/^&(mut)?/, '');
  if (!name || !/^\w+$/.test(name)) return false;
  let fn: SgNode | null = tc.call.parent();
  while (fn && kindOf(fn) !== 'function_item' && kindOf(fn) !== 'closure_expression') fn = fn.parent();
  if (!fn) return false;
  const from = fn.range().start.index;
  const at = tc.call.range().start.index;
  const re = new RegExp(`^(&\\s*mut\\s+)?${name}(\\.as_mut\\(\\))?$`);
  return f.callsNamed('fill_bytes|try_fill_bytes|fill').some((c) => {
    const start = c.range().start.index;
    const arg = c.field('arguments')?.namedChildren()[0]?.text();
    return start > from && start < at && arg !== undefined && re.test(arg);
  });
}

/** Functions that agree a shared secret from an EC key: p256's `EphemeralSecret::diffie_hellman(&pk)`, `elliptic_curve::ecdh::diffie_hellman(sk, pk)`. */
const DH_CALLS = 'diffie_hellman';

/**
 * An EC key made by `call` is used for ECDH when it goes to a `diffie_hellman` call (directly, or through
 * the `let` it is bound to, in that binding's block), or when the file works with the curve crates' `ecdh`
 * module and imports nothing that signs (`ecdsa`).
 */
function usedForEcdh(f: RsFile, call: SgNode): boolean {
  const dh = f.callsNamed(DH_CALLS);
  if (dh.length > 0) {
    const a = call.range();
    // `secret.diffie_hellman(&PublicKey::from_sec1_bytes(b)?)`: the key is written in the call.
    if (dh.some((c) => { const r = c.range(); return r.start.index <= a.start.index && a.end.index <= r.end.index; })) return true;
    const bound = f.boundName(call);
    const block = bound?.decl.parent();
    if (bound && block) {
      const from = bound.decl.range().end.index;
      const end = block.range().end.index;
      const re = `^${bound.name}$`;
      const uses = dh.filter((c) => { const r = c.range(); return r.start.index >= from && r.end.index <= end; });
      if (uses.some((c) => c.find({ rule: { kind: 'identifier', regex: re } }) !== null)) return true;
    }
  }
  const imported = [...f.types.uses.names.values()];
  const ecdh = imported.some((p) => /^(p\d+|k256|sm2|elliptic_curve)::ecdh(::|$)/.test(p));
  return ecdh && !imported.some((p) => /(^|::)ecdsa(::|$)/.test(p));
}

/**
 * curve25519-dalek's Montgomery form is X25519: `MontgomeryPoint::mul_base_clamped(k)` makes a public key,
 * `MontgomeryPoint(peer).mul_clamped(k)` agrees a secret (RFC 7748 clamping). Other arithmetic on its points
 * (`EdwardsPoint`, `to_edwards`, scalar products) builds protocols of its own and is not named.
 */
export function montgomeryCall(f: RsFile, tc: TypeCall): void {
  if (!/^mul_base(_clamped)?$/.test(tc.method)) return;
  f.algorithm(tc.call, symbolOf(tc), { spelling: 'X25519', functions: ['keygen'] });
}

/** `point.mul_clamped(k)` on a `MontgomeryPoint(bytes)` or `X25519_BASEPOINT` made or named in the file. */
export function montgomeryMethod(f: RsFile, call: SgNode, receiver: SgNode): void {
  const made = f.origin(receiver);
  if (!made) return;
  const k = kindOf(made);
  const base = (k === 'identifier' || k === 'scoped_identifier') && f.pathsOf(made).some((p) => /^curve25519_dalek::(constants::)?X25519_BASEPOINT$/.test(p));
  const point = k === 'call_expression' && /^curve25519_dalek::(montgomery::)?MontgomeryPoint$/.test(f.adapter.callee(made));
  if (!base && !point) return;
  f.algorithm(call, 'MontgomeryPoint::mul_clamped', { spelling: 'X25519', functions: base ? ['keygen'] : [] });
}

const ML_KEM: Record<string, string> = { MlKem512: '512', MlKem768: '768', MlKem1024: '1024' };
const ML_DSA: Record<string, string> = { MlDsa44: '44', MlDsa65: '65', MlDsa87: '87' };

/** ml-kem's `MlKem768::generate(&mut rng)`, ml-dsa's `MlDsa65::key_gen(&mut rng)`, slh-dsa's `SigningKey::<Shake128f>::new(&mut rng)`. */
export function pqcTypeCall(f: RsFile, tc: TypeCall, family: string): void {
  const symbol = symbolOf(tc);
  const name = tc.type.path.split('::').pop() ?? '';
  if (family === 'ml-kem') {
    f.algorithm(tc.call, symbol, { spelling: 'ML-KEM', params: { parameterSet: ML_KEM[name] }, functions: fnOfMethod(tc.method, []) });
  } else if (family === 'ml-dsa') {
    f.algorithm(tc.call, symbol, { spelling: 'ML-DSA', params: { parameterSet: ML_DSA[name] }, functions: fnOfMethod(tc.method, []) });
  } else {
    const set = slhDsaSet(tc.type.args[0]?.path.split('::').pop() ?? f.declaredType(tc.call)?.args[0]?.path.split('::').pop());
    f.algorithm(tc.call, symbol, {
      spelling: 'SLH-DSA', params: { parameterSet: set }, unresolved: ['parameterSet'],
      functions: fnOfMethod(tc.method, name === 'VerifyingKey' ? ['verify'] : ['sign']),
    });
  }
}

/** slh-dsa parameter types: `Shake128f` -> SHAKE-128f, `Sha2_256s` -> SHA2-256s. */
function slhDsaSet(name: string | undefined): string | undefined {
  const m = /^(Shake|Sha2)_?(128|192|256)([sf])$/.exec(name ?? '');
  return m ? `${m[1] === 'Shake' ? 'SHAKE' : 'SHA2'}-${m[2]}${m[3]}` : undefined;
}

/**
 * pqcrypto-*, fips203/204/205 and libcrux name the parameter set by module (`pqcrypto_mlkem::mlkem768::keypair()`,
 * `fips204::ml_dsa_65::try_keygen()`, `libcrux_ml_kem::mlkem1024::generate_key_pair(seed)`; libcrux's
 * `kyber1024` module is the round-3 Kyber, which the knowledge base names with ML-KEM, as it does pqcrypto's kyber): the algorithm of a call into such a module, or undefined.
 */
export function pqcModuleAlgorithm(path: string): { spelling: string; params: { parameterSet?: string }; functions: CryptoFunction[] } | undefined {
  const segs = path.split('::');
  const crate = segs[0] ?? '';
  if (!/^(pqcrypto_\w+|fips20[345]|libcrux_ml_kem|libcrux_ml_dsa|libcrux_kem)$/.test(crate) || segs.length < 3) return undefined;
  const module = segs[1]!.toLowerCase().replace(/_/g, '');
  const fn = segs[segs.length - 1]!;
  const functions: CryptoFunction[] = /keypair|key_pair|keygen|key_gen/.test(fn) ? ['keygen'] : /^encapsulate|^encaps/.test(fn) ? ['encapsulate'] : /^decapsulate|^decaps/.test(fn) ? ['decapsulate']
    : /sign/.test(fn) ? ['sign'] : /verify|open/.test(fn) ? ['verify'] : [];
  let m: RegExpExecArray | null;
  if ((m = /^(?:mlkem|kyber)(512|768|1024)$/.exec(module))) return { spelling: 'ML-KEM', params: { parameterSet: m[1] }, functions };
  if ((m = /^mldsa(44|65|87)$/.exec(module))) return { spelling: 'ML-DSA', params: { parameterSet: m[1] }, functions };
  if ((m = /^dilithium([235])$/.exec(module))) return { spelling: 'ML-DSA', params: { parameterSet: { '2': '44', '3': '65', '5': '87' }[m[1]!] }, functions };
  if ((m = /^(?:falcon|fndsa)(512|1024)$/.exec(module))) return { spelling: `Falcon-${m[1]}`, params: {}, functions };
  if ((m = /^(?:sphincs|slhdsa)(sha2|shake)(128|192|256)([sf])/.exec(module))) return { spelling: 'SLH-DSA', params: { parameterSet: `${m[1]!.toUpperCase()}-${m[2]}${m[3]}` }, functions };
  return undefined;
}

/** liboqs `Algorithm` variants (`oqs::kem::Algorithm::MlKem768`, `oqs::sig::Algorithm::Dilithium3`). */
export function oqsVariant(name: string): { spelling: string; params: { parameterSet?: string } } | undefined {
  let m: RegExpExecArray | null;
  if ((m = /^(?:MlKem|Kyber)(512|768|1024)$/.exec(name))) return { spelling: 'ML-KEM', params: { parameterSet: m[1] } };
  if ((m = /^MlDsa(44|65|87)$/.exec(name))) return { spelling: 'ML-DSA', params: { parameterSet: m[1] } };
  if ((m = /^Dilithium([235])$/.exec(name))) return { spelling: 'ML-DSA', params: { parameterSet: { '2': '44', '3': '65', '5': '87' }[m[1]!] } };
  if ((m = /^Falcon(512|1024)$/.exec(name))) return { spelling: `Falcon-${m[1]}`, params: {} };
  if ((m = /^Sphincs(Sha2|Shake)(128|192|256)([SF])Simple$/.exec(name))) return { spelling: 'SLH-DSA', params: { parameterSet: `${m[1]!.toUpperCase()}-${m[2]}${m[3]!.toLowerCase()}` } };
  return undefined;
}
