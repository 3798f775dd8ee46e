// crypto/tls.Config and x/crypto/ssh.Config literals (protocol facts and their risky settings), and
// field assignments on a config (`cfg.MinVersion = tls.VersionTLS10`, `cfg.InsecureSkipVerify = true`).
import { eachCaseMarked } from '../common/cases.js';
import type { SgNode } from '@ast-grep/napi';
import type { ProtocolFacts } from '../../../inventory/model.js';
import type { Value } from '../common/value.js';
import { parseTlsVersion } from '../common/versions.js';
import { GO_TLS_GROUPS as TLS_GROUPS } from './tls-names.js';
import type { GoFile } from './file.js';
import { declaredType, typeName } from './types.js';
import { escapeRegex } from '../common/regex.js';

const TLS = 'crypto/tls';
const SSH = 'golang.org/x/crypto/ssh';

/** Numeric values of tls.VersionXxx, for configs that write `0x0303`; the model writes SSL as `SSLv3`. */
const TLS_VERSION_NUMBERS: Readonly<Record<number, string>> = { 0x0300: 'SSLv3', 0x0301: '1.0', 0x0302: '1.1', 0x0303: '1.2', 0x0304: '1.3' };
const INSECURE_VERSIONS = new Set(['SSLv3', '1.0', '1.1']);


function tlsVersion(v: Value): string | undefined {
  if (v.kind === 'member' && v.path.startsWith(`${TLS}.`)) {
    const name = v.path.slice(TLS.length + 1);
    return name === 'VersionSSL30' ? 'SSLv3' : parseTlsVersion(name)?.version;
  }
  if (v.kind === 'int') return TLS_VERSION_NUMBERS[v.value];
  return undefined;
}

/** Names of `tls.X` members in a list value (`[]uint16{tls.TLS_...}`), skipping what is not resolvable. */
function members(v: Value, pkg: string): string[] {
  if (v.kind !== 'list') return [];
  return v.items.flatMap((i) => (i.kind === 'member' && i.path.startsWith(`${pkg}.`) ? [i.path.slice(pkg.length + 1)] : []));
}

function strings(v: Value): string[] {
  return v.kind === 'list' ? v.items.flatMap((i) => (i.kind === 'str' ? [i.value] : [])) : [];
}

/** The `Field: value` element around a field's value node (the evidence for a setting). */
function keyed(value: SgNode): SgNode {
  return value.ancestors().find((a) => a.kind() === 'keyed_element') ?? value;
}

/** Keyed fields of a composite literal: field name -> value node. */
function fields(literal: SgNode): Map<string, SgNode> {
  const out = new Map<string, SgNode>();
  const body = literal.field('body');
  for (const kv of body?.namedChildren() ?? []) {
    if (kv.kind() !== 'keyed_element') continue;
    const [k, v] = kv.namedChildren();
    const key = k?.namedChildren()[0] ?? k;
    const value = v?.namedChildren()[0] ?? v;
    if (key && value) out.set(key.text(), value);
  }
  return out;
}

/** The list literals a tls.Config literal read as its CipherSuites/CurvePreferences (directly or through a variable). */
type Consumed = Set<number>;

const isAppend = (node: SgNode): boolean => node.kind() === 'call_expression' && node.field('function')?.text() === 'append';

/**
 * Marks the list a config field or an `append` reads as read (by its start): the literal behind it, or an
 * `append` and, through it, the lists it extends (`append(defaults, tls.TLS_…)`, `append(base, extra...)`).
 */
function consume(f: GoFile, node: SgNode | null | undefined, consumed: Consumed, depth = 0): void {
  const origin = node && depth < 8 ? f.ev.origin(node) : undefined;
  if (!origin) return;
  consumed.add(origin.range().start.index);
  if (!isAppend(origin)) return;
  for (const a of origin.field('arguments')?.namedChildren() ?? []) consume(f, a.kind() === 'variadic_argument' ? a.namedChildren()[0] : a, consumed, depth + 1);
}

