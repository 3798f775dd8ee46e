// Parameterised tests: the calls the framework makes of a test method, one per value of its JUnit 5
// `@ValueSource`, per row of its `@CsvSource` and of its `@MethodSource` factory, per row of a TestNG
// `@DataProvider`, and the constructions JUnit 4's Parameterized runner makes per row of `@Parameters`,
// read as calls written in the file (call-sites.ts; docs/detectors.md, "Values passed by the file's own
// calls", "Parameterised tests").
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';
import { UNKNOWN, int, str, type Value } from '../common/value.js';

/** One call of a test method: where it is written, the expression per parameter, or a value where the row is text (`@CsvSource`). */
export interface DataRow {
  node: SgNode;
  args: SgNode[];
  /** Per parameter, for a `@CsvSource` row: the field converted to the parameter's type (UNKNOWN where that is not read). */
  values?: Value[];
  symbol: string;
}

/**
 * Other sources of a parameterised test's arguments, read nowhere here (`@EnumSource`, `@ArgumentsSource`,
 * `@CsvFileSource`, `@FieldSource`, `@NullSource`, `@EmptySource`, …): callers unknown.
 */
const OTHER_SOURCES = /Sources?$/;

const annotationName = (a: SgNode): string => (a.field('name')?.text() ?? '').replace(/^[\w.]*\./, '');
const named = (nodes: SgNode[]): SgNode[] => nodes.filter((c) => !kindOf(c).endsWith('comment'));

/**
 * The rows of a method's `@ValueSource(ints = {1024, 4096})` (one value each, for its first parameter)
 * and `@CsvSource({"RSA, 1024", …})` (also `value = {…}`, `textBlock = """…"""`, `delimiter`,
 * `delimiterString`, `quoteCharacter`); `others`: the method takes arguments from a source not read.
 */
export function junitRows(fn: SgNode): { rows: DataRow[]; others: boolean } {
  const rows: DataRow[] = [];
  let others = false;
  const mods = fn.children().find((c) => kindOf(c) === 'modifiers');
  for (const a of mods?.namedChildren() ?? []) {
    const k = kindOf(a);
    if (k !== 'annotation' && k !== 'marker_annotation') continue;
    const name = annotationName(a);
    if (name === 'ValueSource' || name === 'CsvSource') {
      const elements = annotationElements(a);
      if (name === 'ValueSource') {
        for (const values of elements.values()) for (const v of values) rows.push({ node: v, args: [v], symbol: name });
      } else {
        rows.push(...csvRows(fn, elements));
      }
    } else if (name === 'MethodSource') {
      // `@MethodSource("keys")`, `@MethodSource({"a", "b"})`, or bare: the method of the test's own name.
      const names = k === 'marker_annotation' ? [fn.field('name')?.text() ?? ''] : (annotationElements(a).get('value') ?? []).map((v) => stringOf(v) ?? '#');
      others = addProviderRows(fn, names.length ? names : [fn.field('name')?.text() ?? ''], 'MethodSource', rows) || others;
    } else if (name === 'Test' && k === 'annotation') {
      // TestNG `@Test(dataProvider = "keys")`: the `@DataProvider` of that name (or method name) in the class.
      const elements = annotationElements(a);
      const provider = stringOf(elements.get('dataProvider')?.[0]);
      if (provider === undefined) continue;
      others = (elements.has('dataProviderClass') || addProviderRows(fn, [provider], 'DataProvider', rows)) || others;
    } else if (OTHER_SOURCES.test(name)) {
      others = true;
    }
  }
  return { rows, others };
}

/**
 * Rows of the provider methods of a class (`@MethodSource`'s factory methods, TestNG's `@DataProvider`,
 * JUnit 4's `@Parameters`) read from their `return` expressions: `new Object[][] {{"RSA", 2048}, …}`,
 * `Arrays.asList(new Object[][] {…})`, `List.of(new Object[] {…}, …)`, `Stream.of(Arguments.of("RSA", 2048), …)`,
 * `Stream.of("SHA-256", "SHA-512")` (one argument per row). Pushes them to `rows`; true when some provider
 * is missing, in another class (`Other#keys`) or builds its rows in a way not read here (then the test keeps an unknown case).
 */
function addProviderRows(fn: SgNode, names: readonly string[], symbol: string, rows: DataRow[]): boolean {
  const body = fn.parent();
  const arity = named(fn.field('parameters')?.namedChildren() ?? []).length;
  let open = false;
  for (const name of names) {
    const provider = name.includes('#') || !body ? undefined : providerMethod(body, name, symbol);
    const found = provider ? providedRows(provider) : undefined;
    if (!found) {
      open = true;
      continue;
    }
    for (const args of found) {
      if (args.length === arity) rows.push({ node: args[0] ?? provider!, args, symbol });
      else open = true;
    }
  }
  return open;
}

