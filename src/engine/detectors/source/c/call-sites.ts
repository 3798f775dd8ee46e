// The arguments a C/C++ file's own calls pass to one of its functions: how a helper's parameter
// (`static EC_KEY *new_key(int nid) { return EC_KEY_new_by_curve_name(nid); }`) gets the values its
// callers name (LanguageAdapter.callSiteArguments; docs/detectors.md, "C and C++").
import { nodeSpan, startsWithin } from '../common/scopes.js';
import type { Scope } from '../common/symbols.js';
import { declaredName } from '../common/languages.js';
import type { SgNode } from '@ast-grep/napi';
import type { CallSites } from '../common/evaluate.js';
import { ByName } from '../common/by-name.js';
import { escapeRegex } from '../common/regex.js';


const PARAMETER_KINDS = new Set(['parameter_declaration', 'optional_parameter_declaration', 'variadic_parameter_declaration']);
/** Declarators a function's declarator may sit in (`EC_KEY *make(…)`, `const Foo &get(…)`). */
const WRAPPING_DECLARATORS = new Set(['pointer_declarator', 'reference_declarator', 'parenthesized_declarator', 'attributed_declarator']);
const CLASS_KINDS = new Set(['class_specifier', 'struct_specifier', 'union_specifier']);

/** The function_definition a function declarator belongs to, through pointer and reference declarators. */
function definitionOf(declarator: SgNode): SgNode | undefined {
  let cur: SgNode | null = declarator.parent();
  while (cur && WRAPPING_DECLARATORS.has(cur.kind() as string)) cur = cur.parent();
  return (cur?.kind() as string) === 'function_definition' ? cur! : undefined;
}

/** The class a member function belongs to: its class body, or the `K` of `K::name`. */
function classOf(fn: SgNode, name: SgNode): string | undefined {
  if ((name.kind() as string) === 'qualified_identifier') return name.field('scope')?.text().replace(/<[\s\S]*$/, '');
  const body = fn.parent();
  const cls = body?.parent();
  return (body?.kind() as string) === 'field_declaration_list' && cls && CLASS_KINDS.has(cls.kind() as string) ? cls.field('name')?.text() : undefined;
}

/** The function_declarator under a function_definition's declarator. */
function functionDeclarator(fn: SgNode): SgNode | undefined {
  let cur: SgNode | null = fn.field('declarator');
  while (cur && WRAPPING_DECLARATORS.has(cur.kind() as string)) cur = cur.field('declarator') ?? cur.namedChildren()[0] ?? null;
  return (cur?.kind() as string) === 'function_declarator' ? cur! : undefined;
}

function isStatic(decl: SgNode): boolean {
  return decl.children().some((c) => (c.kind() as string) === 'storage_class_specifier' && c.text() === 'static');
}

/** Whether a declaration sits in an anonymous namespace (internal linkage, like `static`). */
function inAnonymousNamespace(n: SgNode): boolean {
  return n.ancestors().some((a) => (a.kind() as string) === 'namespace_definition' && !a.field('name'));
}

interface Calls {
  args: SgNode[][];
  open: boolean;
  /** Parameter lists of the function's other declarations (a prototype, a member's declaration in its class), where C++ defaults usually are. */
  declarations: SgNode[];
}

/** A C++ default argument for the parameter at `index`: on the definition's parameter, or on a declaration's. */
function defaultArgument(param: SgNode, index: number, declarations: readonly SgNode[]): SgNode | null {
  if ((param.kind() as string) === 'optional_parameter_declaration') return param.field('default_value');
  for (const list of declarations) {
    const p = list.namedChildren().filter((c) => PARAMETER_KINDS.has(c.kind() as string))[index];
    if ((p?.kind() as string) === 'optional_parameter_declaration') return p!.field('default_value');
  }
  return null;
}

/**
 * callSiteArguments for a C or C++ file. A function's calls are the calls of its name (`make(…)`,
 * `::make(…)`); a C++ member function's are `this->name(…)`, `name(…)` inside another member of its
 * class and `Class::name(…)`. A C++ default argument stands for a left-out one; a variadic function's
 * `...` is not read. Open: a function without internal linkage (neither `static`, on its definition or
 * a prototype, nor in an anonymous namespace), any function of a header (every file that includes it
 * gets its own copy), a function whose name is used other than called (a function pointer, a callback,
 * a table) or written in a macro body (calls the grammar does not see), and every member function.
 * Macros are not functions: their parameters are text.
 */
