// Spelling + detector parameters -> the most specific knowledge-base entry, its registry-style name
// and its security levels. Rules (docs/methodology.md, "Resolution and naming"):
//  1. look the spelling up case-insensitively (names, aliases; then JCA transformations
//     `X/Mode/Padding`, a trailing mode `name-gcm`, call syntax `f()`, and curve spellings);
//  2. merge parameters: detector < implied by the alias < fixed by the entry;
//  3. narrow within the family to the entry whose fixed parameters all match (AES + keySize 256 ->
//     AES-256); an ambiguous tie keeps the generic entry;
//  4. take levels from the narrowed entry, from the key-size entry for RSA schemes, from the curve, or
//     from the SP 800-57 Table 2 tiers for a modulus size without an entry; otherwise they stay unknown.
import type { AlgorithmParamName, AlgorithmParams, Primitive } from '../inventory/model.js';
import { AE_MODES, MAC_MODES, PADDED_MODES, normaliseMode, normalisePadding, type AliasHit, type LoadedKb } from './load.js';
import { buildName } from './naming.js';
import { UNRESOLVED_ROLES, unresolvedRole } from './unresolved.js';
import type { KbAlgorithm, KbCurve, Resolution } from './types.js';

/** Parameters a family's security level depends on: unknown ones are reported, never defaulted. */
const LEVEL_PARAMS: Record<string, AlgorithmParamName> = {
  AES: 'keySize', CAMELLIA: 'keySize', ARIA: 'keySize', RC2: 'keySize', RSA: 'keySize',
  Twofish: 'keySize', Serpent: 'keySize', RC6: 'keySize', CAST6: 'keySize', Kalyna: 'keySize',
  'RSASSA-PKCS1': 'keySize', 'RSAES-PKCS1': 'keySize', 'RSASSA-PSS': 'keySize', 'RSAES-OAEP': 'keySize',
  'RSA-X931': 'keySize', 'ISO9796-2': 'keySize', 'ISO9796-1': 'keySize', 'RSA-KEM': 'keySize',
  DSA: 'keySize', ElGamal: 'keySize', FFDH: 'keySize', DHIES: 'keySize', CTR_DRBG: 'keySize',
  ECDSA: 'curve', ECDH: 'curve', EdDSA: 'curve', ECIES: 'curve',
  HMAC: 'hash', PBKDF2: 'hash', PBKDF1: 'hash', HKDF: 'hash', Hash_DRBG: 'hash', HMAC_DRBG: 'hash',
  EVP_BytesToKey: 'hash',
  'ML-KEM': 'parameterSet', 'ML-DSA': 'parameterSet', 'SLH-DSA': 'parameterSet', 'FN-DSA': 'parameterSet',
  LMS: 'parameterSet', XMSS: 'parameterSet', BIKE: 'parameterSet', HQC: 'parameterSet', FrodoKEM: 'parameterSet',
  'Classic-McEliece': 'parameterSet',
};
const RSA_SCHEME_FAMILIES = new Set(['RSASSA-PKCS1', 'RSAES-PKCS1', 'RSASSA-PSS', 'RSAES-OAEP', 'RSA-X931', 'ISO9796-2', 'ISO9796-1', 'RSA-KEM']);
/**
 * RSA schemes whose own deprecation is about the encoding, not the key (FIPS 186-5 dropped X9.31, ISO
 * withdrew 9796-1): a sized key keeps it instead of taking the key size's.
 */
const SCHEME_DEPRECATION = new Set(['RSA-X931', 'ISO9796-2', 'ISO9796-1']);
/** Families whose security follows SP 800-57 Table 2 (IFC/FFC) from the modulus size. */
const MODULUS_FAMILIES = new Set(['RSA', ...RSA_SCHEME_FAMILIES, 'DSA', 'ElGamal', 'FFDH', 'DHIES']);
/** Families whose security follows the curve. */
const CURVE_FAMILIES = new Set(['ECDSA', 'ECDH', 'ECIES']);
const RSA_PADDING_SCHEME: Record<string, string> = { OAEP: 'RSA-OAEP', PSS: 'RSA-PSS', PKCS1v15: 'RSA-PKCS1-1.5' };
/** A bare curve spelling names a key on that curve; these curves have their own algorithm. */
const CURVE_ALGORITHM: Record<string, string> = {
  Curve25519: 'X25519', Curve448: 'X448', Edwards25519: 'Ed25519', Edwards448: 'Ed448', sm2p256v1: 'SM2',
};

/**
 * SP 800-57 Part 1 Rev. 5 Table 2 tiers for RSA/DH/DSA modulus sizes; sizes between rows get the lower
 * tier. Below 1024 bits (off the table) the GNFS work estimate of FIPS 140-3 IG D.B is used, which gives
 * the crypto-facts figures for 512 (57) and 768 (69).
 */
