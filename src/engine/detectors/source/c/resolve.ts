// Argument resolution for C and C++: literals, same-file `#define` constants, `const`/`static`
// variables, enum values, locals assigned before the call, `sizeof` of fixed arrays and `strlen` of
// literals, through the shared Evaluator; constants of the project's included headers and their
// sources through detectors/cross-file.ts (c/constants.ts). Everything else (parameters, struct
// fields) stays Unknown.
//
// A `#define` body is raw text in the tree (`preproc_arg`): it is parsed, on first lookup of its
// name only, as the initializer of a one-line C declaration and evaluated like any expression. A
// name that the file never binds (`NID_secp384r1`, `TLS1_2_VERSION`, `EVP_PKEY_RSA`) is a library
// constant, unless a file it includes declares it: `symbol()` gives its spelling for the handlers to read.
import type { SgNode, SgRoot } from '@ast-grep/napi';
import { Evaluator, binaryShape, ternaryShape, unaryShape, type Args, type CallSites, type LanguageAdapter, type Shape } from '../common/evaluate.js';
import { LazySymbolTable, textHolds, type Binding, type BindingSource, type Scope } from '../common/symbols.js';
import { UNKNOWN, bytes, int, str, type Value } from '../common/value.js';
import { parseSource, type SourceLanguage } from '../common/languages.js';
import { cCallSiteArguments } from './call-sites.js';
import { constantKey, fileStem, type CrossFile } from '../../cross-file.js';

/** The nodes of one file that can bind a name, collected in one walk. */
export interface CIndex {
  file: Scope;
  functions: Scope[];
  defines: SgNode[];
  declarations: SgNode[];
  assignments: SgNode[];
  parameters: SgNode[];
  enumerators: SgNode[];
}

const INDEX_KINDS = ['function_definition', 'preproc_def', 'declaration', 'assignment_expression', 'parameter_declaration', 'enumerator'];
/** C++ adds parameters with a default (`int bits = 2048`), a kind the C grammar does not have. */
const CPP_INDEX_KINDS = [...INDEX_KINDS, 'optional_parameter_declaration'];

export function indexCFile(root: SgNode, language: SourceLanguage = 'c'): CIndex {
  const r = root.range();
  const index: CIndex = { file: { start: r.start.index, end: r.end.index }, functions: [], defines: [], declarations: [], assignments: [], parameters: [], enumerators: [] };
  const nodes = root.findAll({ rule: { any: (language === 'cpp' ? CPP_INDEX_KINDS : INDEX_KINDS).map((kind) => ({ kind })) } });
  for (const n of nodes) {
    switch (n.kind() as string) {
      case 'function_definition': {
        const fr = n.range();
        index.functions.push({ start: fr.start.index, end: fr.end.index });
        break;
      }
      case 'preproc_def': index.defines.push(n); break;
      case 'declaration': index.declarations.push(n); break;
      case 'assignment_expression': index.assignments.push(n); break;
      case 'parameter_declaration':
      case 'optional_parameter_declaration': index.parameters.push(n); break;
      case 'enumerator': index.enumerators.push(n); break;
    }
  }
  return index;
}

/** Integer value of a C number literal (`3072`, `0x10001L`, `65537UL`, `0b101`), or undefined. */
export function parseCInt(text: string): number | undefined {
  const t = text.replace(/'/g, '').replace(/[uUlLzZ]+$/, '').toLowerCase();
  let n: number;
  if (/^0x[0-9a-f]+$/.test(t)) n = parseInt(t.slice(2), 16);
  else if (/^0b[01]+$/.test(t)) n = parseInt(t.slice(2), 2);
  else if (/^0[0-7]+$/.test(t)) n = parseInt(t.slice(1), 8);
  else if (/^\d+$/.test(t)) n = parseInt(t, 10);
  else return undefined;
  return Number.isFinite(n) ? n : undefined;
}

/** Contents of a C string literal with its escapes decoded (as many characters as bytes for ASCII escapes). */
function cString(node: SgNode): string {
  const text = node.text();
  const open = text.indexOf('"');
  const close = text.lastIndexOf('"');
  if (open < 0 || close <= open) return '';
  // Raw strings (C++ R"(...)") are kept as written.
  if (node.kind() === 'raw_string_literal') return text.slice(open + 1, close).replace(/^[^(]*\(|\)[^)]*$/g, '');
  return text.slice(open + 1, close).replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_m, e: string) => {
    if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return ({ n: '\n', t: '\t', r: '\r', '0': '\0' } as Record<string, string>)[e] ?? e;
  });
}

