// Helpers for the JavaScript/TypeScript detector tests (see ../source-helpers.ts).
import { javascriptDetector } from '../../../../src/engine/detectors/source/javascript/index.js';
import { snippetHelpers } from '../source-helpers.js';

export { kb } from '../source-helpers.js';
export const { detect, algorithms, names, signals, protocols } = snippetHelpers(javascriptDetector, 'src/example.ts');