export function modulusSecurityBits(bits: number): number {
  if (bits >= 15360) return 256;
  if (bits >= 7680) return 192;
  if (bits >= 3072) return 128;
  if (bits >= 2048) return 112;
  if (bits >= 1024) return 80;
  const x = bits * Math.LN2;
  return Math.max(0, Math.floor((1.923 * Math.cbrt(x) * Math.cbrt(Math.log(x)) ** 2 - 4.69) / Math.LN2));
}

/** A dotted object identifier (`1.2.840.10045.3.1.7`). */
const DOTTED_OID = /^[0-2](\.\d+){2,}$/;

export class Resolver {
  /** Concrete entries per family: the candidates of narrowing. */
  private readonly concreteByFamily = new Map<string, KbAlgorithm[]>();

  constructor(private readonly kb: LoadedKb) {
    for (const a of kb.algorithms) {
      if (a.generic) continue;
      const list = this.concreteByFamily.get(a.family) ?? [];
      list.push(a);
      this.concreteByFamily.set(a.family, list);
    }
  }

  findCurve(spelling: string): KbCurve | undefined {
    const s = spelling.trim();
    const direct = this.kb.curveIndex.get(s.toLowerCase());
    if (direct) return direct;
    // Call syntax and package qualifiers: `elliptic.P256()`, `ec.SECP384R1()`, `P256()`.
    const bare = s.replace(/\(\s*\)$/, '');
    const hit = this.kb.curveIndex.get(bare.toLowerCase()) ?? this.kb.curveIndex.get(bare.slice(bare.lastIndexOf('.') + 1).toLowerCase());
    if (hit) return hit;
    // An algorithm spelling that fixes a curve (Ed25519 -> Edwards25519).
    const alg = this.kb.aliasIndex.get(bare.toLowerCase())?.entry;
    return alg?.curve ? this.kb.curveIndex.get(alg.curve.toLowerCase()) : undefined;
  }

  findAlgorithm(spelling: string): AliasHit | undefined {
    const s = spelling.trim();
    if (s === '') return undefined;
    const direct = this.kb.aliasIndex.get(s.toLowerCase());
    if (direct) {
      // Listed JCA transformations (DESede/CBC/PKCS5Padding) imply their mode and padding too.
      const parts = s.split('/');
      if (parts.length === 3 && direct.entry.primitive === 'block-cipher') {
        const implied: AlgorithmParams = { ...direct.impliedParams };
        implied.mode ??= normaliseMode(parts[1]!);
        implied.padding ??= normalisePadding(parts[2]!);
        for (const k of ['mode', 'padding'] as const) if (implied[k] === undefined) delete implied[k];
        return { entry: direct.entry, impliedParams: implied };
      }
      return direct;
    }
    const call = s.replace(/\(\s*\)$/, '');
    if (call !== s) return this.findAlgorithm(call);
    // JCA transformation: Algorithm/Mode/Padding.
    const parts = s.split('/');
    if (parts.length === 3) {
      const base = this.kb.aliasIndex.get(parts[0]!.toLowerCase());
      if (base) {
        const implied: AlgorithmParams = { ...base.impliedParams };
        // JCA writes `RSA/ECB/...` although RSA has no mode: a mode counts only for block ciphers.
        const mode = normaliseMode(parts[1]!);
        if (mode && base.entry.primitive === 'block-cipher') implied.mode = mode;
        const padding = normalisePadding(parts[2]!);
        if (padding) implied.padding = padding;
        return { entry: base.entry, impliedParams: implied };
      }
    }
    // Trailing mode: `camellia-256-gcm`, `AES_128_CBC`, `SM4-GCM`.
    const m = s.match(/^(.+?)[-_ ]([A-Za-z]+[0-9]*)$/);
    if (m) {
      const mode = normaliseMode(m[2]!);
      const base = mode ? this.kb.aliasIndex.get(m[1]!.toLowerCase()) : undefined;
      if (mode && base && (base.entry.primitive === 'block-cipher' || base.entry.primitive === 'ae')) {
        return { entry: base.entry, impliedParams: { ...base.impliedParams, mode } };
      }
    }
    // A bare curve names a key on it (prime256v1 -> an EC key on P-256, resolved as ECDSA).
    const curve = this.findCurve(s);
    if (curve) {
      const alg = this.kb.byName.get(CURVE_ALGORITHM[curve.name] ?? 'ECDSA')!;
      return { entry: alg, impliedParams: alg.generic ? { curve: curve.name } : {} };
    }
    return undefined;
  }