/** Functions whose arguments are compared, not used: testify's `assert`/`require`, `reflect.DeepEqual`, go-cmp. */
const COMPARISONS = /^(Equal|EqualValues|Exactly|NotEqual|NotEqualValues|ElementsMatch|Contains|NotContains|Subset|DeepEqual|Diff|Equals)f?$/;
/** Names of an expected value in a table test or before a comparison (`want`, `expected`, `wantConfig`). */
const EXPECTED_NAME = /^(want|expect)/i;

/**
 * The struct field a positional element of a struct literal fills: `{"rc4", []uint16{tls.TLS_…}}` in a
 * table `[]struct{ name string; want []uint16 }{…}` fills `want`. The struct type is the literal's own
 * (`fields{…}`) or the element type of the slice, array or map literal the row is in, written inline
 * or declared by the file (`type testCase struct{…}`); undefined when it is not in sight.
 */
function positionalField(element: SgNode, row: SgNode): string | undefined {
  const elements = row.namedChildren();
  if (elements.some((e) => e.kind() === 'keyed_element')) return undefined;
  const index = elements.findIndex((e) => e.id() === element.id());
  const holder = row.parent();
  let type: SgNode | null | undefined;
  if (holder?.kind() === 'composite_literal') type = holder.field('type');
  else {
    // A row of a table: its type is the element (or map value) type of the enclosing literal.
    // `{…}` is a literal_element of the table's body, or the value of a keyed_element in a map's.
    let body = holder?.kind() === 'literal_element' ? holder.parent() : undefined;
    if (body?.kind() === 'keyed_element') body = body.parent();
    const outer = body?.kind() === 'literal_value' ? body.parent() : undefined;
    const table = outer?.kind() === 'composite_literal' ? outer.field('type') : undefined;
    type = table?.field(table.kind() === 'map_type' ? 'value' : 'element');
  }
  while (type?.kind() === 'pointer_type') type = type.namedChildren()[0];
  if (type?.kind() === 'type_identifier') type = declaredStruct(row, type.text());
  if (type?.kind() !== 'struct_type') return undefined;
  const names: string[] = [];
  for (const decl of type.namedChildren()[0]?.namedChildren() ?? []) {
    if (decl.kind() !== 'field_declaration') continue;
    const ids = decl.namedChildren().filter((c) => c.kind() === 'field_identifier');
    // An embedded field is named by its type.
    names.push(...(ids.length ? ids.map((c) => c.text()) : [decl.text()]));
  }
  return names[index];
}

/** The struct type a file declares under a name (`type testCase struct{…}`, also inside a function). */
function declaredStruct(node: SgNode, name: string): SgNode | undefined {
  const root = node.ancestors().at(-1) ?? node;
  const spec = root.find({ rule: { kind: 'type_spec', has: { field: 'name', regex: `^${name}$` } } });
  const type = spec?.field('type');
  return type?.kind() === 'struct_type' ? type : undefined;
}

/**
 * Whether a literal is a value to compare with rather than a configuration or a list the program uses:
 * an argument of a test assertion or deep comparison (`require.Equal(t, []uint16{tls.TLS_…}, b.ciphers)`,
 * `reflect.DeepEqual(got, &tls.Config{…})`), the `want:` of a table test (keyed or by position), or a
 * `want := …` local.
 */
