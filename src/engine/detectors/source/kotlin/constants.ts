// The constants a Kotlin file declares for other files (detectors/cross-file.ts), and where a name it
// reads comes from. Declared: the `val`s of `object` declarations under the object's name
// (`CryptoConfig.CIPHER`), those of a `companion object` under the enclosing class's name
// (`Outer.CIPHER`, and under the companion's own name when it has one), and the file's top-level
// `val`s under the last segment of its package (`crypto.CIPHER` for `package com.acme.crypto`), which
// is how an import of one (`import com.acme.crypto.CIPHER`) and a sibling file of the package reach it.
// Not declared: `var`s (other code may assign them), `private` ones (no other file can read them),
// properties of classes (per instance) and of files without a package (scripts).
import type { SgNode } from '@ast-grep/napi';
import type { CrossFile } from '../../cross-file.js';
import { constantKey } from '../../cross-file.js';
import type { Evaluator } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import { namedKids, typeName } from './syntax.js';

/** What a Kotlin file's header says: its package, its single imports (local name -> path), its star imports. */
export interface KtImports {
  /** `com.acme.crypto`, or undefined without a `package` line. */
  pkg?: string;
  /** Local name (the alias, if any) -> imported path. */
  names: ReadonlyMap<string, string>;
  /** Star-imported paths (`com.acme.crypto`, `com.acme.crypto.CryptoConfig`). */
  stars: readonly string[];
}

/**
 * Properties of an object's or companion's body, and of the file's top level (ast-grep's `inside` is
 * the parent), for the file's query (one walk finds them with its package and imports).
 */
export const SHARED_PROPERTIES = {
  kind: 'property_declaration',
  any: [
    { inside: { kind: 'class_body', inside: { any: [{ kind: 'object_declaration' }, { kind: 'companion_object' }] } } },
    { inside: { kind: 'source_file' } },
  ],
};

/** Declares the file's constants among `properties` (its SHARED_PROPERTIES). */
export function declareKotlinConstants(properties: readonly SgNode[], ev: Evaluator, crossFile: CrossFile, pkg: string | undefined): void {
  for (const prop of properties) {
    const kids = namedKids(prop);
    if (kids.find((c) => kindOf(c) === 'binding_pattern_kind')?.text() !== 'val') continue;
    const modifiers = kids.find((c) => kindOf(c) === 'modifiers');
    if (modifiers && /\bprivate\b/.test(modifiers.text())) continue;
    const decl = kids.find((c) => kindOf(c) === 'variable_declaration');
    const name = decl && namedKids(decl).find((c) => kindOf(c) === 'simple_identifier')?.text();
    const value = initializer(prop);
    if (!name || !value) continue;
    const owners = ownersOf(prop, pkg);
    if (owners.length === 0) continue;
    const v = ev.evalOwn(value);
    for (const owner of owners) crossFile.declare(constantKey(owner, name), v);
  }
}

/** The expression after `=` (a getter or a delegate is no initializer). */
function initializer(prop: SgNode): SgNode | undefined {
  const kids = prop.children();
  const eq = kids.findIndex((c) => !c.isNamed() && c.text() === '=');
  return eq < 0 ? undefined : kids.slice(eq + 1).find((c) => c.isNamed() && !/comment/.test(kindOf(c)));
}

/** The names other files write before a property: its object, its companion's class (and name), or its package's last segment. */
function ownersOf(prop: SgNode, pkg: string | undefined): string[] {
  const parent = prop.parent();
  if (!parent) return [];
  if (kindOf(parent) === 'source_file') {
    const last = pkg?.split('.').pop();
    return last ? [last] : [];
  }
  const decl = parent.parent();
  if (!decl) return [];
  if (kindOf(decl) === 'object_declaration') {
    const name = typeName(decl);
    return name ? [name] : [];
  }
  // `companion object [Name] { … }` in a class (or object) body: `Outer.X`, also `Name.X` (`Outer.Name.X`).
  const cls = decl.parent()?.parent();
  const outer = cls && (kindOf(cls) === 'class_declaration' || kindOf(cls) === 'object_declaration') ? typeName(cls) : undefined;
  const own = typeName(decl);
  return [outer, own].filter((n): n is string => n !== undefined);
}

/**
 * Packages whose classes and constants are the platform's or a library's, never a file of the project:
 * a name imported from them is looked up nowhere (`import javax.crypto.Cipher`, `import java.util.*`).
 */
const LIBRARY_PACKAGES = /^(java|javax|kotlin|kotlinx|android|androidx|com\.google\.android|dalvik|org\.bouncycastle|okhttp3|io\.ktor)\./;

/**
 * The owner(s) a bare name the file binds nothing for comes from: the object or package of its
 * single import (`import com.acme.crypto.CryptoConfig.CIPHER` -> `CryptoConfig`, `import
 * com.acme.crypto.CIPHER` -> `crypto`); otherwise the file's own package (top-level constants of
 * sibling files) and each star import (`import com.acme.crypto.CryptoConfig.*`), whose values must
 * agree. An alias (`import … .CIPHER as C`) is not followed: the key is the declared name.
 */
export function importedOwner(imports: KtImports, name: string): string | readonly string[] | undefined {
  if (name === 'it' || name === 'field') return undefined;
  const path = imports.names.get(name);
  if (path !== undefined) {
    const parts = path.split('.');
    if (parts.at(-1) !== name || parts.length < 2 || LIBRARY_PACKAGES.test(path)) return undefined;
    return parts[parts.length - 2];
  }
  const owners = new Set<string>();
  const own = imports.pkg?.split('.').pop();
  if (own) owners.add(own);
  for (const star of imports.stars) if (!LIBRARY_PACKAGES.test(`${star}.`)) owners.add(star.split('.').pop()!);
  return owners.size > 0 ? [...owners] : undefined;
}

/**
 * Whether a dotted path is a library class's member (`Cipher.ENCRYPT_MODE` after `import
 * javax.crypto.Cipher`, or written with its package): a symbolic member, never another file's constant.
 */
export function fromLibrary(imports: KtImports, path: string): boolean {
  const imported = imports.names.get(path.slice(0, path.indexOf('.')));
  return LIBRARY_PACKAGES.test(imported ?? path);
}

/** An object imported under an alias (`import com.acme.CryptoConfig as CC`): `CC.CIPHER` is `CryptoConfig.CIPHER`. */
export function moduleAlias(imports: KtImports, name: string): string | undefined {
  const path = imports.names.get(name);
  if (path === undefined || LIBRARY_PACKAGES.test(path)) return undefined;
  const last = path.split('.').pop()!;
  return last !== name ? last : undefined;
}
