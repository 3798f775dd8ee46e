// SSH algorithm names written as string literals: the negotiation tables of SSH libraries and
// clients (paramiko's `_preferred_ciphers = ("aes128-ctr", ...)`, SSH.NET's `{ "aes128-ctr", … }`, JSch's
// `session.setConfig("kex", "diffie-hellman-group14-sha256,...")`, ssh2's
// `algorithms: { cipher: ["aes128-gcm@openssh.com"] }`). A literal counts only when it is made of
// SSH names and nothing else (one name or a comma list), so prose, log lines and docstrings that
// mention a name are not findings. Each name is one algorithm detection at its literal; a literal
// that lists key exchanges is also an SSH 2.0 protocol occurrence whose groups they are (as the
// ssh-config artefact detector reports a KexAlgorithms line). Lists that name what is switched off
// (`disabled_algorithms=`, `WEAK_CIPHERS`, `removeCipher`) and arguments of logging and print calls
// are skipped: what they name is refused or only mentioned. A single host-key name held by a name
// that says key type or format (`keyType = 'ssh-rsa'`) is the key it names (an RSA key), not a
// signature algorithm. The names, their roles and the keys are knowledge-base data (protocols.json).
import type { SgNode } from '@ast-grep/napi';
import type { CryptoFunction } from '../../../inventory/model.js';
import { getKnowledgeBase, type SshAlgorithmRole, type SshKeyType } from '../../../kb/index.js';
import { comparedInCSharp } from './csharp-literals.js';
import type { SourceLanguage } from './languages.js';
import { escapeRegex } from './regex.js';
import type { DetectionSink } from './sink.js';

/** What a name in each role is used for (as the ssh-config detector reports them). */
const FUNCTIONS: Readonly<Record<SshAlgorithmRole, CryptoFunction[]>> = {
  cipher: ['encrypt', 'decrypt'],
  mac: ['tag'],
  kex: ['keygen'],
  hostKey: ['sign', 'verify'],
};

/**
 * Prefilter keywords: every SSH name contains one of these (a test checks), and they are rare in code
 * that is not about SSH or ciphers.
 */
export const SSH_NAME_KEYWORDS = [
  '-ctr', '-cbc', '@openssh.com', 'arcfour', 'hmac-', 'curve25519-sha256', 'curve448-sha512', 'mlkem768x25519-sha256', 'mlkem768nistp256-sha256', 'mlkem1024nistp384-sha384',
  'sntrup761x25519-sha512',
  'ecdh-sha2-', 'diffie-hellman-group', 'ssh-ed25519', 'ssh-ed448', 'ssh-rsa', 'ssh-dss', 'ecdsa-sha2-', 'rsa-sha2-',
  'gss-group', 'gss-gex-', 'gss-nistp', 'gss-curve',
] as const;

/**
 * A GSS-API key exchange name (RFC 4462): a method (`gss-group14-sha1`), '-', and the base64 MD5 of the
 * mechanism's OID (22 characters and `==`); the method is the plain key exchange the KB maps it to.
 */
const GSS_MECHANISM = '-[A-Za-z0-9+/]{22}==';
const GSS_SUFFIX = new RegExp(`^(gss-[a-z0-9-]+?)${GSS_MECHANISM}$`);

/**
 * Whether a file's text has anything SSH-name-like at all. The native query below compiles its large
 * name pattern on every call (several milliseconds a file), and most files that reach a detector are
 * there for other keywords: this check, on text already in memory, spares them the query.
 */
const ANY_KEYWORD = new RegExp(SSH_NAME_KEYWORDS.map(escapeRegex).join('|'));

/** Whether a file's text may hold an SSH name literal (for a detector that makes its sink only when needed). */
export function mayHoldSshNames(text: string): boolean {
  return ANY_KEYWORD.test(text);
}

/**
 * SSH names that are also other things' names: crypto-js's module names (`hmac-md5`, `hmac-sha1`,
 * `hmac-ripemd160`), DNS TSIG's algorithm names, OpenSSL cipher names (`des-cbc`, `idea-cbc`,
 * `blowfish-cbc`). A literal made only of these counts only in a file about SSH (SSH_FILE).
 */
