// The constants a Java file declares for other files (detectors/cross-file.ts): `static final` fields
// of its classes, enums and records, and the fields of its interfaces (implicitly so), under
// `Class.FIELD` with the innermost class as owner, as other files write them
// (`CryptoConstants.CIPHER`, or `CIPHER` after `import static …CryptoConstants.CIPHER`).
import type { SgNode } from '@ast-grep/napi';
import type { CrossFile } from '../../cross-file.js';
import { constantKey } from '../../cross-file.js';
import type { Evaluator } from '../common/evaluate.js';
import type { JavaImports } from './imports.js';

const OWNER_KINDS = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration']);

/** The rules (for the detector's one query of the file) that match the fields declareJavaConstants reads. */
export const CONSTANT_FIELDS = [
  { kind: 'constant_declaration' },
  {
    kind: 'field_declaration',
    all: [{ has: { kind: 'modifiers', regex: '\\bstatic\\b' } }, { has: { kind: 'modifiers', regex: '\\bfinal\\b' } }],
  },
];

/**
 * Initializers a constant's value is read from: literals and what combines them. A call or an object
 * creation is no constant another file would name an algorithm by, and evaluating one looks into the
 * file's methods (a tenth of a millisecond each, on every parsed file).
 */
const CONSTANT_EXPRESSIONS = new Set([
  'string_literal',
  'decimal_integer_literal',
  'hex_integer_literal',
  'true',
  'false',
  'binary_expression',
  'parenthesized_expression',
  'unary_expression',
  'identifier',
  'field_access',
]);

/** Declares the constants among `fields` (matched by CONSTANT_FIELDS) under their class. */
export function declareJavaConstants(fields: readonly SgNode[], ev: Evaluator, crossFile: CrossFile): void {
  for (const field of fields) {
    const owner = ownerOf(field);
    if (!owner) continue;
    for (const d of field.children()) {
      if ((d.kind() as string) !== 'variable_declarator') continue;
      const name = d.field('name')?.text();
      const value = d.field('value');
      // An array dimension on the name (`String ALGS[] = …`) makes it no scalar constant.
      if (!name || !value || d.field('dimensions') || !CONSTANT_EXPRESSIONS.has(value.kind() as string)) continue;
      crossFile.declare(constantKey(owner, name), ev.evalOwn(value));
    }
  }
}

function ownerOf(field: SgNode): string | undefined {
  for (const a of field.ancestors()) {
    const kind = a.kind() as string;
    if (OWNER_KINDS.has(kind)) return a.field('name')?.text();
    // A field of an anonymous class or a local class: no name other files reach it by.
    if (kind === 'object_creation_expression' || kind === 'block') return undefined;
  }
  return undefined;
}

/** The class a bare name comes from by a single static import (`import static a.b.Constants.CIPHER;`). */
export function staticImportOwner(imports: JavaImports, name: string): string | undefined {
  const fq = imports.staticMembers.get(name);
  if (!fq) return undefined;
  const parts = fq.split('.');
  return parts.length >= 2 ? parts[parts.length - 2] : undefined;
}
