// Every findings rule, in the order they are documented (docs/methodology.md, "Findings").
import type { Rule } from '../rule.js';
import { brokenAlgorithm, ecbMode, legacyPasswordKdf, pbkdf2Iterations, rsaPkcs1Encryption, shortKey, smallCurve, weakCipher, weakHash, weakHashInScheme } from './algorithms.js';
import { committedPrivateKey, expiredCertificate } from './keys.js';
import { legacyProtocolVersion, noForwardSecrecy, weakCipherSuite } from './protocols.js';
import { certVerificationDisabled, hardcodedKey, hardcodedPassword, hostnameVerificationDisabled, jwtNone, sshHostKeyVerificationDisabled, staticIv, weakRandom } from './signals.js';
import { quantumVulnerable } from './quantum.js';

export const RULES: readonly Rule[] = [
  weakHash, weakHashInScheme, weakCipher, ecbMode, shortKey, smallCurve, rsaPkcs1Encryption, pbkdf2Iterations, legacyPasswordKdf, brokenAlgorithm,
  staticIv, hardcodedKey, hardcodedPassword, weakRandom,
  legacyProtocolVersion, weakCipherSuite, noForwardSecrecy, certVerificationDisabled, hostnameVerificationDisabled, sshHostKeyVerificationDisabled, jwtNone,
  committedPrivateKey, expiredCertificate,
  quantumVulnerable,
];
