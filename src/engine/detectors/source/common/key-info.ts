// What a JVM detector (Java, Kotlin) knows of a key object once it has followed it to the call that
// made it, and the algorithm parameters that knowledge gives.
import type { AlgorithmParams } from '../../../inventory/model.js';

/** What is known about a key object: its size, curve, named parameter set. */
export interface KeyInfo {
  keySize?: number;
  curve?: string;
  /** Algorithm spelling fixed by a named spec (`Ed25519`, `ML-KEM-768`). */
  named?: string;
  tagLength?: number;
  ivLength?: number;
  /** Made from an Android `KeyGenParameterSpec` (the AndroidKeyStore provider, with its own default sizes). */
  androidKeystore?: boolean;
}

/** The NIST curve an EC generator sized in bits picks (SunEC's and Android's `initialize(384)`, `setKeySize(384)`). */
const EC_CURVE_OF_SIZE: Readonly<Record<number, string>> = { 256: 'P-256', 384: 'P-384', 521: 'P-521' };

/**
 * What a key generator of `algorithm` makes, given what its init call said (`info`): an EC generator
 * sized in bits (`initialize(384)`) makes a key on the NIST curve of that size, and the AndroidKeyStore
 * provider fills in its defaults where a `KeyGenParameterSpec` sets no size (AOSP
 * `AndroidKeyStoreKeyPairGeneratorSpi`: RSA 2048 bits, EC 256 bits, i.e. P-256;
 * `AndroidKeyStoreKeyGeneratorSpi`: AES 128 bits, HMAC keys as long as the digest). Other algorithms,
 * and keys of other providers without a size, keep theirs.
 */
export function withGeneratorDefaults(algorithm: string, info: KeyInfo): KeyInfo {
  const a = algorithm.toUpperCase();
  if (/^EC(?:DSA|DH)?$/.test(a) && info.curve === undefined && info.keySize !== undefined && EC_CURVE_OF_SIZE[info.keySize]) {
    return { ...info, curve: EC_CURVE_OF_SIZE[info.keySize] };
  }
  if (!info.androidKeystore || info.keySize !== undefined || info.curve !== undefined || info.named !== undefined) return info;
  if (a === 'RSA') return { ...info, keySize: 2048 };
  if (a === 'EC') return { ...info, curve: 'P-256' };
  if (a === 'AES') return { ...info, keySize: 128 };
  const hmac = /^HMACSHA(1|224|256|384|512)$/.exec(a);
  if (hmac) return { ...info, keySize: hmac[1] === '1' ? 160 : Number(hmac[1]) };
  return info;
}

/** The parameters a key's facts give an algorithm made with it. */
export function keyInfoParams(i: KeyInfo): AlgorithmParams {
  const p: AlgorithmParams = {};
  if (i.keySize !== undefined) p.keySize = i.keySize;
  if (i.curve !== undefined) p.curve = i.curve;
  if (i.tagLength !== undefined) p.tagLength = i.tagLength;
  if (i.ivLength !== undefined) p.ivLength = i.ivLength;
  return p;
}