const STRING_KINDS = new Set(['string_literal', 'raw_string_literal']);
/** How library constants and macros are spelled: an upper-case prefix and more (`NID_secp384r1`, `EVP_PKEY_RSA`). */
const CONSTANT_NAME = /^[A-Z][A-Z0-9]*(_\w+|[A-Z0-9])$/;
/**
 * Names in the namespaces of OpenSSL, BoringSSL, mbedTLS, libsodium, Windows' CryptoAPI/Schannel, libcurl, libssh2 and libssh
 * (`EVP_PKEY_ED25519`, `TLS1_3_VERSION`, `SSL_OP_NO_TLSv1`, `MBEDTLS_SSL_VERIFY_REQUIRED`,
 * `crypto_box_KEYBYTES` (not a project's `crypto_cipher_name`), `CALG_SHA_256`, `CURLOPT_SSL_VERIFYPEER`): never looked up in the project's headers. Nearly every crypto
 * call takes some, and each lookup made the scan read every quoted include of the file (and its
 * `.c` twin, and a folder of that name) for nothing: 114 files of curl for one constant found.
 */
const LIBRARY_NAME = new RegExp(
  '^(?:(?:EVP|NID|SN|LN|OBJ|OSSL|OPENSSL|SSL_OP|SSL_MODE|SSL_VERIFY|SSL_SESS|SSL_FILETYPE|SSL_ERROR|SSL_CTRL|SSL_R|SSL_F|SSL2|SSL3|TLS1|TLSEXT|TLS_ST|DTLS1|X509|X509V3|PEM|ERR|BIO|ASN1|PKCS5|PKCS12|RSA_PKCS1|RSA_F|RSA_R|EC_F|EC_R|POINT_CONVERSION|MBEDTLS|PSA|CALG|CERT|BCRYPT|NCRYPT|SCH|SP_PROT|SECPKG|SEC_E|SECBUFFER|ISC_REQ|ISC_RET|CURLOPT|CURL_SSLVERSION|LIBSSH2_HOSTKEY_HASH|SSH_PUBLICKEY_HASH|SSH_KEYTYPE)_|(?:RSA_F4|RSA_3|RSA_NO_PADDING)$|(?:crypto|randombytes|sodium)_(?:[a-z0-9_]*_)?[A-Z][A-Z0-9_]*$)',
);

/** The symbolic value of a library call (CAdapter.call): `EVP_sha256()#1234`. */
const LIBRARY_CALL_PATH = /\(\)#(\d+)$/;

/** The identifier a declarator declares (`*key`, `key[32]`, `(*fn)`), or undefined for function prototypes. */
export function declaredName(d: SgNode | null): SgNode | undefined {
  let cur: SgNode | null = d;
  for (let i = 0; cur && i < 8; i++) {
    const k = cur.kind() as string;
    if (k === 'identifier' || k === 'field_identifier') return cur;
    if (k === 'function_declarator') return undefined;
    cur = cur.field('declarator') ?? cur.namedChildren()[0] ?? null;
  }
  return undefined;
}

/** The array declarator under a declarator (`key[32]`, `*keys[4]` is not one), if any. */
function arrayDeclarator(d: SgNode | null): SgNode | undefined {
  return d?.kind() === 'array_declarator' ? d : undefined;
}

export class CAdapter implements LanguageAdapter {
  /** Set once the evaluator exists: array sizes written as constants need it. */
  ev?: Evaluator;

  /** The arguments the file's own calls pass for a parameter (call-sites.ts); set by cEvaluator. */
  callSiteArguments?: (param: SgNode) => CallSites | undefined;

  /**
   * `crossFile`: other files' constants (cross-file.ts), read under `includes`, the stems of the
   * file's quoted includes (`#include "crypto_conf.h"` -> `crypto_conf`).
   */
  constructor(
    readonly language: SourceLanguage,
    private readonly crossFile?: CrossFile,
    private readonly includes: readonly string[] = [],
  ) {}

