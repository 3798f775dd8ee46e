// Which library provides a Java class, from the file's imports. JDK classes (java.*, javax.*) get
// no LibraryRef: the JDK is the platform, not a dependency with a package URL, so the inventory
// shows the algorithm without a library (documented in docs/detectors.md). Bouncy Castle classes
// link to the Maven artefact that ships both the lightweight API and the PQC classes.
import type { SgNode } from '@ast-grep/napi';
import type { LibraryRef } from '../../../inventory/model.js';

export const BOUNCY_CASTLE: LibraryRef = Object.freeze({ ecosystem: 'maven', name: 'org.bouncycastle:bcprov-jdk18on' });

export interface JavaImports {
  /** Simple name -> fully qualified name, for single-type imports. */
  readonly types: ReadonlyMap<string, string>;
  /** Simple name -> fully qualified name, for single static imports (`import static a.b.C.NAME;`). */
  readonly staticMembers: ReadonlyMap<string, string>;
  /** Packages imported with `.*`. */
  readonly wildcards: readonly string[];
  /** Whether anything from org.bouncycastle is imported. */
  readonly bouncyCastle: boolean;
  /** The file's own package (`package com.acme.auth;`), or undefined. */
  readonly packageName?: string;
}

export function javaImports(root: SgNode): JavaImports {
  const types = new Map<string, string>();
  const staticMembers = new Map<string, string>();
  const wildcards: string[] = [];
  // Java allows imports only at the top of a compilation unit: the root's children, not a tree walk,
  // unless the parser recovered from an error there (an import may then sit inside the ERROR node).
  const top = root.children();
  const declarations = top.some((c) => (c.kind() as string) === 'ERROR')
    ? root.findAll({ rule: { any: [{ kind: 'import_declaration' }, { kind: 'package_declaration' }] } })
    : top;
  let packageName: string | undefined;
  for (const imp of declarations) {
    const kind = imp.kind() as string;
    if (kind === 'package_declaration') packageName ??= imp.text().replace(/^package\s+/, '').replace(/;\s*$/, '').replace(/\s+/g, '');
    if (kind !== 'import_declaration') continue;
    const isStatic = /^import\s+static\s/.test(imp.text());
    const text = imp.text().replace(/^import\s+(static\s+)?/, '').replace(/;\s*$/, '').replace(/\s+/g, '');
    if (text.endsWith('.*')) wildcards.push(text.slice(0, -2));
    else {
      types.set(text.slice(text.lastIndexOf('.') + 1), text);
      if (isStatic) staticMembers.set(text.slice(text.lastIndexOf('.') + 1), text);
    }
  }
  const bouncyCastle = [...types.values(), ...wildcards].some((t) => t.startsWith('org.bouncycastle.'));
  return { types, staticMembers, wildcards, bouncyCastle, ...(packageName ? { packageName } : {}) };
}

/**
 * Whether `simpleName` (as written, maybe qualified) denotes a class of one of `packages`: imported
 * from there, written fully qualified, or not imported from anywhere else (same-package or wildcard).
 */
export function isClassFrom(imports: JavaImports, written: string, packages: readonly string[]): boolean {
  const w = written.replace(/\s+/g, '');
  if (w.includes('.')) return packages.some((p) => w.startsWith(p + '.'));
  const fq = imports.types.get(w);
  if (fq) return packages.some((p) => fq.startsWith(p + '.'));
  return true;
}

/**
 * Whether a class (as written, maybe qualified) is certainly `pkg`'s: written qualified under it,
 * imported from it by name or with `pkg.*`, or used unimported in a file of `pkg` itself. Stricter
 * than isClassFrom, which also takes a name imported from nowhere: third-party class names
 * (`KeyPair`, `Algorithm`, `DigestUtils`, `Hashing`) are common enough in applications that only a
 * visible link to the library counts.
 */
export function isClassOf(imports: JavaImports, written: string, pkg: string): boolean {
  const w = written.replace(/\s+/g, '');
  if (w.includes('.')) return w.startsWith(`${pkg}.`);
  const fq = imports.types.get(w);
  if (fq) return fq === `${pkg}.${w}`;
  return imports.wildcards.includes(pkg) || imports.packageName === pkg;
}

/** Bouncy Castle class: imported from org.bouncycastle, fully qualified, or a BC wildcard import is present. */
export function isBouncyCastleClass(imports: JavaImports, written: string): boolean {
  const w = written.replace(/\s+/g, '');
  if (w.startsWith('org.bouncycastle.')) return true;
  const fq = imports.types.get(w);
  if (fq) return fq.startsWith('org.bouncycastle.');
  return imports.wildcards.some((p) => p.startsWith('org.bouncycastle'));
}