function comparedValue(lit: SgNode): boolean {
  let cur = lit;
  for (let p = cur.parent(); p; cur = p, p = p.parent()) {
    const k = p.kind() as string;
    if (k === 'unary_expression' || k === 'parenthesized_expression') continue;
    if (k === 'argument_list') {
      const fn = p.parent()?.field('function');
      const name = fn?.kind() === 'selector_expression' ? fn.field('field')?.text() : fn?.text();
      return COMPARISONS.test(name ?? '');
    }
    if (k === 'literal_element') {
      const kv = p.parent();
      const key = kv?.kind() === 'keyed_element' && kv.namedChildren()[1]?.id() === p.id()
        ? kv.namedChildren()[0]?.text()
        : kv?.kind() === 'literal_value' ? positionalField(p, kv) : undefined;
      return key !== undefined && EXPECTED_NAME.test(key);
    }
    if (k === 'expression_list') {
      const stmt = p.parent();
      const sk = stmt?.kind() as string | undefined;
      if ((sk !== 'short_var_declaration' && sk !== 'assignment_statement') || stmt?.field('right')?.id() !== p.id()) return false;
      const i = p.namedChildren().findIndex((c) => c.id() === cur.id());
      const name = stmt.field('left')?.namedChildren()[i]?.text();
      return name !== undefined && EXPECTED_NAME.test(name);
    }
    return false;
  }
  return false;
}

/**
 * A `tls.Config` literal is TLS in use even when the file shows neither version, suites nor groups
 * (`&tls.Config{GetCertificate: f, MinVersion: cfg.MinVersion()}`, `cfg := &tls.Config{}` filled in
 * later): a TLS protocol of unknown version, as Java's `SSLContext.getInstance(protocol)`.
 */
function tlsConfig(f: GoFile, lit: SgNode, consumed: Consumed): void {
  if (comparedValue(lit)) return;
  const fs = fields(lit);
  const callee = `${TLS}.Config`;
  for (const field of ['CipherSuites', 'CurvePreferences']) consume(f, fs.get(field), consumed);
  const min = fs.has('MinVersion') ? tlsVersion(f.eval(fs.get('MinVersion'))) : undefined;
  const max = fs.has('MaxVersion') ? tlsVersion(f.eval(fs.get('MaxVersion'))) : undefined;
  const cipherSuites = fs.has('CipherSuites') ? members(f.eval(fs.get('CipherSuites')), TLS) : [];
  const groups = fs.has('CurvePreferences')
    ? members(f.eval(fs.get('CurvePreferences')), TLS).map((g) => TLS_GROUPS[g] ?? g)
    : [];
  // The protocol asset is the lowest version the config accepts (the one that decides its risk).
  const version = min ?? max;
  const protocol: ProtocolFacts = {
    protocolType: 'tls',
    ...(version ? { version } : {}),
    ...(cipherSuites.length ? { cipherSuites } : {}),
    ...(groups.length ? { groups } : {}),
  };
  f.protocol(lit, 'tls.Config', callee, protocol);
  // The signal is where the protocol asset is: the version's finding already points there, and the
  // signal adds one only where no version asset was recorded (findings/rules/protocols.ts).
  for (const [field, v] of [['MinVersion', min], ['MaxVersion', max]] as const) {
    if (v && INSECURE_VERSIONS.has(v) && (field === 'MinVersion' || !min)) {
      f.signal(lit, callee, 'insecure-protocol-version', `tls.Config ${field} allows ${v.startsWith('SSL') ? v : `TLS ${v}`}`);
    }
  }
  const skip = fs.get('InsecureSkipVerify');
  if (skip) skipVerify(f, keyed(skip), f.eval(skip), skip, 'tls.Config InsecureSkipVerify', 'is true');
}

/**
 * `InsecureSkipVerify: true`, and a value the code passes through (`InsecureSkipVerify: c.SkipVerify`,
 * a helper's parameter): configuration can turn verification off, as with `if c.SkipVerify {
 * cfg.InsecureSkipVerify = true }`, which is reported too. `false` is nothing.
 */
function skipVerify(f: GoFile, at: SgNode, v: Value, value: SgNode, what: string, whenTrue: string): void {
  if (v.kind === 'bool') {
    if (v.value) f.signal(at, `${TLS}.Config`, 'cert-verification-disabled', `${what} ${whenTrue}: server certificates are not verified`);
    return;
  }
  const expr = value.text().replace(/\s+/g, ' ').slice(0, 60);
  f.signal(at, `${TLS}.Config`, 'cert-verification-disabled', `${what} is taken from ${expr}: configuration can turn server certificate verification off`);
}

