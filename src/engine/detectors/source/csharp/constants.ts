// The constants a C# file declares for other files (detectors/cross-file.ts): `const` fields and
// `static readonly` fields of classes, structs, records and interfaces (static classes included),
// under `Type.Name` with the innermost type as owner, as other files write them
// (`Settings.Iterations`, `Acme.Settings.Iterations`, or `Iterations` after `using static Acme.Settings;`).
import type { Rule, SgNode } from '@ast-grep/napi';
import type { CrossFile } from '../../cross-file.js';
import { constantKey } from '../../cross-file.js';
import type { Evaluator } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import { dotted } from '../common/evaluate.js';
import { CLASS_KINDS, declaratorValue, simpleType } from './resolve.js';

const modifier = (word: string) => ({ has: { kind: 'modifier', regex: `^${word}$` } });

/** Initializers naming other constants evaluated per file (each name is a look-up, a walk of the tree). */
const MAX_NAMED = 32;

/** Whether an initializer's text names something: `qualified` (`A.B`), true (a bare name), false (literals only). */
function namesOf(text: string): boolean | 'qualified' {
  const shape = text.replace(/@?\$?"(?:[^"\\\n]|\\.)*"/g, '""').replace(/\b\d[\w.]*/g, '0');
  if (/[A-Za-z_]\w*\s*\.\s*[A-Za-z_]/.test(shape)) return 'qualified';
  return /[A-Za-z_]/.test(shape);
}

/** Initializers a `static readonly` field is read for: what a `const` could hold. */
const CONSTANT_EXPRESSIONS = new Set([
  'string_literal', 'verbatim_string_literal', 'raw_string_literal', 'integer_literal', 'boolean_literal', 'interpolated_string_expression',
  'binary_expression', 'parenthesized_expression', 'prefix_unary_expression', 'cast_expression',
]);

/** A `const` or a line with both `static` and `readonly`: without one, the file declares no constant. */
const MAY_DECLARE = /\bconst\s|^[^\n]*\b(?:static\b[^\n]*\breadonly|readonly\b[^\n]*\bstatic)\b/m;

export function mayDeclareConstants(text: string): boolean {
  return MAY_DECLARE.test(text);
}

/** The rule for the fields declared (a part of the detector's one query of the file). */
export const CONSTANT_FIELDS: Rule = { kind: 'field_declaration', any: [modifier('const'), { all: [modifier('static'), modifier('readonly')] }] };

/** Declares the constants of `fields`, the file's nodes of CONSTANT_FIELDS. */
export function declareCSharpConstants(fields: readonly SgNode[], ev: Evaluator, crossFile: CrossFile): void {
  let named = 0;
  for (const field of fields) {
    // field_declaration -> declaration_list -> the type that declares it.
    const type = field.parent()?.parent();
    if (!type || !CLASS_KINDS.has(kindOf(type))) continue;
    const owner = type.field('name')?.text();
    const declaration = field.namedChildren().find((c) => kindOf(c) === 'variable_declaration');
    if (!owner || !declaration) continue;
    // A `const` holds a compile-time constant; a `static readonly` field is read only when its
    // initializer is an expression of that kind (`= "SHA" + "1"`), not an object, array or call, nor
    // another name (`= Encoding.UTF8`: each costs a look-up in the file).
    const constant = field.children().some((c) => kindOf(c) === 'modifier' && c.text() === 'const');
    for (const d of declaration.namedChildren()) {
      if (kindOf(d) !== 'variable_declarator') continue;
      const name = d.field('name')?.text();
      const value = declaratorValue(d);
      if (!name || !value || !(constant || CONSTANT_EXPRESSIONS.has(kindOf(value)))) continue;
      const names = namesOf(value.text());
      // Another type's member (`= Limits.MaxBits`, `int.MaxValue`) is another file's constant or a
      // library's: not followed (one hop). A sibling constant (`= KeySize / 8`) costs a look-up in
      // the file: at most MAX_NAMED such initializers per file.
      if (names === 'qualified' || (names && ++named > MAX_NAMED)) continue;
      crossFile.declare(constantKey(owner, name), ev.evalOwn(value));
    }
  }
}

/** The types a file brings members of into scope with `using static Acme.CryptoConstants;` (their simple names). */
export function usingStaticTypes(root: SgNode): string[] {
  const out: string[] = [];
  // Using directives sit at the top of the file or of a namespace: the root's and the namespaces' children.
  const scan = (parent: SgNode, depth: number): void => {
    for (const c of parent.children()) {
      const k = kindOf(c);
      if (k === 'using_directive') {
        if (!c.children().some((t) => t.text() === 'static')) continue;
        const target = c.namedChildren().pop();
        if (target) out.push(simpleType(dotted(target.text())));
      } else if (depth < 4 && (k === 'namespace_declaration' || k === 'declaration_list')) {
        scan(c, depth + 1);
      }
    }
  };
  scan(root, 0);
  return out;
}