const NOT_ONLY_SSH: ReadonlySet<string> = new Set(['hmac-md5', 'hmac-sha1', 'hmac-ripemd160', 'des-cbc', 'idea-cbc', 'blowfish-cbc']);

/** A file about SSH: it names SSH, SFTP or an SSH library somewhere (`ssh2`, `Renci.SshNet`, `@openssh.com`, JSch, paramiko). */
const SSH_FILE = /ssh|sftp|jsch|paramiko/i;

/** Names of the context that make a list one of things switched off or refused (also read for TLS suite tables: python/suites.ts). */
export const REFUSING_CONTEXT = /disabl|remov|exclud|blacklist|blocklist|deny|denied|reject|forbid|unsupported|insecure|weak|banned/i;

/** Calls whose arguments are messages, not settings (`log.info("... %s", "aes256-ctr")`, `print(...)`, C#'s `logger.LogDebug`, `Console.WriteLine`). */
const MESSAGE_CALL = /(^|\.)(debug|info|warn|warning|error|critical|exception|fatal|trace|log|print|println|printf|WriteLine|Log(Trace|Debug|Information|Warning|Error|Critical))$/i;

/**
 * C's printing and logging calls (the last segment of the callee: `fprintf`, OpenSSH's `debug2_f`,
 * `error_fr`, `logit`, `verbose`, libssh's `SSH_LOG`, GLib's `g_warning`).
 */
const C_MESSAGE_CALL = /^(?:[fsv]?printf|vfprintf|puts|fputs|perror|v?syslog|logit|verbose\w*|debug\d?\w*|error\w*|fatal\w*|sshlog|do_log\d?|log_\w+|SSH_LOG|ssh_set_error\w*|g_(?:message|warning|debug|info|error|critical))$/;

/**
 * C functions and macros that compare or search a name (`strcmp(alg, "ssh-rsa") == 0`, OpenSSH's
 * `match_pattern_list`, libssh2's `SSH2_IS_LITERAL`) or assert it (`ASSERT_STRING_EQ(sig->type,
 * "ssh-rsa")`): reading a choice, not offering one.
 */
const C_COMPARE_CALL = /cmp|equal|_eq(?:_|$)|is_literal|assert|^match_|^(?:memcmp|strn?str|strcasestr|compare|find|starts_with|ends_with)$/i;

/** Kinds that are calls: their name is checked against MESSAGE_CALL. */
const CALL_KINDS = new Set(['call', 'method_invocation', 'call_expression', 'invocation_expression']);

/** Kinds whose name says what a literal below them is for, and the field holding that name. */
const NAMED_CONTEXT: Readonly<Record<string, readonly string[]>> = {
  keyword_argument: ['name'], // python f(disabled_algorithms=...)
  assignment: ['left'], // python x = ...
  pair: ['key'], // python/js dict and object entries
  call: ['function'], // python
  variable_declarator: ['name'], // java, js
  assignment_expression: ['left'], // java, js
  method_invocation: ['name'], // java
  call_expression: ['function'], // js
  invocation_expression: ['function'], // c#
  field_definition: ['property'], // js class fields
  public_field_definition: ['name'], // ts class fields
  let_declaration: ['pattern'], // rust let x = ...
  field_initializer: ['field'], // rust Preferred { kex: ... }
  const_item: ['name'], // rust const AES_128_CTR: Name = Name("aes128-ctr")
  static_item: ['name'], // rust static ...
  init_declarator: ['declarator'], // c static const char *kex = ...
  preproc_def: ['name'], // c #define KEX_DEFAULT "..."
  initializer_pair: ['designator'], // c { .ciphers = "..." }
};

/** Ruby's `call` names its method in `method` (`logger.info "…"`, `Net::SSH.start(…)`); Python's `call` is read by NAMED_CONTEXT. */
const RUBY_CALL_FIELDS: readonly string[] = ['method'];

/** Kinds at which the search for a context stops (the literal's statement is done). */
const STOP = /(^|_)(statement|definition|declaration|block|module|program|body)$/;

