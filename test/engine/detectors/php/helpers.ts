// Helpers for the PHP detector tests (see ../source-helpers.ts).
import { phpDetector } from '../../../../src/engine/detectors/source/php/index.js';
import { snippetHelpers } from '../source-helpers.js';

export { kb } from '../source-helpers.js';
export const { detect, algorithms, names, signals, protocols } = snippetHelpers(phpDetector, 'src/App.php');

/** A PHP file: `<?php`, then `head` (use statements, constants), then `body` inside `function run($data, $key, $n)`. */
export function phpFile(head: string, body: string, tail = ''): string {
  return `<?php\n${head}\n\nfunction run($data, $key, $n) {\n${body}\n}\n${tail}\n`;
}

/** [line, signal] pairs. */
export const signalLines = (src: string): Array<[number, string]> => signals(src).map((s) => [s.occurrence.line, s.signal]);
