// Helpers for the Java detector tests (see ../source-helpers.ts).
import { javaDetector } from '../../../../src/engine/detectors/source/java/index.js';
import { snippetHelpers } from '../source-helpers.js';

export { kb } from '../source-helpers.js';
export const { detect, algorithms, signals } = snippetHelpers(javaDetector, 'src/Example.java');