/** How far up a literal's context is looked for (a list inside a dict inside a call is 4 levels). */
const CONTEXT_DEPTH = 6;

interface Names {
  readonly roleOf: ReadonlyMap<string, SshAlgorithmRole>;
  /** A quoted name only SSH uses (not NOT_ONLY_SSH), anywhere in a text. */
  readonly onlySsh: RegExp;
  /** Per language: an anchored regex for a literal node's whole text, quotes included. */
  readonly literal: Readonly<Record<LiteralFamily, string>>;
  /** A list of names without quotes (the joined pieces of a C concatenation). */
  readonly bare: RegExp;
}

type LiteralFamily = 'python' | 'java' | 'javascript' | 'ruby' | 'c';

let names: Names | undefined;

function loadNames(): Names {
  const byRole = getKnowledgeBase().sshAlgorithmNames;
  const roleOf = new Map<string, SshAlgorithmRole>();
  for (const [role, list] of Object.entries(byRole) as [SshAlgorithmRole, readonly string[]][]) for (const n of list) roleOf.set(n, role);
  const gss = `(?:${Object.keys(getKnowledgeBase().sshGssKex).map(escapeRegex).join('|')})${GSS_MECHANISM}`;
  const one = `(?:${[...roleOf.keys()].map(escapeRegex).join('|')}|${gss})`;
  const list = `${one}(?:,[ \\t]*${one})*`;
  const onlySsh = [...[...roleOf.keys()].filter((n) => !NOT_ONLY_SSH.has(n)).map(escapeRegex), gss].join('|');
  return {
    roleOf,
    onlySsh: new RegExp(`["'\`\\s,](?:${onlySsh})["'\`\\s,]`),
    literal: {
      // Python: optional r/u/b prefix, single or double quotes (no f-strings: those are computed).
      python: `^[rRuUbB]{0,2}(?:"${list}"|'${list}')$`,
      java: `^"${list}"$`,
      javascript: `^(?:"${list}"|'${list}'|\`${list}\`)$`,
      // Ruby: quoted strings, and the bare words of `%w[aes256-ctr aes128-ctr]`.
      ruby: `^(?:"${list}"|'${list}'|${list})$`,
      c: `^"${list}"$`,
    },
    bare: new RegExp(`^${list}$`),
  };
}

const LITERAL_KINDS: Readonly<Record<LiteralFamily, readonly string[]>> = {
  python: ['string'],
  java: ['string_literal'],
  javascript: ['string', 'template_string'],
  ruby: ['string', 'bare_string'],
  c: ['string_literal'],
};

/**
 * C and C++: a string literal of names (not a piece of a concatenation), and the concatenations and
 * `#define` bodies that hold a keyword, whose joined pieces are checked in JS (cStringText): a
 * `#define` body is raw text to the grammar, and OpenSSH writes its proposals one name per piece.
 */
function cLiteralRules(regex: string) {
  return [
    { kind: 'string_literal', regex, not: { inside: { kind: 'concatenated_string', stopBy: 'neighbor' as const } } },
    { kind: 'concatenated_string', regex: ANY_KEYWORD.source },
    { kind: 'preproc_arg', regex: ANY_KEYWORD.source, inside: { kind: 'preproc_def', stopBy: 'neighbor' as const } },
  ];
}

function familyOf(language: SourceLanguage): LiteralFamily | undefined {
  if (language === 'python' || language === 'java') return language;
  // C#'s and Rust's regular string literals are Java's: double quotes, the same node kind.
  if (language === 'csharp' || language === 'rust') return 'java';
  if (language === 'javascript' || language === 'typescript' || language === 'tsx') return 'javascript';
  if (language === 'ruby') return 'ruby';
  if (language === 'c' || language === 'cpp') return 'c';
  return undefined;
}

interface ContextName {
  text: string;
  call: boolean;
  /** Whether a list lies between the literal and this name (`serverHostKey: ['ssh-rsa']`). */
  listed: boolean;
}

