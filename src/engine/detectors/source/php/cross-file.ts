// The constants a PHP file declares for other files, and where a name it reads comes from
// (detectors/cross-file.ts).
//
// Declared:
// - class, interface and enum constants (`const CIPHER_METHOD = 'aes-256-ctr';`, typed ones of PHP
//   8.3) under `Class.NAME`, as other files write them (`Core::CIPHER_METHOD`,
//   `\Defuse\Crypto\Core::CIPHER_METHOD`, `C::CIPHER_METHOD` after `use …\Core as C;`);
// - file-level `const NAME = …;` under the namespace's last segment (`Crypto.NAME` in `namespace
//   Acme\Crypto;`, read as `\Acme\Crypto\NAME`, after `use const Acme\Crypto\NAME;`, or bare from
//   the same namespace) and under the file's name up to its first dot (`config.NAME` in config.php,
//   read bare by a file that requires config.php);
// - `define('NAME', …)` (a global constant whatever the namespace) under the file's name; a
//   qualified `define('Acme\Crypto\NAME', …)` under `Crypto.NAME`.
// Trait constants (reached only through a class that uses the trait) and those of anonymous classes
// have no name other files write: left out.
import type { SgNode } from '@ast-grep/napi';
import { constantKey, fileStem, type CrossFile } from '../../cross-file.js';
import type { Evaluator } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import { namespaceAt, type PhpImports } from './imports.js';
import { callArgs, type PhpAdapter } from './resolve.js';

const OWNER_KINDS: ReadonlySet<string> = new Set(['class_declaration', 'interface_declaration', 'enum_declaration']);


/** Last segment of a namespace or class name (`Crypto` for `Acme\Crypto`). */
function lastSegment(name: string): string {
  return name.slice(name.lastIndexOf('\\') + 1);
}

export function declarePhpConstants(root: SgNode, text: string, path: string, ev: Evaluator, names: PhpImports, crossFile: CrossFile): void {
  const rules: Record<string, unknown>[] = [];
  if (/\bconst\b/i.test(text)) rules.push({ kind: 'const_declaration' });
  if (/\bdefine\s*\(/i.test(text)) rules.push({ kind: 'function_call_expression', has: { field: 'function', regex: '^(?i)\\\\?define$' } });
  if (rules.length === 0) return;
  const stem = fileStem(path);
  for (const node of root.findAll({ rule: { any: rules } } as Parameters<SgNode['findAll']>[0])) {
    if (kindOf(node) === 'function_call_expression') {
      const [nameArg, valueArg] = callArgs(node).positional;
      const name = ev.evalOwn(nameArg);
      if (name.kind !== 'str' || !valueArg || !/^\\?[A-Za-z_]\w*(\\[A-Za-z_]\w*)*$/.test(name.value)) continue;
      const full = name.value.replace(/^\\/, '');
      const i = full.lastIndexOf('\\');
      crossFile.declare(i < 0 ? constantKey(stem, full) : constantKey(full.slice(0, i), full.slice(i + 1)), ev.evalOwn(valueArg));
      continue;
    }
    const owners = constantOwners(node, names, stem);
    if (owners.length === 0) continue;
    for (const element of node.namedChildren()) {
      if (kindOf(element) !== 'const_element') continue;
      const [nameNode, value] = element.namedChildren();
      if (!nameNode || kindOf(nameNode) !== 'name' || !value) continue;
      const v = ev.evalOwn(value);
      for (const owner of owners) crossFile.declare(constantKey(owner, nameNode.text()), v);
    }
  }
}

/** The owners a `const` declaration's names are reached by: its class, or at file level its namespace's last segment and the file. */
function constantOwners(decl: SgNode, names: PhpImports, stem: string): string[] {
  const parent = decl.parent();
  const pk = parent ? kindOf(parent) : '';
  if (pk === 'declaration_list' || pk === 'enum_declaration_list') {
    const cls = parent!.parent();
    const name = cls && OWNER_KINDS.has(kindOf(cls)) ? cls.field('name')?.text() : undefined;
    return name ? [name] : [];
  }
  const ns = namespaceAt(names, decl.range().start.index);
  return ns ? [lastSegment(ns), stem] : [stem];
}

/**
 * LanguageAdapter.importedOwner for PHP: where a bare constant name the file binds nothing for comes
 * from. `use const Acme\Crypto\NAME;` names it (`Crypto`; under another local name it cannot be
 * read: the key holds the name as written). Otherwise the namespace in effect (PHP reads a bare
 * constant from the current namespace first) and the files the file requires; `\NAME`, written
 * global, the required files only.
 */
export function phpImportedOwner(names: PhpImports, name: string, node: SgNode): string | readonly string[] | undefined {
  if (name.includes('\\') || kindOf(node) === 'relative_scope') return undefined;
  const imported = names.constants.get(name);
  if (imported !== undefined) {
    const i = imported.lastIndexOf('\\');
    return i > 0 && imported.slice(i + 1) === name ? lastSegment(imported.slice(0, i)) : undefined;
  }
  const owners: string[] = [];
  const ns = node.text().startsWith('\\') ? '' : namespaceAt(names, node.range().start.index);
  if (ns) owners.push(lastSegment(ns));
  for (const r of names.required) if (!owners.includes(r)) owners.push(r);
  return owners.length > 0 ? owners : undefined;
}

/**
 * LanguageAdapter.moduleAlias for PHP: the class a scope name stands for, `Core` for `C` after
 * `use Acme\Crypto\Core as C;` (and for `core`: class names are case-insensitive); the namespace
 * an imported one stands for (`Crypto` for `AC\NAME` after `use Acme\Crypto as AC;`); for `parent`
 * the class the enclosing one extends.
 */
export function phpModuleAlias(names: PhpImports, adapter: PhpAdapter, name: string, node: SgNode): string | undefined {
  if (name === 'parent') {
    const base = adapter.enclosingClassNode(node)?.namedChildren().find((c) => kindOf(c) === 'base_clause')?.namedChildren()[0]?.text();
    if (!base) return undefined;
    const head = base.replace(/^\\/, '').split('\\')[0]!;
    const imported = !base.startsWith('\\') ? names.imports.get(head.toLowerCase()) : undefined;
    return lastSegment(imported && !base.includes('\\') ? imported : base);
  }
  // `\AC\NAME` is absolute: no import applies.
  if (kindOf(node) === 'namespace_name' && node.parent()?.text().startsWith('\\')) return undefined;
  const imported = names.imports.get(name.toLowerCase());
  return imported !== undefined ? lastSegment(imported) : undefined;
}