/** The provider named `name` in a class body: for TestNG, the `@DataProvider(name = …)` or the method of that name. */
function providerMethod(body: SgNode, name: string, symbol: string): SgNode | undefined {
  const methods = body.children().filter((c) => kindOf(c) === 'method_declaration');
  if (symbol === 'DataProvider') {
    const byAnnotation = methods.find((m) => annotationsOf(m).some((a) => annotationName(a) === 'DataProvider' && stringOf(annotationElements(a).get('name')?.[0]) === name));
    if (byAnnotation) return byAnnotation;
  }
  const same = methods.filter((m) => m.field('name')?.text() === name && named(m.field('parameters')?.namedChildren() ?? []).length === 0);
  return same.length === 1 ? same[0] : undefined;
}

function annotationsOf(fn: SgNode): SgNode[] {
  const mods = fn.children().find((c) => kindOf(c) === 'modifiers');
  return (mods?.namedChildren() ?? []).filter((a) => kindOf(a) === 'annotation' || kindOf(a) === 'marker_annotation');
}

/** The argument lists a provider method returns, or undefined when a `return` is not one of the shapes read. */
function providedRows(provider: SgNode): SgNode[][] | undefined {
  const returns = provider.field('body')?.findAll({ rule: { kind: 'return_statement' } }) ?? [];
  if (returns.length === 0) return undefined;
  const out: SgNode[][] = [];
  for (const r of returns) {
    const e = r.namedChildren()[0];
    const rows = e ? topRows(e) : undefined;
    if (!rows) return undefined;
    out.push(...rows);
  }
  return out;
}

const FACTORIES = /^(?:(?:java\.util\.)?(?:Arrays\.(?:asList|stream)|List\.of|Set\.of|Stream\.of))$/;

