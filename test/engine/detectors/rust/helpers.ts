// Helpers for the Rust detector tests (see ../source-helpers.ts).
import { rustDetector } from '../../../../src/engine/detectors/source/rust/index.js';
import { snippetHelpers } from '../source-helpers.js';

export { kb } from '../source-helpers.js';
export const { detect, algorithms, names, signals, protocols } = snippetHelpers(rustDetector, 'src/lib.rs');

/** A Rust file with `uses` at the top and `body` inside `fn run(data: &[u8], key: &[u8], n: u32)`. */
export function rsFile(uses: string, body: string, items = ''): string {
  return `${uses}\n\n${items}\n\npub fn run(data: &[u8], key: &[u8], n: u32) {\n${body}\n}\n`;
}