/**
 * `ssh.Config{KeyExchanges, Ciphers, MACs}`, and `ssh.ServerConfig{…}`/`ssh.ClientConfig{…}`: SSH in
 * use, with the lists the file shows (none: SSH of unknown algorithms, Go's defaults or a list set
 * later). A server or client config that embeds `Config: ssh.Config{…}` (or a variable holding one)
 * is reported by that literal; one that embeds a config from elsewhere (`Config: base()`) by itself.
 */
function sshConfig(f: GoFile, lit: SgNode, name: string): void {
  if (comparedValue(lit)) return;
  const fs = fields(lit);
  if (name !== 'Config' && fs.has('Config')) {
    let inner = f.ev.origin(fs.get('Config'));
    if (inner?.kind() === 'unary_expression') inner = inner.field('operand');
    if (inner?.kind() === 'composite_literal') return;
  }
  const groups = fs.has('KeyExchanges') ? strings(f.eval(fs.get('KeyExchanges'))) : [];
  const cipherSuites = [
    ...(fs.has('Ciphers') ? strings(f.eval(fs.get('Ciphers'))) : []),
    ...(fs.has('MACs') ? strings(f.eval(fs.get('MACs'))) : []),
  ];
  f.protocol(lit, `ssh.${name}`, `${SSH}.${name}`, { protocolType: 'ssh', cipherSuites, groups });
}

const SSH_CONFIGS = new Set(['Config', 'ServerConfig', 'ClientConfig']);

/** Whether a type node is crypto/tls's `Config` (`tls.Config` under whatever name the file imports it). */
function isTlsConfigType(f: GoFile, type: SgNode | null | undefined): boolean {
  return type?.kind() === 'qualified_type' && typeName(f.adapter, type) === `${TLS}.Config`;
}

/**
 * Whether an expression makes a tls.Config: a literal (`&tls.Config{…}`, `tls.Config{}`), `new(tls.Config)`,
 * or the type node a `var cfg tls.Config` binds its name to (its zero value, GoAdapter's bindings).
 */
function makesTlsConfig(f: GoFile, node: SgNode | null | undefined): boolean {
  let o = node;
  if (o?.kind() === 'unary_expression') o = o.field('operand');
  if (o?.kind() === 'composite_literal') return isTlsConfigType(f, o.field('type'));
  if (o?.kind() === 'call_expression') return o.field('function')?.text() === 'new' && isTlsConfigType(f, o.field('arguments')?.namedChildren()[0]);
  return isTlsConfigType(f, o);
}

/**
 * A config made empty and filled in field by field (`cfg := new(tls.Config)`, `var cfg tls.Config`): TLS
 * of unknown version, as `cfg := &tls.Config{}` is. The fields set later (`cfg.MinVersion = …`,
 * `cfg.InsecureSkipVerify = …`) are read by detectConfigAssignments, which knows such a name for a config.
 */
function zeroTlsConfig(f: GoFile, node: SgNode): void {
  const made = node.kind() === 'var_spec' ? node.field('type') : node;
  if (node.kind() === 'var_spec' && node.field('value')) return;
  if (!makesTlsConfig(f, made) || comparedValue(node)) return;
  f.protocol(node, 'tls.Config', `${TLS}.Config`, { protocolType: 'tls' });
}

