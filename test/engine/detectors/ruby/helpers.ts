// Helpers for the Ruby detector tests (see ../source-helpers.ts).
import { rubyDetector } from '../../../../src/engine/detectors/source/ruby/index.js';
import { snippetHelpers } from '../source-helpers.js';

export { kb } from '../source-helpers.js';
export const { detect, algorithms, names, signals, protocols } = snippetHelpers(rubyDetector, 'app/services/crypto.rb');
