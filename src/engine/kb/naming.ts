// CycloneDX-registry style names built from a resolved entry and its known parameters. The registry
// patterns (schemas/cyclonedx/cryptography-defs.json) put optional slots in a fixed order, e.g.
// `AES[-(128|192|256)][-(GCM|CCM)][-{tagLength}][-{ivLength}]`. We fill a slot only when every slot
// before it that carries a number is filled too, so that a bare number never lands in the wrong slot
// (AES-256-GCM-96 must mean tag length 96); the RSA schemes append the key size after the hash
// (the registry's last slot) because a key length cannot be mistaken for a hash name.
// Nothing unknown is ever guessed into a name.
// docs/methodology.md, "Naming", lists these rules.
import type { AlgorithmParams } from '../inventory/model.js';
import type { KbAlgorithm } from './types.js';

const AE_MODES = new Set(['GCM', 'CCM', 'OCB', 'SIV', 'GCM-SIV']);
const PADDED_MODES = new Set(['ECB', 'CBC', 'PCBC']);
const BLOCK_FAMILIES = new Set(['AES', 'CAMELLIA', 'ARIA', 'SEED', 'SM4', 'DES', '3DES', 'Blowfish', 'IDEA', 'CAST5', 'RC2']);

function join(parts: (string | number | undefined)[]): string {
  return parts.filter((p) => p !== undefined && p !== '').join('-');
}

/** Slots after the mode: AE modes take [tagLength][ivLength], padded modes take [padding]. */
function modeTail(p: AlgorithmParams): (string | number | undefined)[] {
  if (p.mode && AE_MODES.has(p.mode)) {
    if (p.tagLength === undefined) return [];
    return [p.tagLength, p.ivLength];
  }
  if (p.mode && PADDED_MODES.has(p.mode) && p.padding && p.padding !== 'NoPadding') return [p.padding];
  return [];
}

function withHash(base: string, p: AlgorithmParams): string {
  return p.hash ? `${base}-${p.hash}` : base;
}

/**
 * @param entry the entry resolution settled on (sized when the parameters fixed it)
 * @param family the family reported (RSAES-PKCS1 for PKCS#1 v1.5 encryption)
 */
export function buildName(entry: KbAlgorithm, family: string, p: AlgorithmParams): string {
  if (family === 'AES') {
    const fixedMode = entry.params.mode;
    return join(['AES', p.keySize, fixedMode ?? p.mode, ...(fixedMode ? [] : modeTail(p))]);
  }
  if (BLOCK_FAMILIES.has(family)) return join([entry.name, p.mode, ...modeTail(p)]);
  switch (family) {
    case 'HMAC': {
      const base = entry.generic ? withHash('HMAC', p) : entry.name;
      return base !== 'HMAC' && p.tagLength !== undefined ? `${base}-${p.tagLength}` : base;
    }
    case 'PBKDF2':
    case 'PBKDF1': {
      const base = entry.generic ? withHash(family, p) : entry.name;
      return base !== family && p.iterations !== undefined ? `${base}-${p.iterations}` : base;
    }
    case 'HKDF':
    case 'Hash_DRBG':
    case 'HMAC_DRBG':
      return entry.generic ? withHash(family, p) : entry.name;
    case 'bcrypt':
      return join([entry.name, p.cost]);
    case 'scrypt':
      return join([entry.name, p.cost]);
    case 'Argon2': {
      const slots = [p.memoryCost, p.cost, p.parallelism];
      const known: number[] = [];
      for (const s of slots) {
        if (s === undefined) break;
        known.push(s);
      }
      return join([entry.name, ...known]);
    }
    case 'RSA':
      return entry.generic ? join(['RSA', p.keySize]) : entry.name;
    case 'RSASSA-PKCS1':
      return join(['RSA-PKCS1-1.5', p.hash, p.keySize]);
    case 'RSAES-PKCS1':
      return join(['RSA-PKCS1-1.5', p.keySize]);
    case 'RSASSA-PSS':
      return join(['RSA-PSS', p.hash, p.keySize]);
    case 'RSAES-OAEP':
      return join(['RSA-OAEP', p.hash, p.keySize]);
    case 'DSA':
      return withHash(entry.generic ? join(['DSA', p.keySize]) : entry.name, p);
    case 'ElGamal':
      return entry.generic ? join(['ElGamal', p.keySize]) : entry.name;
    case 'FFDH':
      if (!entry.generic) return entry.name;
      return p.keySize !== undefined ? `FFDH-${p.keySize}` : entry.name;
    case 'ECDSA': {
      const base = entry.generic && p.curve ? `ECDSA-${p.curve}` : entry.name;
      return withHash(base, p);
    }
    case 'ECDH':
      return entry.generic && p.curve ? `ECDH-${p.curve}` : entry.name;
    case 'ML-KEM':
    case 'ML-DSA':
    case 'SLH-DSA':
    case 'FN-DSA':
      return entry.generic && p.parameterSet ? `${family}-${p.parameterSet}` : entry.name;
    default:
      return entry.name;
  }
}
