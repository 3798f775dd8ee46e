// Every detector the engine runs, in a fixed order (the order does not change output: the inventory
// builder sorts). Add a detector by importing it and appending it here.
import type { Detector } from './types.js';
import { ARTEFACT_DETECTORS } from './artefacts/index.js';
import { javaDetector } from './source/java/index.js';
import { pythonDetector } from './source/python/index.js';
import { goDetector } from './source/go/index.js';
import { javascriptDetector } from './source/javascript/index.js';
import { cDetector } from './source/c/index.js';
import { csharpDetector } from './source/csharp/index.js';
import { rustDetector } from './source/rust/index.js';
import { kotlinDetector } from './source/kotlin/index.js';
import { rubyDetector } from './source/ruby/index.js';
import { phpDetector } from './source/php/index.js';
import { swiftDetector } from './source/swift/index.js';

export const DETECTORS: readonly Detector[] = [...ARTEFACT_DETECTORS, javaDetector, pythonDetector, goDetector, javascriptDetector, cDetector, csharpDetector, rustDetector, kotlinDetector, rubyDetector, phpDetector, swiftDetector];
