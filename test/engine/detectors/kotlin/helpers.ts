// Helpers for the Kotlin detector tests (see ../source-helpers.ts).
import { kotlinDetector } from '../../../../src/engine/detectors/source/kotlin/index.js';
import { snippetHelpers } from '../source-helpers.js';

export { kb } from '../source-helpers.js';
export const { detect, algorithms, names, signals, protocols } = snippetHelpers(kotlinDetector, 'app/src/main/java/com/acme/Crypto.kt');

export const JCA = `package com.acme
import java.security.*
import java.security.spec.ECGenParameterSpec
import javax.crypto.*
import javax.crypto.spec.*
`;