  findByOid(oid: string): AliasHit | undefined {
    return this.kb.oidIndex.get(oid.trim());
  }

  private canonicalHash(h: string): string {
    const hit = this.kb.aliasIndex.get(h.trim().toLowerCase());
    return hit && (hit.entry.primitive === 'hash' || hit.entry.primitive === 'xof') ? hit.entry.name : h.trim();
  }

  /** Canonical spellings for mode, padding, hash and curve; other params pass through. */
  normaliseParams(p: AlgorithmParams): AlgorithmParams {
    const out: AlgorithmParams = { ...p };
    for (const k of Object.keys(out) as AlgorithmParamName[]) if (out[k] === undefined) delete out[k];
    if (out.mode !== undefined) out.mode = normaliseMode(out.mode) ?? out.mode.trim().toUpperCase();
    if (out.padding !== undefined) out.padding = normalisePadding(out.padding) ?? out.padding.trim();
    if (out.hash !== undefined) out.hash = this.canonicalHash(out.hash);
    if (out.curve !== undefined) {
      const known = this.findCurve(out.curve)?.name;
      // An OID we do not know names some curve, not a curve called "1.3.…": the curve stays unknown.
      if (known === undefined && DOTTED_OID.test(out.curve.trim())) delete out.curve;
      else out.curve = known ?? out.curve.trim();
    }
    return out;
  }

  /** The most specific entry of `family` whose fixed params all hold; undefined when none or a tie. */
  private narrow(family: string, params: AlgorithmParams, current: KbAlgorithm | null): KbAlgorithm | undefined {
    let best: KbAlgorithm[] = [];
    let bestScore = -1;
    for (const cand of this.concreteByFamily.get(family) ?? []) {
      const fixed = Object.entries(cand.params) as [AlgorithmParamName, unknown][];
      if (fixed.length === 0 || !fixed.every(([k, v]) => params[k] === v)) continue;
      // A mode-fixed entry (AES-CMAC, AES-128-GCM-SIV) is more specific than a size-only one.
      const score = fixed.length + (cand.params.mode ? 0.5 : 0);
      if (score > bestScore) {
        best = [cand];
        bestScore = score;
      } else if (score === bestScore) best.push(cand);
    }
    if (best.length === 1) return best[0];
    if (current && best.includes(current)) return current;
    return undefined;
  }