export function cCallSiteArguments(root: SgNode, header: boolean): (param: SgNode) => CallSites | undefined {
  const byFunction = new Map<number, Calls | undefined>();
  const named = (kind: string): ByName => new ByName(root, (regex) => ({ kind, regex }), { kind }, (n) => n.text());
  const identifiers = named('identifier');
  const fields = named('field_identifier');
  let macroBodies: string[] | undefined;
  const inMacro = (name: string): boolean => {
    macroBodies ??= root.findAll({ rule: { kind: 'preproc_arg' } }).map((m) => m.text());
    const word = new RegExp(`\\b${escapeRegex(name)}\\b`);
    return macroBodies.some((b) => word.test(b));
  };

  /** The class of the member function a node is in, if any. */
  const enclosingClass = (n: SgNode): string | undefined => {
    const fn = n.ancestors().find((a) => (a.kind() as string) === 'function_definition');
    const name = fn && functionDeclarator(fn)?.field('declarator');
    return fn && name ? classOf(fn, name) : undefined;
  };

  const callsOf = (fn: SgNode, nameNode: SgNode): Calls | undefined => {
    const self = nodeSpan(fn);
    const args: SgNode[][] = [];
    const declarations: SgNode[] = [];
    const take = (call: SgNode): void => {
      if (!startsWithin(call, self)) args.push((call.field('arguments')?.namedChildren() ?? []).filter((c) => (c.kind() as string) !== 'comment'));
    };
    const qualified = (nameNode.kind() as string) === 'qualified_identifier';
    const name = (qualified ? nameNode.field('name') : nameNode)?.text();
    if (!name || !/^[A-Za-z_]\w*$/.test(name)) return undefined; // operators, destructors
    const cls = classOf(fn, nameNode);
    const isCall = (callee: SgNode): boolean => {
      const p = callee.parent();
      return (p?.kind() as string) === 'call_expression' && p!.field('function')?.id() === callee.id();
    };
    if (cls === undefined) {
      let internal = isStatic(fn) || inAnonymousNamespace(fn);
      let escapes = false;
      for (const ref of identifiers.get(name)) {
        const p = ref.parent();
        const pk = p?.kind() as string;
        if (pk === 'function_declarator' && p!.field('declarator')?.id() === ref.id()) {
          // The definition's own name, or a prototype: `static int make(int);` gives internal linkage too.
          const decl = p!.ancestors().find((a) => !WRAPPING_DECLARATORS.has(a.kind() as string));
          if (decl && (decl.kind() as string) === 'declaration') {
            if (isStatic(decl)) internal = true;
            const list = p!.field('parameters');
            if (list) declarations.push(list);
          }
          continue;
        }
        if (isCall(ref)) take(p!);
        else if (pk === 'qualified_identifier' && !p!.field('scope') && isCall(p!)) take(p!.parent()!);
        else if (pk !== 'qualified_identifier') escapes = true; // a function pointer, a callback, a table row
      }
      return { args, open: header || !internal || escapes || inMacro(name), declarations };
    }
    // A member function: always open (other files define and call members of the same class).
    for (const ref of fields.get(name)) {
      const p = ref.parent();
      // The member's declaration in its class body (`EVP_PKEY *generate(int bits, const char *type = "RSA");`).
      if ((p?.kind() as string) === 'function_declarator' && p!.field('declarator')?.id() === ref.id()) {
        const member = p!.ancestors().find((a) => !WRAPPING_DECLARATORS.has(a.kind() as string));
        const cls2 = member?.parent()?.parent();
        const list = p!.field('parameters');
        if ((member?.kind() as string) === 'field_declaration' && list && cls2?.field('name')?.text() === cls) declarations.push(list);
        continue;
      }
      if ((p?.kind() as string) !== 'field_expression' || p!.field('field')?.id() !== ref.id() || !isCall(p!)) continue;
      if ((p!.field('argument')?.kind() as string) === 'this' && enclosingClass(p!) === cls) take(p!.parent()!);
    }
    for (const ref of identifiers.get(name)) {
      const p = ref.parent();
      if (isCall(ref) && enclosingClass(ref) === cls) take(p!);
      else if ((p?.kind() as string) === 'qualified_identifier' && p!.field('name')?.id() === ref.id() && isCall(p!)
        && p!.field('scope')?.text().replace(/<[\s\S]*$/, '') === cls) take(p!.parent()!);
    }
    return { args, open: true, declarations };
  };

  return (param) => {
    const list = param.parent();
    const declarator = list?.parent();
    if ((list?.kind() as string) !== 'parameter_list' || (declarator?.kind() as string) !== 'function_declarator') return undefined;
    const fn = definitionOf(declarator!);
    const nameNode = declarator!.field('declarator');
    if (!fn || !nameNode) return undefined;
    const params = list!.namedChildren().filter((p) => PARAMETER_KINDS.has(p.kind() as string));
    const index = params.findIndex((p) => p.id() === param.id());
    if (index < 0 || (param.kind() as string) === 'variadic_parameter_declaration') return undefined;
    let calls = byFunction.get(fn.id());
    if (!byFunction.has(fn.id())) {
      calls = callsOf(fn, nameNode);
      byFunction.set(fn.id(), calls);
    }
    if (!calls) return undefined;
    const fallback = defaultArgument(param, index, calls.declarations);
    return { function: fn.id(), name: declaredName(fn), args: calls.args.map((a) => a[index] ?? fallback), open: calls.open };
  };
}