/** tls.Config{...} and ssh.Config{...} literals (also nested, also behind `&`), then suite and group lists kept apart from a config. */
export function detectConfigLiterals(f: GoFile, pkgRegex: string, text: string): void {
  const consumed: Consumed = new Set();
  // Config literals: the query walks the whole tree, so it is skipped in files without one.
  if (text.includes('Config')) {
    const rule = {
      any: [
        { kind: 'composite_literal', has: { field: 'type', kind: 'qualified_type', regex: pkgRegex } },
        { kind: 'call_expression', has: { field: 'function', kind: 'identifier', regex: '^new$' } },
        { kind: 'var_spec', has: { field: 'type', kind: 'qualified_type', regex: pkgRegex } },
      ],
    };
    for (const lit of f.root.findAll({ rule })) {
      if (lit.kind() !== 'composite_literal') {
        zeroTlsConfig(f, lit);
        continue;
      }
      const type = lit.field('type')!;
      const pkg = f.adapter.imports.get(type.field('package')?.text() ?? '');
      const name = type.field('name')?.text();
      // Once per value a helper's parameter takes (`&tls.Config{MinVersion: min}` in `func newConfig(min uint16)`).
      if (pkg === TLS && name === 'Config') eachCaseMarked(f.ev, { sink: f.sink }, () => tlsConfig(f, lit, consumed));
      else if (pkg === SSH && name && SSH_CONFIGS.has(name)) eachCaseMarked(f.ev, { sink: f.sink }, () => sshConfig(f, lit, name));
    }
  }
  // Lists are looked for only where the text names a suite or group of the file's crypto/tls import.
  const tlsLocals = [...f.adapter.imports].filter(([, path]) => path === TLS).map(([local]) => escapeRegex(local));
  if (tlsLocals.length > 0 && new RegExp(`\\b(${tlsLocals.join('|')})\\.(TLS_|X25519|Curve|SecP)`).test(text)) tlsLists(f, consumed);
}

/**
 * `var defaultSuites = []uint16{tls.TLS_…}` and `[]tls.CurveID{tls.X25519MLKEM768, …}`: a preference list
 * kept in a variable (a package's defaults), which a config takes later through a helper, `copy` or an
 * assignment (`cfg.CipherSuites = defaultSuites()`): the suites or groups the program offers, without a
 * version; likewise what an `append` adds to one (`cfg.CipherSuites = append(cfg.CipherSuites, tls.TLS_…)`).
 * Lists a tls.Config literal or an append of the file already read are not reported twice, and maps
 * (`map[string]uint16{"TLS_…": tls.TLS_…}`) are not lists: they are tables of the values a
 * configuration may name, not a choice.
 */
function tlsLists(f: GoFile, consumed: Consumed): void {
  const rule = {
    any: [
      { kind: 'composite_literal', has: { field: 'type', any: [{ kind: 'slice_type' }, { kind: 'array_type' }, { kind: 'implicit_length_array_type' }] } },
      { kind: 'call_expression', has: { field: 'function', kind: 'identifier', regex: '^append$' } },
    ],
  };
  const lists: Array<{ node: SgNode; cipherSuites: string[]; groups: string[] }> = [];
  for (const node of f.root.findAll({ rule })) {
    const names = members(f.eval(node), TLS);
    // TLS_FALLBACK_SCSV is a signalling value, not a suite (`append([]uint16{tls.TLS_FALLBACK_SCSV}, …)`).
    const cipherSuites = names.filter((n) => n.startsWith('TLS_') && n !== 'TLS_FALLBACK_SCSV');
    const groups = names.filter((n) => TLS_GROUPS[n] !== undefined).map((g) => TLS_GROUPS[g]!);
    if (cipherSuites.length === 0 && groups.length === 0) continue;
    lists.push({ node, cipherSuites, groups });
    // `cfg.CipherSuites = append(cfg.CipherSuites, tls.TLS_…)`: the suites appended are offered too,
    // reported once with the lists the append extends (`s = append(s, …)` twice is its last append).
    if (isAppend(node)) for (const a of node.field('arguments')?.namedChildren() ?? []) consume(f, a.kind() === 'variadic_argument' ? a.namedChildren()[0] : a, consumed);
  }
  for (const { node, cipherSuites, groups } of lists) {
    // A list inside any crypto/tls literal is not an offer of its own: a config's fields read it, and a
    // `&tls.ClientHelloInfo{CipherSuites: …}` is a client's hello made up by a test.
    if (consumed.has(node.range().start.index) || insideTlsLiteral(f, node) || comparedValue(node)) continue;
    f.protocol(node, cipherSuites.length ? 'tls.CipherSuites list' : 'tls.CurveID list', `${TLS}.Config`, {
      protocolType: 'tls',
      ...(cipherSuites.length ? { cipherSuites } : {}),
      ...(groups.length ? { groups } : {}),
    });
  }
}