  /**
   * While the file's own constants are declared (c/constants.ts): another file's value would not be
   * passed on (one hop), so names are not looked up, which would only make the scan read and rerun files.
   */
  declaring = false;

  /**
   * LanguageAdapter.importedOwner: a bare name may come from any quoted include (their values must
   * agree), unless it is in a namespace of the libraries the detector reads (LIBRARY_NAME).
   */
  importedOwner(name: string): readonly string[] | undefined {
    return this.crossFile && !this.declaring && this.includes.length > 0 && !LIBRARY_NAME.test(name) ? this.includes : undefined;
  }

  /**
   * Whether an included file of the project declares `name` (cross-file.ts): then an upper-case name
   * the file never binds is that constant rather than a library's (`RSA_BITS`, `CIPHER_NAME`), and
   * goes to the Evaluator's name branch. Asked in the first pass too, which records the keys as read.
   */
  private declaredByInclude(name: string): boolean {
    const crossFile = this.crossFile;
    return this.importedOwner(name) !== undefined && this.includes.some((owner) => crossFile!.lookup(constantKey(owner, name)) !== undefined);
  }

  shape(node: SgNode): Shape {
    switch (node.kind() as string) {
      case 'number_literal': {
        const n = parseCInt(node.text());
        return { t: 'value', value: n === undefined ? UNKNOWN : int(n) };
      }
      case 'string_literal':
      case 'raw_string_literal':
        return { t: 'value', value: str(cString(node)) };
      case 'concatenated_string': {
        // "ECDHE-..." "..." : adjacent literals are one string (macros between them make it unknown).
        const parts = node.namedChildren();
        if (!parts.every((p) => STRING_KINDS.has(p.kind() as string))) return { t: 'opaque' };
        return { t: 'value', value: str(parts.map(cString).join('')) };
      }
      case 'true':
        return { t: 'value', value: { kind: 'bool', value: true } };
      case 'false':
        return { t: 'value', value: { kind: 'bool', value: false } };
      case 'null':
      case 'nullptr':
        return { t: 'value', value: { kind: 'none' } };
      case 'identifier': {
        const name = node.text();
        if (name === 'NULL') return { t: 'value', value: { kind: 'none' } };
        // A constant's name the file never binds (`NID_secp384r1`, `EVP_PKEY_RSA`, `TLS1_2_VERSION`) is a
        // library constant: its spelling, as a symbolic value, is what a helper's caller passes on.
        // A handler reads such a constant's spelling through CFile.symbol, whatever its value here.
        if (CONSTANT_NAME.test(name) && this.ev && !this.ev.symbols.lookup(name, node.range().start.index) && !this.declaredByInclude(name)) {
          return { t: 'value', value: { kind: 'member', path: name } };
        }
        return { t: 'name', name };
      }
      case 'qualified_identifier': {
        // `::EVP_sha256` is the global function; other qualified names are C++ members we do not follow.
        const inner = node.namedChildren();
        return inner.length === 1 && inner[0]!.kind() === 'identifier' ? { t: 'group', inner: inner[0]! } : { t: 'opaque' };
      }
      case 'binary_expression':
        return binaryShape(node);
      case 'conditional_expression':
        return ternaryShape(node);
      case 'unary_expression':
        return unaryShape(node, 'argument');
      case 'pointer_expression': {
        // `&key[0]`, `&key`: the buffer itself for our purposes; `*p` is unknown.
        const arg = node.field('argument');
        return arg && node.field('operator')?.text() === '&' ? { t: 'group', inner: arg } : { t: 'opaque' };
      }
      case 'subscript_expression': {
        // `&key[0]` -> key (the address of the first element is the buffer).
        const arg = node.field('argument');
        const index = node.field('index') ?? node.field('indices');
        return arg && index?.text().replace(/[[\]\s]/g, '') === '0' && node.parent()?.kind() === 'pointer_expression' ? { t: 'group', inner: arg } : { t: 'opaque' };
      }
      case 'parenthesized_expression': {
        const inner = node.namedChildren()[0];
        return inner ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'cast_expression': {
        // `(size_t)2048`, `(const unsigned char *)"k"`: the value is the operand.
        const value = node.field('value');
        return value ? { t: 'group', inner: value } : { t: 'opaque' };
      }
      case 'sizeof_expression': {
        const value = node.field('value');
        return value ? { t: 'call', callee: 'sizeof', args: { positional: [value], named: new Map() } } : { t: 'opaque' };
      }
      case 'call_expression': {
        const args = node.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
        return { t: 'call', callee: calleeName(node), args: { positional: args, named: new Map() } };
      }
      case 'init_declarator':
        return this.initShape(node);
      case 'array_declarator':
        return this.uninitialisedArray(node);
      default:
        return { t: 'opaque' };
    }
  }

  /** `unsigned char key[32] = {…}`, `char pw[] = "…"`, `int bits = 2048`: the declared value. */
  private initShape(node: SgNode): Shape {
    const value = node.field('value');
    const array = arrayDeclarator(node.field('declarator'));
    if (!value) return { t: 'opaque' };
    if (!array) return { t: 'group', inner: value };
    const declared = this.arraySize(array);
    const k = value.kind() as string;
    if (STRING_KINDS.has(k) || k === 'concatenated_string') {
      const v = this.ev?.eval(value);
      const length = v?.kind === 'str' ? Buffer.byteLength(v.value, 'latin1') + 1 : undefined;
      return { t: 'value', value: bytes(declared ?? length, 'literal') };
    }
    if (k === 'initializer_list') {
      const items = value.namedChildren().filter((c) => c.kind() !== 'comment');
      const allZero = items.every((i) => i.kind() === 'number_literal' && parseCInt(i.text()) === 0);
      return { t: 'value', value: bytes(declared ?? items.length, allZero ? 'zero' : 'literal') };
    }
    return { t: 'opaque' };
  }

  /** `static unsigned char iv[16];` is zero-filled (static storage); a local array's bytes are unknown. */
  private uninitialisedArray(array: SgNode): Shape {
    const decl = array.parent();
    const stat = decl?.parent()?.kind() === 'translation_unit'
      || (decl?.children().some((c) => c.kind() === 'storage_class_specifier' && c.text() === 'static') ?? false);
    return { t: 'value', value: bytes(this.arraySize(array), stat ? 'zero' : 'unknown') };
  }

  private arraySize(array: SgNode): number | undefined {
    const size = array.field('size');
    if (!size) return undefined;
    const v = this.ev?.eval(size);
    return v?.kind === 'int' ? v.value : undefined;
  }

  /** Library calls evaluated (see `call`), by the id in their symbolic value. */
  private readonly libraryCalls = new Map<number, SgNode>();

  /** The library call a symbolic value from `call` stands for (`EVP_sha256()` a helper's caller passed). */
  libraryCall(v: Value): SgNode | undefined {
    const m = v.kind === 'member' ? LIBRARY_CALL_PATH.exec(v.path) : null;
    return m ? this.libraryCalls.get(Number(m[1])) : undefined;
  }

  call(callee: string, args: Args, ev: Evaluator, node?: SgNode): Value | undefined {
    const a = args.positional;
    if (callee === 'sizeof') {
      const v = ev.eval(a[0]);
      if (v.kind === 'bytes' && v.length !== undefined) return int(v.length);
      if (v.kind === 'str' && a[0] && STRING_KINDS.has(a[0].kind() as string)) return int(Buffer.byteLength(v.value, 'latin1') + 1);
      return UNKNOWN;
    }
    if (callee === 'strlen') {
      const v = ev.eval(a[0]);
      return v.kind === 'str' ? int(Buffer.byteLength(v.value, 'latin1')) : UNKNOWN;
    }
    // A library call that makes an object (`EVP_sha256()`, `EVP_MD_fetch(…)`, `TLS_client_method()`):
    // a symbolic value naming that call, so that a helper's caller passing one is told apart from
    // another and the helper's handler can read the call itself (CFile.producer).
    if (node && CONSTANT_NAME.test(callee)) {
      this.libraryCalls.set(node.id(), node);
      return { kind: 'member', path: `${callee}()#${node.id()}` };
    }
    return undefined;
  }
}

/** Name of a call's function: `EVP_sha256`, `::EVP_sha256` -> `EVP_sha256`; a method call keeps its text. */
export function calleeName(call: SgNode): string {
  const fn = call.field('function');
  if (!fn) return '';
  const text = fn.text();
  return text.startsWith('::') ? text.slice(2).trim() : text.replace(/\s+/g, '');
}

/** Innermost function containing position `at`, else the file scope (where bindings are visible throughout). */
function scopeOf(index: CIndex, at: number): { scope: Scope; member: boolean } {
  let best: Scope | undefined;
  for (const f of index.functions) if (f.start <= at && at < f.end && (!best || f.end - f.start < best.end - best.start)) best = f;
  return best ? { scope: best, member: false } : { scope: index.file, member: true };
}

/**
 * Control-flow nodes whose body runs conditionally or repeatedly (an assignment there is not certain
 * afterwards). `switch_statement` as well as `case_statement`: an `#ifdef` around a case's statements
 * (curl's mbedtls.c) makes tree-sitter hang them off the switch body instead of the case.
 */
const BRANCHING = new Set(['if_statement', 'else_clause', 'case_statement', 'switch_statement', 'while_statement', 'for_statement', 'do_statement', 'conditional_expression', 'for_range_loop']);

/** The range of the innermost conditional body an assignment is in (within its function), or undefined. */
export function branchOf(a: SgNode): ReturnType<SgNode['range']> | undefined {
  for (const anc of a.ancestors()) {
    const k = anc.kind() as string;
    if (k === 'function_definition' || k === 'translation_unit') return undefined;
    if (BRANCHING.has(k)) return anc.range();
  }
  return undefined;
}

/** Parsed `#define` bodies (kept alive with their trees for the file's lifetime). */
export class DefineBodies {
  private readonly roots: SgRoot[] = [];
  private readonly cache = new Map<number, SgNode | null>();

