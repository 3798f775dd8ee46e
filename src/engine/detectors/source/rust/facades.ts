// A module of the crate that stands for ring or aws-lc-rs. Crates that build on either backend keep one
// module that re-exports the chosen one whole (rcgen's `ring_like.rs`: `pub(crate) use ring::*;` under one
// feature, `pub(crate) use aws_lc_rs::*;` under another) and import from it everywhere else
// (`use crate::ring_like::{rand::SystemRandom, signature::{self, EcdsaKeyPair}};`), so no other file names the
// backend. The facade declares itself to the crate's other files (detectors/cross-file.ts) under the key
// `<module>.*`, which no constant can have, and a file's imports through such a module are read as imports
// from the backend (`crate::ring_like::signature::EcdsaKeyPair` is `aws_lc_rs::signature::EcdsaKeyPair`).
import type { SgNode } from '@ast-grep/napi';
import type { CrossFile } from '../../cross-file.js';
import { constantKey } from '../../cross-file.js';
import { kindOf } from '../common/languages.js';
import { rustModuleName } from './constants.js';
import { RELATIVE_ROOTS, segments, type Uses } from './paths.js';

/** The backends a facade may re-export; the detector reads both alike (ring.ts). */
const BACKENDS = new Set(['ring', 'aws_lc_rs']);
/** The name under which a facade declares itself: `*`, as in the glob it is. */
const FACADE = '*';
/** The public modules of ring and aws-lc-rs a facade's users import from, and `*` (the facade's glob). */
const BACKEND_MODULES = new Set([
  'aead', 'agreement', 'cipher', 'constant_time', 'digest', 'error', 'hkdf', 'hmac', 'io', 'kdf', 'kem', 'key_wrap', 'pbkdf2',
  'pkcs8', 'rand', 'rsa', 'signature', 'unstable', '*',
]);
/** A module's name (snake case); types and constants are not modules. */
const MODULE_NAME = /^[a-z][a-z0-9_]*$/;

/** `pub use ring::*;` / `pub(crate) use aws_lc_rs::*;` at the file's top level: the file's module is a facade of that backend. */
export function declareFacade(useDeclarations: readonly SgNode[], path: string, crossFile: CrossFile): void {
  const backends = new Set<string>();
  for (const decl of useDeclarations) {
    if (kindOf(decl.parent() ?? decl) !== 'source_file') continue;
    if (!decl.children().some((c) => kindOf(c) === 'visibility_modifier')) continue;
    const arg = decl.field('argument');
    if (!arg || kindOf(arg) !== 'use_wildcard') continue;
    const target = segments(arg.namedChildren()[0]?.text() ?? '');
    if (target.length === 1 && BACKENDS.has(target[0]!)) backends.add(target[0]!);
  }
  const module = backends.size > 0 ? rustModuleName(path) : undefined;
  if (!module) return;
  // Re-exporting each under its own feature, the module is whichever is built; aws-lc-rs's API is ring's
  // and more (its RSA encryption keys), so it stands for aws-lc-rs then.
  crossFile.declare(constantKey(module, FACADE), { kind: 'str', value: backends.has('aws_lc_rs') ? 'aws_lc_rs' : 'ring' });
}

/**
 * Rewrites the file's imports through a facade of the crate (`crate::ring_like::signature::…`,
 * `super::ring_like::rand::…`, or `ring_like::digest` under the file's own `mod ring_like;`) as imports from
 * its backend, in place. The facade imported itself (`use crate::ring_like;`, then `ring_like::digest::SHA256`)
 * is not followed.
 */
export function followFacades(uses: Uses, modules: ReadonlySet<string>, crossFile: CrossFile): void {
  const backendPath = (full: string): string | undefined => {
    const segs = full.split('::');
    let i = 0;
    while (i < segs.length && RELATIVE_ROOTS.has(segs[i]!)) i++;
    if (i === 0 && !modules.has(segs[0]!)) return undefined;
    // The facade is one of the modules the path goes through (`crate::crypto::ring_like::signature`), followed
    // by one of the backends' modules (or a glob). Only such a module is asked for: every key asked for and not
    // found sends the scan's declarations pass to the files named so.
    for (let j = i; j < segs.length - 1; j++) {
      if (!MODULE_NAME.test(segs[j]!) || !BACKEND_MODULES.has(segs[j + 1]!)) continue;
      const v = crossFile.lookup(constantKey(segs[j]!, FACADE));
      if (v?.kind === 'str' && BACKENDS.has(v.value)) return [v.value, ...segs.slice(j + 1)].join('::');
    }
    return undefined;
  };
  for (const [local, full] of uses.names) {
    const to = backendPath(full);
    if (to) uses.names.set(local, to);
  }
  uses.globs = uses.globs.map((g) => {
    // `use crate::ring_like::*;`: the facade itself is the glob's path.
    const to = backendPath(`${g}::*`);
    return to ? to.replace(/::\*$/, '') : g;
  });
}