/** Whether a list is a field's value in a crypto/tls literal (`tls.Config`, `tls.ClientHelloInfo`). */
function insideTlsLiteral(f: GoFile, lit: SgNode): boolean {
  const kv = lit.parent()?.kind() === 'literal_element' ? lit.parent()?.parent() : undefined;
  if (kv?.kind() !== 'keyed_element') return false;
  const type = kv.parent()?.parent()?.field('type');
  return type?.kind() === 'qualified_type' && f.adapter.imports.get(type.field('package')?.text() ?? '') === TLS;
}

/**
 * Whether the object of `x.InsecureSkipVerify = …` may be a tls.Config: not when the file declares `x`
 * as another type (caddy's `func (t *TLSConfig) unmarshalCaddyfile(…)` sets its own option field, which
 * only configures a tls.Config elsewhere). Chains (`tr.TLSClientConfig.…`) and undeclared names count.
 */
function maybeTlsConfig(f: GoFile, object: SgNode | null): boolean {
  if (object?.kind() !== 'identifier') return true;
  const type = declaredType(f.adapter, object);
  return type === undefined || type === `${TLS}.Config`;
}

/**
 * Whether the object of `x.InsecureSkipVerify = v` surely is a tls.Config, as a value passed through
 * needs (the same field of an options struct is copied between structs all the time): declared so, made
 * by a `tls.Config` literal, `new(tls.Config)` or `var x tls.Config`, or a transport's or server's
 * `TLSClientConfig`/`TLSConfig` field.
 */
function surelyTlsConfig(f: GoFile, object: SgNode | null): boolean {
  if (!object) return false;
  if (object.kind() === 'selector_expression') return /^(TLSClientConfig|TLSConfig)$/.test(object.field('field')?.text() ?? '');
  if (object.kind() !== 'identifier') return false;
  return declaredType(f.adapter, object) === `${TLS}.Config` || makesTlsConfig(f, f.ev.origin(object));
}

/** `cfg.MinVersion = tls.VersionTLS10`, `cfg.InsecureSkipVerify = true` on an existing config. */
export function detectConfigAssignments(f: GoFile, statements: readonly SgNode[]): void {
  for (const stmt of statements) {
    if (stmt.kind() !== 'assignment_statement' || !/\.(MinVersion|MaxVersion|InsecureSkipVerify)\b/.test(stmt.field('left')?.text() ?? '')) continue;
    const left = stmt.field('left')?.namedChildren() ?? [];
    const right = stmt.field('right')?.namedChildren() ?? [];
    left.forEach((target, i) => eachCaseMarked(f.ev, { sink: f.sink }, () => {
      const field = target.kind() === 'selector_expression' ? target.field('field')?.text() : undefined;
      const value = right[i];
      if (!field || !value || !maybeTlsConfig(f, target.field('operand'))) return;
      const v = f.eval(value);
      if (field === 'InsecureSkipVerify') {
        if (v.kind === 'bool' || surelyTlsConfig(f, target.field('operand'))) skipVerify(f, stmt, v, value, 'InsecureSkipVerify', 'is set to true');
      } else if (field === 'MinVersion' || field === 'MaxVersion') {
        const ver = tlsVersion(v);
        if (ver && INSECURE_VERSIONS.has(ver)) {
          f.signal(stmt, `${TLS}.Config`, 'insecure-protocol-version', `${field} set to ${ver.startsWith('SSL') ? ver : `TLS ${ver}`}`);
        }
      }
    }));
  }
}
