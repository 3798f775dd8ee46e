// Helpers for the Swift detector tests (see ../source-helpers.ts).
import { swiftDetector } from '../../../../src/engine/detectors/source/swift/index.js';
import { snippetHelpers } from '../source-helpers.js';

export { kb } from '../source-helpers.js';
export const { detect, algorithms, names, signals, protocols } = snippetHelpers(swiftDetector, 'App/Sources/Crypto/Vault.swift');