  resolve(spelling: string, detectorParams: AlgorithmParams): Resolution {
    const hit = this.findAlgorithm(spelling);
    if (!hit) {
      const name = spelling.trim();
      const role = unresolvedRole(name);
      return {
        entry: null, name, family: role ? 'unknown' : name, primitive: role ? UNRESOLVED_ROLES[role] : 'unknown', params: this.normaliseParams(detectorParams),
        paramsNotInName: (Object.keys(this.normaliseParams(detectorParams)) as AlgorithmParamName[]).sort(),
        unknownParams: [], oid: null, classicalSecurityBits: null, nistQuantumLevel: null, broken: false,
        deprecated: null, levelsFrom: null,
      };
    }
    let entry = hit.entry;
    const params = this.normaliseParams({ ...detectorParams, ...hit.impliedParams, ...entry.params });

    // BLAKE2's output length names the variant (`BLAKE2b` + outputLength 256 -> BLAKE2b-256): the
    // bare spelling is the full-length default, a digest size the code sets replaces it. Family
    // narrowing cannot do this (BLAKE2b-256 and BLAKE2s-256 share the family and the length), so the
    // sized entry is looked up by name within the spelled variant; a length without an entry keeps
    // the spelled one.
    if (entry.family === 'BLAKE2' && params.outputLength !== undefined) {
      const variant = /^BLAKE2[bs]/.exec(entry.name)?.[0];
      const sized = variant ? this.kb.byName.get(`${variant}-${params.outputLength}`) : undefined;
      if (sized) entry = sized;
    }

    // An SP 800-108 KDF over HMAC names the hash of its PRF (`SP800_108_CounterKDF` + hash SHA-256 ->
    // SP800_108_CounterKDF-HMAC-SHA-256); a hash without its own entry keeps the generic one.
    if (entry.family === 'SP800-108' && entry.generic && params.hash !== undefined) {
      const prf = this.kb.byName.get(`${entry.name}-HMAC-${params.hash}`);
      if (prf) entry = prf;
    }

    // A padding turns bare RSA into its scheme (RSA/ECB/OAEPWithSHA-256AndMGF1Padding, RSA + PKCS1v15).
    if (entry.family === 'RSA' && params.padding && RSA_PADDING_SCHEME[params.padding]) {
      entry = this.kb.byName.get(RSA_PADDING_SCHEME[params.padding]!)!;
    }
    let family = entry.family;
    let primitive: Primitive = entry.primitive;
    // PKCS#1 v1.5 padding is encryption unless a hash comes with it: a signature always names its
    // digest (RS256, RSA-SHA256, SignPKCS1v15 with crypto.SHA256), encryption never does.
    if (entry.name === 'RSA-PKCS1-1.5' && params.padding === 'PKCS1v15' && params.hash === undefined) {
      family = 'RSAES-PKCS1';
      primitive = 'pke';
    }

    let levels: { classicalSecurityBits: number | null; nistQuantumLevel: number | null; broken: boolean; deprecated: string | null; oid: string | null } = entry;
    let levelsFrom: string | null = null;
    if (RSA_SCHEME_FAMILIES.has(family)) {
      const sized = params.keySize !== undefined ? this.narrow('RSA', params, null) : undefined;
      if (sized) {
        levels = { ...sized, oid: entry.oid, deprecated: SCHEME_DEPRECATION.has(family) ? entry.deprecated : sized.deprecated, broken: sized.broken || entry.broken };
        levelsFrom = sized.name;
      }
    } else {
      // A finite-field DH size alone never names a group: `createDiffieHellman(1024)` and JCA `DH`
      // `initialize(1024)` generate a random prime, which is FFDH-1024, not RFC 2409's modp1024.
      // Named groups (modp14, ffdhe2048) are reached through their own spellings.
      const narrowed = entry.family === 'FFDH' ? undefined : this.narrow(entry.family, params, entry);
      if (narrowed && narrowed !== entry) {
        entry = narrowed;
        levels = narrowed;
        primitive = narrowed.primitive;
        // Fixed params of the narrowed entry are now facts.
        Object.assign(params, narrowed.params);
      }
    }
    if (levels.classicalSecurityBits === null) {
      const computed = this.computedLevels(family, params);
      if (computed) {
        levels = { ...computed, oid: entry.oid, deprecated: entry.deprecated };
        levelsFrom = 'computed';
      }
    }

    // "NoPadding" only means something for ECB/CBC; AES/GCM/NoPadding and aes-256-gcm are one thing.
    if (entry.primitive === 'block-cipher' && params.padding === 'NoPadding' && !PADDED_MODES.has(params.mode ?? '')) {
      delete params.padding;
    }
    if (entry.primitive === 'block-cipher' && params.mode) {
      if (AE_MODES.has(params.mode)) primitive = 'ae';
      else if (MAC_MODES.has(params.mode)) primitive = 'mac';
    }

    const required = LEVEL_PARAMS[family];
    const unknownParams: AlgorithmParamName[] = required && params[required] === undefined ? [required] : [];

    const built = buildName(entry, family, params);
    return {
      entry,
      name: built.name,
      paramsNotInName: (Object.keys(params) as AlgorithmParamName[]).filter((k) => !built.used.includes(k)).sort(),
      family,
      primitive,
      params,
      unknownParams,
      oid: (params.mode ? entry.modeOids[params.mode] : undefined) ?? levels.oid ?? entry.oid,
      classicalSecurityBits: levels.classicalSecurityBits,
      nistQuantumLevel: levels.nistQuantumLevel,
      broken: levels.broken,
      deprecated: levels.deprecated,
      levelsFrom,
    };
  }

  /**
   * A TLS/SSH key-exchange group. A bare curve spelling elsewhere names a (signing) EC key, but in a
   * group list it is the curve of an ECDHE exchange: `P-256` -> `ECDH-P256`. X25519/X448, hybrids and
   * finite-field groups already name key agreement and resolve as written.
   */
  resolveGroup(spelling: string): Resolution {
    const hit = this.findAlgorithm(spelling);
    const curve = hit?.entry.family === 'ECDSA' ? this.findCurve(spelling) : undefined;
    return curve ? this.resolve('ECDH', { curve: curve.name }) : this.resolve(spelling, {});
  }

  /** Levels for parameters without their own entry: an RSA/DH/DSA modulus size, or an ECC curve. */
  private computedLevels(family: string, params: AlgorithmParams) {
    if (MODULUS_FAMILIES.has(family) && params.keySize !== undefined) {
      const bits = modulusSecurityBits(params.keySize);
      return { classicalSecurityBits: bits, nistQuantumLevel: 0, broken: params.keySize <= 768 };
    }
    if (CURVE_FAMILIES.has(family) && params.curve) {
      const curve = this.kb.curveIndex.get(params.curve.toLowerCase());
      if (curve) return { classicalSecurityBits: curve.classicalSecurityBits, nistQuantumLevel: 0, broken: false };
    }
    return undefined;
  }
}
