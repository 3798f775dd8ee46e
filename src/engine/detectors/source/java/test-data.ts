// JUnit 5 parameterised tests: the calls the framework makes of a test method, one per value of its
// `@ValueSource` and per row of its `@CsvSource`, read as calls of the method written in the file
// (call-sites.ts; docs/detectors.md, "Values passed by the file's own calls", "Parameterised tests").
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
 * Other sources of a parameterised test's arguments, read nowhere here (`@MethodSource`, `@EnumSource`,
 * `@ArgumentsSource`, `@CsvFileSource`, `@FieldSource`, `@NullSource`, `@EmptySource`, …): callers unknown.
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
    } else if (OTHER_SOURCES.test(name)) {
      others = true;
    }
  }
  return { rows, others };
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