function topRows(e: SgNode): SgNode[][] | undefined {
  const k = kindOf(e);
  if (k === 'array_creation_expression') {
    const init = e.field('value');
    if (!init) return undefined;
    const items = named(init.namedChildren());
    // `new Object[][] {{…}, {…}}`: one row per inner array; `new String[] {"a", "b"}`: one argument per row.
    return e.text().replace(/\{[\s\S]*$/, '').split('[').length - 1 >= 2 ? items.map((i) => rowOf(i)) : items.map((i) => [i]);
  }
  if (k === 'method_invocation') {
    const callee = `${e.field('object')?.text().replace(/\s+/g, '') ?? ''}.${e.field('name')?.text() ?? ''}`;
    if (!FACTORIES.test(callee)) return undefined;
    const args = named(e.field('arguments')?.namedChildren() ?? []);
    // `Arrays.asList(new Object[][] {…})`: the one two-dimensional array's rows.
    if (args.length === 1 && kindOf(args[0]!) === 'array_creation_expression') return topRows(args[0]!);
    return args.map((a) => rowOf(a));
  }
  return undefined;
}

/** One row: an inner `{…}`, a `new Object[] {…}`, `Arguments.of(…)`/`arguments(…)`, else the value alone. */
function rowOf(e: SgNode): SgNode[] {
  const k = kindOf(e);
  if (k === 'array_initializer') return named(e.namedChildren());
  if (k === 'array_creation_expression' && e.field('value')) return named(e.field('value')!.namedChildren());
  if (k === 'method_invocation' && /^(?:(?:org\.junit\.jupiter\.params\.provider\.)?Arguments\.)?(?:of|arguments)$/.test(`${e.field('object') ? `${e.field('object')!.text()}.` : ''}${e.field('name')?.text()}`.replace(/\s+/g, ''))) {
    return named(e.field('arguments')?.namedChildren() ?? []);
  }
  return [e];
}

/**
 * JUnit 4's `@RunWith(Parameterized.class)`: each row of the class's `@Parameters` method is one
 * construction of the test class (rows for a constructor of as many parameters). Undefined for any
 * other constructor.
 */
export function junit4Rows(ctor: SgNode): { rows: DataRow[]; others: boolean } | undefined {
  const cls = ctor.parent()?.parent();
  if (!cls || !annotationsOf(cls).some((a) => annotationName(a) === 'RunWith' && /\bParameterized\s*\.\s*class\b/.test(a.text()))) return undefined;
  const body = ctor.parent()!;
  const provider = body.children().find((m) => kindOf(m) === 'method_declaration' && annotationsOf(m).some((a) => annotationName(a) === 'Parameters'));
  const arity = named(ctor.field('parameters')?.namedChildren() ?? []).length;
  const found = provider ? providedRows(provider) : undefined;
  if (!found) return { rows: [], others: true };
  const rows = found.filter((args) => args.length === arity).map((args) => ({ node: args[0] ?? provider!, args, symbol: 'Parameters' }));
  return { rows, others: rows.length < found.length };
}

/** An annotation's elements by name (`value` for the shorthand), each as its value or array items. */
function annotationElements(a: SgNode): Map<string, SgNode[]> {
  const out = new Map<string, SgNode[]>();
  const items = (v: SgNode): SgNode[] => (kindOf(v) === 'element_value_array_initializer' ? named(v.namedChildren()) : [v]);
  for (const e of named(a.field('arguments')?.namedChildren() ?? [])) {
    if (kindOf(e) === 'element_value_pair') {
      const key = e.field('key')?.text() ?? e.namedChildren()[0]?.text();
      const value = e.field('value') ?? e.namedChildren()[1];
      if (key && value) out.set(key, items(value));
    } else {
      out.set('value', items(e));
    }
  }
  return out;
}

const INTEGRAL = new Set(['int', 'long', 'short', 'byte', 'Integer', 'Long', 'Short', 'Byte']);
const TEXT = new Set(['String', 'CharSequence', 'Object']);

/**
 * `@CsvSource` rows: each string of `value`, each line of `textBlock` but blank ones and `#` comments.
 * A field becomes the type of its parameter as JUnit converts it: an integer for an integral type, a
 * string for String/CharSequence/Object; other types (enums, dates, booleans…) and fields JUnit reads
 * as null (empty, unquoted) are unknown.
 */
function csvRows(fn: SgNode, elements: Map<string, SgNode[]>): DataRow[] {
  const types = named(fn.field('parameters')?.namedChildren() ?? []).map((p) => (kindOf(p) === 'formal_parameter' ? p.field('type')?.text() ?? '' : ''));
  const delimiter = elements.has('delimiterString') ? stringOf(elements.get('delimiterString')![0]) : charOf(elements.get('delimiter')?.[0]) ?? ',';
  const quote = charOf(elements.get('quoteCharacter')?.[0]) ?? "'";
  if (!delimiter) return [];
  const lines: { node: SgNode; text: string }[] = [];
  for (const v of elements.get('value') ?? []) {
    const text = stringOf(v);
    if (text !== undefined) lines.push({ node: v, text });
  }
  for (const v of elements.get('textBlock') ?? []) {
    for (const line of (stringOf(v) ?? '').split('\n')) if (line.trim() && !line.trim().startsWith('#')) lines.push({ node: v, text: line });
  }
  return lines.map(({ node, text }) => {
    const fields = csvFields(text, delimiter, quote);
    const values = types.map((t, i) => {
      const f = fields[i];
      if (f === undefined || f === null) return UNKNOWN;
      if (INTEGRAL.has(t)) return /^[+-]?\d+$/.test(f) ? int(Number(f)) : UNKNOWN;
      return TEXT.has(t) ? str(f) : UNKNOWN;
    });
    return { node, args: types.map(() => node), values, symbol: 'CsvSource' };
  });
}

/**
 * A row's fields: split at the delimiter outside quotes; a quoted field is what the quotes hold (a
 * doubled quote inside is one), an unquoted one is trimmed, and null when empty.
 */
export function csvFields(row: string, delimiter: string, quote: string): (string | null)[] {
  const out: (string | null)[] = [];
  let field = '';
  let quoted = false;
  let inQuote = false;
  for (let i = 0; i < row.length; i++) {
    const c = row[i]!;
    if (c === quote) {
      if (inQuote && row[i + 1] === quote) {
        field += c;
        i++;
      } else {
        inQuote = !inQuote;
        if (!quoted) field = ''; // the blanks before the opening quote are no part of it
        quoted = true;
      }
    } else if (!inQuote && row.startsWith(delimiter, i)) {
      out.push(finish(field, quoted));
      field = '';
      quoted = false;
      i += delimiter.length - 1;
    } else if (inQuote || !quoted) {
      field += c;
    }
  }
  out.push(finish(field, quoted));
  return out;
}

function finish(field: string, quoted: boolean): string | null {
  if (quoted) return field;
  const t = field.trim();
  return t === '' ? null : t;
}

/** The text of a string literal or text block written in the annotation (simple escapes decoded). */
function stringOf(node: SgNode | undefined): string | undefined {
  if (!node || kindOf(node) !== 'string_literal') return undefined;
  const raw = node.text();
  const body = raw.startsWith('"""') ? raw.slice(3, -3).replace(/^[ \t]*\n/, '') : raw.slice(1, -1);
  return body.replace(/\\(["'\\tn])/g, (_, e: string) => (e === 't' ? '\t' : e === 'n' ? '\n' : e));
}

/** The character of a `char` literal (`';'`, `'\t'`). */
function charOf(node: SgNode | undefined): string | undefined {
  if (!node || kindOf(node) !== 'character_literal') return undefined;
  const body = node.text().slice(1, -1);
  return body === '\\t' ? '\t' : body.replace(/^\\/, '');
}