  constructor(private readonly language: SourceLanguage) {}

  /** The expression a `#define NAME body` stands for, or null when the body is not one expression. */
  body(def: SgNode): SgNode | null {
    const id = def.id();
    if (this.cache.has(id)) return this.cache.get(id)!;
    const out = this.parse(def.field('value')?.text() ?? '');
    this.cache.set(id, out);
    return out;
  }

  /** A `#define` body's text parsed as one expression, or null (not cached: c/constants.ts parses each once). */
  parse(body: string): SgNode | null {
    // A body continued over several lines (`\` + newline) is one line to the preprocessor.
    const arg = body.replace(/\\\r?\n/g, ' ').trim();
    let out: SgNode | null = null;
    if (arg !== '' && !arg.includes('\n') && !/[;{}]/.test(arg)) {
      const root = parseSource(this.language, `int __cbom_define = (${arg});`);
      this.roots.push(root);
      const init = root.root().find({ rule: { kind: 'init_declarator' } });
      out = init?.field('value') ?? null;
      if (out && root.root().find({ rule: { kind: 'ERROR' } })) out = null;
    }
    return out;
  }
}

function bindingsOf(index: CIndex, defines: DefineBodies, sel: Pick<CIndex, 'defines' | 'declarations' | 'assignments' | 'parameters' | 'enumerators'>): Binding[] {
  const out: Binding[] = [];
  const add = (name: string, value: SgNode | null, stmt: SgNode): void => {
    const r = stmt.range();
    const { scope, member } = scopeOf(index, r.start.index);
    out.push({ name, value, visibleFrom: r.end.index, scope, member });
  };
  for (const def of sel.defines) {
    const name = def.field('name')?.text();
    if (name) out.push({ name, value: defines.body(def), visibleFrom: def.range().end.index, scope: index.file, member: true });
  }
  for (const decl of sel.declarations) {
    // A declaration in a nested block (`if (…) { int bits = 4096; }`) is visible in that block only;
    // assignments stay in the function's scope (the last one before a use wins, as in the other languages).
    // `#ifdef` lines inside an `if … else if … else` chain break it: tree-sitter then reads
    // `else v = TLS1_VERSION;` as a declaration of `v` with the type `else` (FreeRADIUS's tls/ctx.c).
    // It is an assignment in a branch, so the variable is unknown after it, never the last arm's value.
    if (decl.field('type')?.text() === 'else') {
      for (const d of decl.fieldChildren('declarator')) {
        const name = d.kind() === 'init_declarator' ? declaredName(d.field('declarator')) : undefined;
        if (name) add(name.text(), null, decl);
      }
      continue;
    }
    const block = decl.parent();
    const nested = block?.kind() === 'compound_statement' && block.parent()?.kind() !== 'function_definition' ? block.range() : undefined;
    const declare = (name: string, value: SgNode | null): void => {
      if (!nested) return add(name, value, decl);
      out.push({ name, value, visibleFrom: decl.range().end.index, scope: { start: nested.start.index, end: nested.end.index }, member: false });
    };
    for (const d of decl.fieldChildren('declarator')) {
      if (d.kind() === 'init_declarator') {
        const name = declaredName(d.field('declarator'));
        if (name) declare(name.text(), d);
      } else {
        const name = declaredName(d);
        // `unsigned char iv[16];` is an array of known size; any other declaration without a value is unknown.
        if (name) declare(name.text(), d.kind() === 'array_declarator' ? d : null);
      }
    }
  }
  for (const a of sel.assignments) {
    const left = a.field('left');
    if (left?.kind() !== 'identifier') continue;
    const value = a.field('operator')?.text() === '=' ? a.field('right') : null;
    const branch = branchOf(a);
    if (!branch) {
      add(left.text(), value, a);
      continue;
    }
    // An assignment in one branch (`case TLS1_1: min = TLS1_1_VERSION; break;`, `if (legacy) bits =
    // 1024;`) holds inside that branch only; after it the variable may hold any branch's value, so
    // from there on it is unknown (a null binding in the function), never the last branch written.
    const r = a.range();
    out.push({ name: left.text(), value, visibleFrom: r.end.index, scope: { start: branch.start.index, end: branch.end.index }, member: false });
    add(left.text(), null, a);
  }
  for (const p of sel.parameters) {
    const { scope, member } = scopeOf(index, p.range().start.index);
    if (member) continue; // a prototype's parameter names bind nothing
    const name = declaredName(p.field('declarator'));
    // `param`: the function's calls in the file may say what it receives (call-sites.ts).
    if (name) out.push({ name: name.text(), value: null, visibleFrom: scope.start, scope, member: false, param: p });
  }
  for (const e of sel.enumerators) {
    const name = e.field('name')?.text();
    if (name) out.push({ name, value: e.field('value'), visibleFrom: e.range().end.index, scope: index.file, member: true });
  }
  return out;
}

/** Per-name collection for the LazySymbolTable: the index nodes whose text holds the name (C has no owners). */
export function cBindingSource(index: CIndex, language: SourceLanguage, defines = new DefineBodies(language)): BindingSource {
  return {
    every: () => bindingsOf(index, defines, index),
    named(name) {
      const holds = (node: SgNode): boolean => textHolds(node, name);
      return bindingsOf(index, defines, {
        defines: index.defines.filter((d) => d.field('name')?.text() === name),
        declarations: index.declarations.filter(holds),
        assignments: index.assignments.filter(holds),
        parameters: index.parameters.filter(holds),
        enumerators: index.enumerators.filter(holds),
      });
    },
    mayOwn: () => false,
  };
}

/**
 * The stems of a file's quoted includes (`#include "conf/crypto_conf.h"` -> `crypto_conf`, `"keys.pb.h"`
 * -> `keys`), read from its text: the owners the included files declare their constants under.
 */
export function quotedIncludes(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"/gm)) {
    const stem = fileStem(m[1]!);
    if (stem) out.add(stem);
  }
  return [...out];
}

/**
 * The evaluator for one C/C++ file; with `crossFile`, it reads other files' constants under the stems
 * of `includes`. `defines` parses the file's `#define` bodies (shared with the declarations). The
 * file's index is made with its symbol table, on the first name looked up: a file whose calls take
 * only literals, or a header of literal constants, needs none.
 */
export function cEvaluator(
  root: SgNode,
  language: SourceLanguage,
  header = false,
  crossFile?: CrossFile,
  includes: readonly string[] = [],
): { ev: Evaluator; adapter: CAdapter; defines: DefineBodies } {
  const adapter = new CAdapter(language, crossFile, includes);
  const defines = new DefineBodies(language);
  let callSites: ((param: SgNode) => CallSites | undefined) | undefined;
  adapter.callSiteArguments = (param: SgNode) => {
    return (callSites ??= cCallSiteArguments(root, header))(param);
  };
  const ev = new Evaluator(adapter, () => new LazySymbolTable(cBindingSource(indexCFile(root, language), language, defines)), crossFile);
  adapter.ev = ev;
  return { ev, adapter, defines };
}
