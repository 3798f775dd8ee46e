// Rust paths as the compiler would resolve them, as far as one file tells: `use` declarations map
// local names onto full paths (`use aes_gcm::{Aes256Gcm, aead::KeyInit}`, `use ring::digest::{self,
// SHA256}`, `use sha2::Sha256 as H`, `use sha2::*`), and a path written in code is made canonical by
// replacing its first segment with what that segment imports (`aead::AES_256_GCM` after `use
// ring::aead;` is `ring::aead::AES_256_GCM`). Types keep their generic arguments (`Hmac<Sha256>`,
// `cbc::Encryptor<aes::Aes128>`) and same-file type aliases are expanded, so a call through
// `type HmacSha256 = Hmac<Sha256>;` is seen as the HMAC-SHA-256 it is.
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';

/** A type or path as written, canonical: `Hmac<Sha256>` -> { path: 'hmac::Hmac', args: [{ path: 'sha2::Sha256' }] }. */
export interface RustType {
  path: string;
  args: RustType[];
}

/** What the `use` declarations of one file bring into scope. */
export interface Uses {
  /** Local name -> full path (`Aes256Gcm` -> `aes_gcm::Aes256Gcm`, `digest` -> `ring::digest`). */
  names: Map<string, string>;
  /** Paths imported with `::*` (`sha2`, `pqcrypto_mlkem::mlkem768`). */
  globs: string[];
}

/** Path starts that name the crate's own modules, never another crate. */
export const RELATIVE_ROOTS: ReadonlySet<string> = new Set(['crate', 'self', 'super']);

/** `a :: b::C` -> ['a', 'b', 'C'] (a leading `::` is dropped). */
export function segments(text: string): string[] {
  return text.replace(/\s+/g, '').replace(/^::/, '').split('::').filter((s) => s.length > 0);
}

/** Collects the names every `use` declaration of the file introduces. */
export function collectUses(declarations: readonly SgNode[]): Uses {
  const uses: Uses = { names: new Map(), globs: [] };
  const add = (full: string[], local?: string): void => {
    let path = full;
    if (path.at(-1) === 'self') path = path.slice(0, -1);
    const name = local ?? path.at(-1);
    if (!name || name === '_' || path.length === 0) return;
    uses.names.set(name, path.join('::'));
  };
  const walk = (node: SgNode, prefix: string[]): void => {
    switch (kindOf(node)) {
      case 'identifier':
      case 'scoped_identifier':
      case 'self':
      case 'crate':
      case 'super':
        add([...prefix, ...segments(node.text())]);
        return;
      case 'use_as_clause': {
        const path = node.field('path');
        const alias = node.field('alias');
        if (path && alias) add([...prefix, ...segments(path.text())], alias.text());
        return;
      }
      case 'use_list':
        for (const child of node.namedChildren()) walk(child, prefix);
        return;
      case 'scoped_use_list': {
        const path = node.field('path');
        const list = node.field('list');
        if (list) walk(list, path ? [...prefix, ...segments(path.text())] : prefix);
        return;
      }
      case 'use_wildcard': {
        const path = node.namedChildren()[0];
        uses.globs.push([...prefix, ...(path ? segments(path.text()) : [])].join('::'));
        return;
      }
      default:
        return;
    }
  };
  for (const decl of declarations) {
    const arg = decl.field('argument');
    if (arg) walk(arg, []);
  }
  return uses;
}

/**
 * Canonical form of a path written in code: its first segment replaced by what the file imports under
 * that name; `crate::`, `self::` and `super::` paths are the project's own items and stay as written.
 * A bare name no `use` binds is tried under each glob import by `candidates`.
 */
export function canonical(uses: Uses, text: string): string {
  const segs = segments(text.replace(/<[^<>]*(<[^<>]*>[^<>]*)*>/g, ''));
  const head = segs[0];
  if (head === undefined) return '';
  if (head === 'crate' || head === 'self' || head === 'super') return segs.join('::');
  const full = uses.names.get(head);
  return full ? [full, ...segs.slice(1)].join('::') : segs.join('::');
}

/** The canonical path and, for a bare name, the same name under each glob import (`use sha2::*`). */
export function candidates(uses: Uses, text: string): string[] {
  const path = canonical(uses, text);
  const head = segments(text)[0] ?? '';
  // Only a path whose first segment nothing imports can come from a glob (`keypair()` after `use m::*`).
  if (uses.names.has(head) || uses.globs.length === 0 || head === 'crate' || head === 'self' || head === 'super') return [path];
  return [path, ...uses.globs.map((g) => `${g}::${path}`)];
}

const PATH_KINDS = new Set(['identifier', 'type_identifier', 'scoped_identifier', 'scoped_type_identifier']);
const GENERIC_KINDS = new Set(['generic_type', 'generic_type_with_turbofish', 'generic_function']);

/** Type aliases of the file (`type HmacSha256 = Hmac<Sha256>;`), by alias name. */
export type Aliases = ReadonlyMap<string, SgNode>;

export class TypeReader {
  private readonly expanding = new Set<string>();

  constructor(
    readonly uses: Uses,
    private readonly aliases: Aliases,
    /** Whether a canonical path is an item the detector knows: picks the glob import a bare name comes from. */
    private readonly known: (path: string) => boolean,
  ) {}

  /** The type a node writes, generic arguments included; aliases of the file are expanded. */
  typeOf(node: SgNode | null | undefined): RustType | undefined {
    if (!node) return undefined;
    const kind = kindOf(node);
    if (PATH_KINDS.has(kind)) {
      // `<Kem as hpke::Kem>::PublicKey`: an associated type of a trait impl, which one file cannot name.
      const head = node.field('path');
      if (head && (kindOf(head) === 'bracketed_type' || kindOf(head) === 'qualified_type' || head.text().trimStart().startsWith('<'))) return undefined;
      return this.named(node.text(), []);
    }
    if (GENERIC_KINDS.has(kind)) {
      const head = node.field('type') ?? node.field('function');
      const args = (node.field('type_arguments')?.namedChildren() ?? [])
        .filter((a) => kindOf(a) !== 'lifetime')
        .map((a) => this.typeOf(a))
        .filter((t): t is RustType => t !== undefined);
      return head ? this.named(head.text(), args) : undefined;
    }
    if (kind === 'reference_type' || kind === 'pointer_type') return this.typeOf(node.field('type'));
    if (kind === 'bracketed_type') return this.typeOf(node.namedChildren()[0]);
    if (kind === 'qualified_type') return this.typeOf(node.field('type'));
    if (kind === 'type_arguments') return undefined;
    return undefined;
  }

  private named(text: string, args: RustType[]): RustType | undefined {
    const name = text.replace(/\s+/g, '');
    const alias = this.aliases.get(name);
    if (alias && !this.expanding.has(name)) {
      this.expanding.add(name);
      try {
        const t = this.typeOf(alias);
        return t && args.length > 0 ? { path: t.path, args } : t;
      } finally {
        this.expanding.delete(name);
      }
    }
    const paths = candidates(this.uses, name);
    return { path: paths.find((p) => this.known(p)) ?? paths[0]!, args };
  }
}