/** Array, list, tuple and collection kinds of the languages read: a name in one is one of a list. */
const LIST_KINDS = new Set([
  'array', 'list', 'tuple', 'set', 'expression_list', 'array_initializer', 'string_array', 'array_expression',
  'initializer_expression', 'collection_expression', 'array_creation_expression', 'implicit_array_creation_expression',
]);

/** The nearest names that say what the literal is for, innermost first (`_preferred_kex`, `setConfig`). */
function contextNames(literal: SgNode, ruby = false): ContextName[] {
  const out: ContextName[] = [];
  let child = literal;
  let node: SgNode | null = literal.parent();
  let listed = false;
  for (let depth = 0; node && depth < CONTEXT_DEPTH; depth++) {
    const kind = node.kind() as string;
    const fields = ruby && kind === 'call' ? RUBY_CALL_FIELDS : NAMED_CONTEXT[kind];
    if (fields) {
      for (const f of fields) {
        const named = node.field(f);
        // A dict key that is the literal itself (`{"aes128-ctr": {...}}`) names nothing about it.
        // A C declarator carries its pointer and array syntax (`*ciphers`, `mac_rows[]`).
        if (named && named.id() !== child.id()) out.push({ text: named.text().replace(/^["'`]|["'`]$/g, '').replace(/^[*&\s]+|\s*\[[^\]]*\]$/g, ''), call: CALL_KINDS.has(kind), listed });
      }
    }
    if (STOP.test(kind)) break;
    if (LIST_KINDS.has(kind)) listed = true;
    child = node;
    node = node.parent();
  }
  return out;
}

/**
 * Names that hold a key's type or format (`keyType`, `key_type`, `KEY_FORMAT`, `type`, `kind`,
 * `setKeyType`): a single host-key name held there is the key format a key is written in (an
 * authorized_keys line, a fingerprint, a key blob), not a signature algorithm offered for negotiation.
 * Plural names (`PubkeyAcceptedKeyTypes`) are negotiation lists, and a signature's type
 * (`sigType`, `signature_format`) is the signature algorithm.
 */
const KEY_TYPE_CONTEXT = /(type|format|kind)$/i;
const SIGNATURE_CONTEXT = /sig/i;
/**
 * A name of key formats in the plural holds a list of them (pyjwt's `_SSH_KEY_FORMATS = (b"ssh-rsa",
 * b"ssh-dss", …)`, the prefixes it recognises an SSH public key by); "types" in the plural stays a
 * negotiation list (`PubkeyAcceptedKeyTypes`).
 */
const KEY_FORMATS_CONTEXT = /formats$/i;
/**
 * Python's `key_bytes.startswith(b"ssh-rsa")`: a key line or blob begins with its key's format, so the
 * name tested is a key's, not a signature algorithm offered (C's `starts_with` is a comparison, skipped).
 */
const PYTHON_PREFIX_CALL = /\.startswith$/;

/**
 * The key a single host-key name stands for when the innermost name around it, with no list between
 * them, holds a key's type (KEY_TYPE_CONTEXT), or is a name of key formats (KEY_FORMATS_CONTEXT) or
 * Python's prefix test (PYTHON_PREFIX_CALL), list or not; undefined otherwise (the name is then a
 * signature algorithm, as in `serverHostKey: ['ssh-rsa']` or `HostKeyAlgorithms`).
 */
function keyTypeOf(name: string, context: readonly ContextName[], language: SourceLanguage): SshKeyType | undefined {
  const inner = context[0];
  if (!inner || SIGNATURE_CONTEXT.test(inner.text)) return undefined;
  const holdsKey =
    (!inner.listed && KEY_TYPE_CONTEXT.test(inner.text)) ||
    (!inner.call && KEY_FORMATS_CONTEXT.test(inner.text)) ||
    (inner.call && language === 'python' && PYTHON_PREFIX_CALL.test(inner.text));
  return holdsKey ? getKnowledgeBase().sshKeyTypes[name] : undefined;
}

/**
 * The public parts of a key written into a blob after its format name (RSA's exponent and modulus, as
 * .NET's `RSAParameters` names them; a key's public bytes).
 */
const KEY_PART = /\b(Exponent|Modulus|PublicKey|publicKey)\b/;

/**
 * A C# literal written as the first field of an SSH key blob (`WriteString(writer, "ssh-rsa")`, then
 * `WriteBigInteger(writer, p.Exponent)`): the key's format (RFC 4253 §6.6), as in an authorized_keys line
 * or a fingerprint, not the SHA-1 signature algorithm of the same name. A signature blob's name is
 * followed by the signature bytes, and stays a signature algorithm.
 */
function keyBlobCSharp(literal: SgNode): boolean {
  const argument = literal.parent();
  const call = argument?.parent()?.parent();
  if (!call || (argument!.kind() as string) !== 'argument' || (call.kind() as string) !== 'invocation_expression') return false;
  const fn = call.field('function');
  const name = fn && (fn.kind() as string) === 'member_access_expression' ? fn.field('name')?.text() : fn?.text();
  if (!name || !/^Write/.test(name)) return false;
  const statement = call.parent();
  if (!statement || (statement.kind() as string) !== 'expression_statement') return false;
  const next = statement.next();
  return next !== null && (next.kind() as string) === 'expression_statement' && KEY_PART.test(next.text());
}

/** A C# literal a name is compared with or a test asserts: code that reads a key file's or a peer's choice, not a setting. */
function comparedCSharp(literal: SgNode): boolean {
  return comparedInCSharp(literal) || assertedCSharp(literal);
}

/**
 * Test assertions and sequence comparisons a C# literal is an argument of (directly or in an array it is part
 * of): MSTest/xUnit/NUnit `Assert.*`, `CollectionAssert.*`, NUnit constraints (`Is.EqualTo`, `Does.Contain`,
 * `Has.Member`), FluentAssertions (`x.Should().Be(…)`), `SequenceEqual`.
 */
const CSHARP_CHECK_CALL = /(^|\.)(Assert|CollectionAssert|StringAssert|Is|Does|Has)\.\w+$|\.Should\(\)\.\w+$|(^|\.)SequenceEqual$/;
const CSHARP_ARGUMENT_PATH = new Set(['argument', 'argument_list', 'initializer_expression', 'implicit_array_creation_expression', 'array_creation_expression', 'collection_expression']);

/**
 * `Assert.AreEqual("ssh-rsa", alg.Name)`, `Assert.IsTrue(m.Ciphers.SequenceEqual(new[] { "aes256-ctr", … }))`:
 * a test checking what the code chose, not a table of what it offers.
 */
function assertedCSharp(literal: SgNode): boolean {
  let cur = literal.parent();
  for (let i = 0; cur && i < 6 && CSHARP_ARGUMENT_PATH.has(cur.kind() as string); i++) cur = cur.parent();
  if (!cur || (cur.kind() as string) !== 'invocation_expression') return false;
  return CSHARP_CHECK_CALL.test((cur.field('function')?.text() ?? '').replace(/\s+/g, ''));
}

/**
 * A Rust literal a name is matched or compared with (`"aes128-ctr" => …`, `name == "ssh-rsa"`): reading a
 * peer's choice; or one inside a macro other than `vec!` (`debug!("chose {}", "aes256-ctr")`, `assert_eq!`):
 * a message or a check.
 */
function comparedRust(literal: SgNode): boolean {
  const p = literal.parent();
  if (!p) return false;
  const k = p.kind() as string;
  if (k === 'token_tree') {
    let m: SgNode | null = p;
    while (m && m.kind() === 'token_tree') m = m.parent();
    return !m || m.kind() !== 'macro_invocation' || !/^(std::)?vec$/.test(m.field('macro')?.text() ?? '');
  }
  if (k === 'match_pattern' || k === 'or_pattern') return true;
  return k === 'binary_expression' && /^(==|!=)$/.test(p.field('operator')?.text() ?? '');
}

/**
 * Ruby calls whose arguments or receiver a name is only mentioned in: printing and raising (`puts "…"`,
 * `raise "…"`), logging, assertions (`assert_equal %w[aes256-ctr], algs`, `expect(x).to eq(…)`) and
 * membership tests (`%w[rsa-sha2-256 rsa-sha2-512].include?(alg)`).
 */
const RUBY_MESSAGE_CALL = /^(puts|print|p|pp|warn|raise|fail|printf|sprintf|format|debug|info|warning|error|fatal|log|assert\w*|refute\w*|eq|eql|expect|include\?|member\?|start_with\?|end_with\?|equal\?|eql\?|match\??)$/;

/** A Ruby literal a name is compared with: a `when` pattern, `==`/`!=`, `include?`/`start_with?`. */
function comparedRuby(literal: SgNode): boolean {
  let p = literal.parent();
  if (p && (p.kind() as string) === 'string_array') p = p.parent();
  if (!p) return false;
  const k = p.kind() as string;
  if (k === 'pattern' || k === 'when' || k === 'in_clause') return true;
  if (k === 'binary') return /^(==|!=|===|=~)$/.test(p.field('operator')?.text() ?? '');
  if (k === 'argument_list') {
    const call = p.parent();
    return !!call && (call.kind() as string) === 'call' && /^(include\?|start_with\?|end_with\?|eql\?|equal\?)$/.test(call.field('method')?.text() ?? '');
  }
  return false;
}

/** The callee's own name (`debug2_f`, `ssh->log` -> `log`, `std::strcmp` -> `strcmp`). */
function lastSegment(callee: string): string {
  return callee.slice(Math.max(callee.lastIndexOf('.'), callee.lastIndexOf('>'), callee.lastIndexOf(':')) + 1).trim();
}

/** A C/C++ literal a name is compared with or searched for (`strcmp(alg, "ssh-rsa")`, `name == "ssh-dss"` on a std::string), or measured (`sizeof`). */
function comparedC(literal: SgNode): boolean {
  let p = literal.parent();
  if (p && (p.kind() as string) === 'parenthesized_expression') p = p.parent();
  if (!p) return false;
  const k = p.kind() as string;
  // `sizeof("ssh-rsa") - 1`: a length, not a use.
  if (k === 'sizeof_expression') return true;
  if (k === 'binary_expression') return /^(==|!=)$/.test(p.field('operator')?.text() ?? '');
  if (k !== 'argument_list') return false;
  const call = p.parent();
  return !!call && (call.kind() as string) === 'call_expression' && C_COMPARE_CALL.test(lastSegment(call.field('function')?.text() ?? ''));
}

/**
 * The text of a C string literal, of a concatenation of literals, or of a `#define` body made of
 * literals (OpenSSH's proposal lists: `"curve25519-sha256," \\` on one line, the next name on the
 * next). A macro name among the pieces stands for another list (`KEX_SERVER_KEX "," "diffie-hellman-…"`)
 * and must sit next to a comma; it adds nothing here. Undefined when anything else is part of it (a
 * call, an escape).
 */
function cStringText(node: SgNode): string | undefined {
  let joined = '';
  let pieces = 0;
  for (const m of node.text().matchAll(/"((?:[^"\\\n]|\\.)*)"|([A-Za-z_]\w*)|([\s\\]+)|(.)/g)) {
    if (m[4] !== undefined || m[1]?.includes('\\')) return undefined;
    if (m[1] !== undefined) {
      joined += m[1];
      pieces++;
    } else if (m[2] !== undefined) joined += '\0';
  }
  if (pieces === 0 || /[^,\0]\0|\0[^,\0]/.test(joined)) return undefined;
  return joined.replace(/\0/g, '').replace(/^,+|,+$/g, '').replace(/,{2,}/g, ',');
}

/**
 * Outside a file about SSH: whether a literal names something only SSH names, itself or in the list
 * it belongs to (`["aes128-ctr", "hmac-sha1"]`: the second is an SSH MAC too).
 */
function sshNamed(literal: SgNode, inner: string, onlySsh: RegExp): boolean {
  const written = inner.split(',').map((n) => n.trim());
  if (!written.every((n) => NOT_ONLY_SSH.has(n))) return true;
  const list = literal.parent();
  if (!list || (list.kind() as string) === 'pair') return false;
  const t = list.text();
  return t.length <= 4000 && onlySsh.test(t);
}

/**
 * Reports the SSH algorithm names written as literals in a parsed file (`text` is its source). Runs
 * one native query for the literals whose whole text is SSH names, only in files that contain one of
 * the keywords; each match costs a few native calls for its context. Outside a file about SSH
 * (SSH_FILE), a literal made only of names other things share (NOT_ONLY_SSH: crypto-js's build map
 * `{ "hmac-sha1": { exports: … } }`) is no SSH setting and is skipped; a table keyed by names only
 * SSH uses (`CIPHER_INFO = { "aes128-ctr": … }`) still counts.
 */
export function detectSshAlgorithmNames(root: SgNode, sink: DetectionSink, language: SourceLanguage, text: string): void {
  const family = familyOf(language);
  if (!family || !ANY_KEYWORD.test(text)) return;
  names ??= loadNames();
  const { roleOf } = names;
  const regex = names.literal[family];
  const literals = root.findAll({ rule: { any: family === 'c' ? cLiteralRules(regex) : LITERAL_KINDS[family].map((kind) => ({ kind, regex })) } });
  const sshFile = SSH_FILE.test(text);
  for (const literal of literals) {
    const inner = family === 'c' ? cStringText(literal) : literal.text().replace(/^[rRuUbB]{0,2}["'`]|["'`]$/g, '');
    if (inner === undefined || (family === 'c' && !names.bare.test(inner))) continue;
    if (!sshFile && !sshNamed(literal, inner, names.onlySsh)) continue;
    if (language === 'csharp' && comparedCSharp(literal)) continue;
    if (language === 'rust' && comparedRust(literal)) continue;
    if (language === 'ruby' && comparedRuby(literal)) continue;
    if (family === 'c' && comparedC(literal)) continue;
    const context = contextNames(literal, language === 'ruby');
    if (language === 'ruby' && context.some((c) => c.call && RUBY_MESSAGE_CALL.test(c.text))) continue;
    if (family === 'c' && context.some((c) => c.call && C_MESSAGE_CALL.test(lastSegment(c.text)))) continue;
    if (context.some((c) => REFUSING_CONTEXT.test(c.text) || (c.call && MESSAGE_CALL.test(c.text)))) continue;
    const symbol = (context[0]?.text ?? 'SSH algorithm name').slice(0, 80);
    const kex: string[] = [];
    const written = inner.split(',').map((s) => s.trim());
    // `const keyType = 'ssh-rsa'`: an RSA key's format, not RSA signatures with SHA-1.
    const key = written.length !== 1 ? undefined
      : keyTypeOf(written[0]!, context, language) ?? (language === 'csharp' && keyBlobCSharp(literal) ? getKnowledgeBase().sshKeyTypes[written[0]!] : undefined);
    if (key) {
      // The size of an RSA key is in its blob, not its type (DSA keys in SSH are 1024 bits, curves are named).
      sink.algorithm(literal, symbol, key.spelling, key.params, { unresolved: key.spelling === 'RSA' ? ['keySize'] : [] });
      continue;
    }
    for (const writtenName of written) {
      // `gss-group1-sha1-toWM5Slw5Ew8Mqkay+al2g==` is diffie-hellman-group1-sha1 through Kerberos.
      const name = getKnowledgeBase().sshGssKex[writtenName.replace(GSS_SUFFIX, '$1')] ?? writtenName;
      const role = roleOf.get(name);
      if (!role) continue; // cannot happen: the regex admits only listed names
      sink.algorithm(literal, symbol, name, {}, { functions: FUNCTIONS[role] });
      if (role === 'kex') kex.push(name);
    }
    // Key exchanges are what an SSH 2.0 negotiation offers: the protocol is seen at each list of them
    // (its groups resolve to the algorithms just reported, at the same place, so nothing is counted twice).
    if (kex.length > 0) sink.protocol(literal, symbol, { protocolType: 'ssh', version: '2.0', groups: [...new Set(kex)] });
  }
}
