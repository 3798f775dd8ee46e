// CycloneDX-registry style names built from a resolved entry and its known parameters. The registry
// patterns (schemas/cyclonedx/cryptography-defs.json) put optional slots in a fixed order, e.g.
// `AES[-(128|192|256)][-(GCM|CCM)][-{tagLength}][-{ivLength}]`. We fill a slot only when every slot
// before it that carries a number is filled too, so that a bare number never lands in the wrong slot
// (AES-256-GCM-96 must mean tag length 96); the RSA schemes append the key size after the hash
// (the registry's last slot) because a key length cannot be mistaken for a hash name.
// Nothing unknown is ever guessed into a name.
// docs/methodology.md, "Naming", lists these rules.
import type { AlgorithmParamName, AlgorithmParams } from '../inventory/model.js';
import { AE_MODES, PADDED_MODES } from './load.js';
import type { KbAlgorithm } from './types.js';

const BLOCK_FAMILIES = new Set([
  'AES', 'CAMELLIA', 'ARIA', 'SEED', 'SM4', 'DES', '3DES', 'Blowfish', 'IDEA', 'CAST5', 'RC2',
  'Twofish', 'Serpent', 'RC6', 'CAST6', 'RC5', 'Skipjack', 'GOST', 'Kalyna', 'Threefish',
]);

export interface BuiltName {
  name: string;
  /** Parameters the name expresses (including those fixed by the entry's own name). */
  used: AlgorithmParamName[];
}

/**
 * @param entry the entry resolution settled on (sized when the parameters fixed it)
 * @param family the family reported (RSAES-PKCS1 for PKCS#1 v1.5 encryption)
 */
export function buildName(entry: KbAlgorithm, family: string, p: AlgorithmParams): BuiltName {
  const used = new Set<AlgorithmParamName>(Object.keys(entry.params) as AlgorithmParamName[]);
  /** A parameter's value, recorded as expressed in the name. Only call it for slots that are written. */
  const slot = <K extends AlgorithmParamName>(k: K): AlgorithmParams[K] => {
    if (p[k] !== undefined) used.add(k);
    return p[k];
  };
  const join = (parts: (string | number | undefined)[]) => parts.filter((x) => x !== undefined && x !== '').join('-');
  /** Slots after the mode: AE modes take [tagLength][ivLength], padded modes take [padding]. */
  const modeTail = (): (string | number | undefined)[] => {
    if (p.mode && AE_MODES.has(p.mode)) return p.tagLength === undefined ? [] : [slot('tagLength'), slot('ivLength')];
    if (p.mode && PADDED_MODES.has(p.mode) && p.padding && p.padding !== 'NoPadding') return [slot('padding')];
    return [];
  };
  const withHash = (base: string) => (p.hash ? `${base}-${slot('hash')}` : base);

  // The RSA scheme names (RSA-OAEP, RSA-PSS, RSA-PKCS1-1.5) are the padding.
  if (family.startsWith('RSASSA-') || family.startsWith('RSAES-')) slot('padding');

  const name = ((): string => {
    if (family === 'AES') {
      const fixedMode = entry.params.mode;
      return join(['AES', slot('keySize'), fixedMode ?? slot('mode'), ...(fixedMode ? [] : modeTail())]);
    }
    if (BLOCK_FAMILIES.has(family)) return join([entry.name, slot('mode'), ...modeTail()]);
    switch (family) {
      case 'HMAC': {
        const base = entry.generic ? withHash('HMAC') : entry.name;
        return base !== 'HMAC' && p.tagLength !== undefined ? `${base}-${slot('tagLength')}` : base;
      }
      case 'PBKDF2':
      case 'PBKDF1': {
        const base = entry.generic ? withHash(family) : entry.name;
        return base !== family && p.iterations !== undefined ? `${base}-${slot('iterations')}` : base;
      }
      case 'HKDF':
      case 'Hash_DRBG':
      case 'HMAC_DRBG':
      case 'EVP_BytesToKey':
        return entry.generic ? withHash(family) : entry.name;
      // Generic KDFs named by their hash: ANSI-KDF-X9.63-SHA-256, SP800_56C_OneStep-SHA-256, MGF1-SHA-256.
      case 'ANSI-KDF':
      case 'SP800-56C':
      case 'MGF1':
        return entry.generic ? withHash(entry.name) : entry.name;
      case 'SP800-108':
        return entry.generic && p.hash ? `${entry.name}-HMAC-${slot('hash')}` : entry.name;
      case 'RC4':
        return join([entry.name, slot('keySize')]);
      case 'bcrypt':
      case 'scrypt':
        return join([entry.name, slot('cost')]);
      case 'Argon2': {
        const known: number[] = [];
        for (const k of ['memoryCost', 'cost', 'parallelism'] as const) {
          if (p[k] === undefined) break;
          known.push(slot(k)!);
        }
        return join([entry.name, ...known]);
      }
      case 'RSA':
        return entry.generic ? join(['RSA', slot('keySize')]) : entry.name;
      case 'RSASSA-PKCS1':
        return join(['RSA-PKCS1-1.5', slot('hash'), slot('keySize')]);
      case 'RSAES-PKCS1':
        return join(['RSA-PKCS1-1.5', slot('keySize')]);
      case 'RSASSA-PSS':
        return join(['RSA-PSS', slot('hash'), slot('keySize')]);
      case 'RSAES-OAEP':
        return join(['RSA-OAEP', slot('hash'), slot('keySize')]);
      case 'RSA-X931':
      case 'ISO9796-2':
        return join([entry.name, slot('hash'), slot('keySize')]);
      case 'ISO9796-1':
      case 'RSA-KEM':
      case 'DHIES':
        return entry.generic ? join([entry.name, slot('keySize')]) : entry.name;
      case 'ECIES':
        // NIST curves as the ECDSA/ECDH entry names write them (ECIES-P256), others as spelled.
        return entry.generic && p.curve ? `ECIES-${slot('curve')!.replace(/^P-(\d+)$/, 'P$1')}` : entry.name;
      case 'DSA':
        return withHash(entry.generic ? join(['DSA', slot('keySize')]) : entry.name);
      case 'ElGamal':
        return entry.generic ? join(['ElGamal', slot('keySize')]) : entry.name;
      case 'FFDH':
        if (!entry.generic) return entry.name;
        // A generic finite-field DH (a random prime): registry pattern FFDH(E)[-{namedGroup}] without the E.
        return p.keySize !== undefined ? `FFDH-${slot('keySize')}` : 'FFDH';
      case 'ECDSA':
        return withHash(entry.generic && p.curve ? `ECDSA-${slot('curve')}` : entry.name);
      case 'ECDH':
        return entry.generic && p.curve ? `ECDH-${slot('curve')}` : entry.name;
      case 'ML-KEM':
      case 'ML-DSA':
      case 'SLH-DSA':
      case 'FN-DSA':
        return entry.generic && p.parameterSet ? `${family}-${slot('parameterSet')}` : entry.name;
      default:
        return entry.name;
    }
  })();
  return { name, used: [...used].sort() };
}
