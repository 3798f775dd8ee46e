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
