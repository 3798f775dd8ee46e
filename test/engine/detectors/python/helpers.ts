// Helpers for the Python detector tests (see ../source-helpers.ts).
import { pythonDetector } from '../../../../src/engine/detectors/source/python/index.js';
import { snippetHelpers } from '../source-helpers.js';

export { kb } from '../source-helpers.js';
export const { detect, algorithms, signals } = snippetHelpers(pythonDetector, 'app/example.py');
