// The constants a Rust file declares for other files (detectors/cross-file.ts), and which paths and
// imports reach another file of the crate. Declared: `pub const`/`pub static` items (not `static mut`)
// at a module's top level under the module's name, as other modules write it before the name
// (`src/crypto/config.rs` → `config::CIPHER`; `mod.rs` → its folder; `lib.rs`/`main.rs` → the crate's
// folder, `-` as `_`), those of an inline `pub mod tls { … }` under `tls`, and associated constants of
// `impl Params { pub const ITERATIONS: u32 = … }` (any in a trait impl) under the type (`Params::ITERATIONS`).
// Private items are left out: only their own module (and its children through `super::`) can read them.
import type { SgNode } from '@ast-grep/napi';
import type { CrossFile } from '../../cross-file.js';
import { constantKey } from '../../cross-file.js';
import type { Evaluator } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import { implName } from './resolve.js';

/** The name other modules write for a file's module: its stem, or the folder of `mod.rs`, or the crate folder of `lib.rs`/`main.rs`. */
export function rustModuleName(path: string): string | undefined {
  const parts = path.split(/[\\/]/);
  const stem = parts.at(-1)!.replace(/\.rs$/, '');
  if (stem === 'mod') return parts.at(-2);
  if (stem === 'lib' || stem === 'main') {
    const dir = parts.at(-2);
    return (dir === 'src' ? parts.at(-3) : dir)?.replace(/-/g, '_');
  }
  return stem;
}

/** The items declareRustConstants reads, for the file's query (one walk finds them with its `use` declarations). */
export const CONSTANT_ITEMS = [{ kind: 'const_item' }, { kind: 'static_item' }];

/** Declares the file's constants among `items` (the `const` and `static` items of the file, CONSTANT_ITEMS). */
export function declareRustConstants(items: readonly SgNode[], ev: Evaluator, crossFile: CrossFile, path: string): void {
  let module: string | undefined | null = null;
  for (const item of items) {
    const name = item.field('name')?.text();
    const value = item.field('value');
    if (!name || !value) continue;
    const kids = item.children();
    if (kids.some((c) => kindOf(c) === 'mutable_specifier')) continue;
    const pub = kids.some((c) => kindOf(c) === 'visibility_modifier');
    const parent = item.parent();
    if (!parent) continue;
    let owner: string | undefined;
    if (kindOf(parent) === 'source_file') {
      if (module === null) module = rustModuleName(path);
      owner = pub ? module : undefined;
    } else if (kindOf(parent) === 'declaration_list') {
      const holder = parent.parent();
      const k = holder ? kindOf(holder) : '';
      if (k === 'mod_item' && pub) owner = holder!.field('name')?.text();
      // A trait impl's items take the trait's visibility (and write none).
      else if (k === 'impl_item' && (pub || holder!.field('trait'))) owner = implName(holder!);
    }
    if (owner) crossFile.declare(constantKey(owner, name), ev.evalOwn(value));
  }
}
