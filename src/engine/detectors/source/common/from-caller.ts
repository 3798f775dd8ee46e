// Whether a value came from the file's own calls of a helper (Evaluator.eachCase): the expression
// resolves only with its parameters read at the call sites (Evaluator.evalOwn leaves them unknown).
// Its literal is written at the caller, out of view of the evidence reported at the helper: key bytes
// made from it keep their length but not their literal origin, and a password or secret string passed
// in raises no hard-coded-key/-password signal at the helper (the Evaluator does the same for byte
// arrays passed in). One mechanism for every language: detectors that check a value themselves call
// `ev.evalOwn`, adapters that turn a string into bytes call stringBytesOrigin.
import type { SgNode } from '@ast-grep/napi';
import type { Evaluator } from './evaluate.js';

export function fromCaller(ev: Evaluator, node: SgNode | null | undefined): boolean {
  return !!node && ev.evalOwn(node).kind === 'unknown';
}

/** The origin of bytes decoded or encoded from a string: `literal`, unless the string is a caller's. */
export function stringBytesOrigin(ev: Evaluator, node: SgNode | null | undefined): 'literal' | 'unknown' {
  return fromCaller(ev, node) ? 'unknown' : 'literal';
}
