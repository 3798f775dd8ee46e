// crypto/tls.Config and x/crypto/ssh.Config literals (protocol facts and their risky settings), and
// field assignments on a config (`cfg.MinVersion = tls.VersionTLS10`, `cfg.InsecureSkipVerify = true`).
import type { SgNode } from '@ast-grep/napi';
import type { ProtocolFacts } from '../../../inventory/model.js';
import type { Value } from '../common/value.js';
import { parseTlsVersion } from '../common/versions.js';
import type { GoFile } from './file.js';

const TLS = 'crypto/tls';
const SSH = 'golang.org/x/crypto/ssh';

/** Numeric values of tls.VersionXxx, for configs that write `0x0303`; the model writes SSL as `SSLv3`. */
const TLS_VERSION_NUMBERS: Readonly<Record<number, string>> = { 0x0300: 'SSLv3', 0x0301: '1.0', 0x0302: '1.1', 0x0303: '1.2', 0x0304: '1.3' };
const INSECURE_VERSIONS = new Set(['SSLv3', '1.0', '1.1']);

/** tls.CurveID constants -> group names (IANA spelling for the hybrids, KB curve names for the rest). */
const TLS_GROUPS: Readonly<Record<string, string>> = {
  CurveP256: 'P-256', CurveP384: 'P-384', CurveP521: 'P-521', X25519: 'X25519',
  X25519MLKEM768: 'X25519MLKEM768', SecP256r1MLKEM768: 'SecP256r1MLKEM768', SecP384r1MLKEM1024: 'SecP384r1MLKEM1024',
};

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

function tlsConfig(f: GoFile, lit: SgNode): void {
  const fs = fields(lit);
  const callee = `${TLS}.Config`;
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
  if (version || cipherSuites.length || groups.length) {
    f.protocol(lit, 'tls.Config', callee, protocol);
  }
  for (const [field, v] of [['MinVersion', min], ['MaxVersion', max]] as const) {
    if (v && INSECURE_VERSIONS.has(v) && (field === 'MinVersion' || !min)) {
      f.signal(keyed(fs.get(field)!), callee, 'insecure-protocol-version', `tls.Config ${field} allows ${v.startsWith('SSL') ? v : `TLS ${v}`}`);
    }
  }
  const skip = fs.get('InsecureSkipVerify');
  if (skip) {
    const v = f.eval(skip);
    if (v.kind === 'bool' && v.value) f.signal(keyed(skip), callee, 'cert-verification-disabled', 'tls.Config InsecureSkipVerify is true: server certificates are not verified');
  }
}

function sshConfig(f: GoFile, lit: SgNode): void {
  const fs = fields(lit);
  const groups = fs.has('KeyExchanges') ? strings(f.eval(fs.get('KeyExchanges'))) : [];
  const cipherSuites = [
    ...(fs.has('Ciphers') ? strings(f.eval(fs.get('Ciphers'))) : []),
    ...(fs.has('MACs') ? strings(f.eval(fs.get('MACs'))) : []),
  ];
  if (groups.length === 0 && cipherSuites.length === 0) return;
  f.protocol(lit, 'ssh.Config', `${SSH}.Config`, { protocolType: 'ssh', cipherSuites, groups });
}

/** tls.Config{...} and ssh.Config{...} literals (also nested, also behind `&`). */
export function detectConfigLiterals(f: GoFile, pkgRegex: string, text: string): void {
  // Only Config literals are read, and the query walks the whole tree: skipped in files without one.
  if (!text.includes('Config')) return;
  for (const lit of f.root.findAll({ rule: { kind: 'composite_literal', has: { field: 'type', kind: 'qualified_type', regex: pkgRegex } } })) {
    const type = lit.field('type')!;
    const pkg = f.adapter.imports.get(type.field('package')?.text() ?? '');
    const name = type.field('name')?.text();
    if (pkg === TLS && name === 'Config') tlsConfig(f, lit);
    else if (pkg === SSH && name === 'Config') sshConfig(f, lit);
  }
}

/** `cfg.MinVersion = tls.VersionTLS10`, `cfg.InsecureSkipVerify = true` on an existing config. */
export function detectConfigAssignments(f: GoFile, statements: readonly SgNode[]): void {
  for (const stmt of statements) {
    if (stmt.kind() !== 'assignment_statement' || !/\.(MinVersion|MaxVersion|InsecureSkipVerify)\b/.test(stmt.field('left')?.text() ?? '')) continue;
    const left = stmt.field('left')?.namedChildren() ?? [];
    const right = stmt.field('right')?.namedChildren() ?? [];
    left.forEach((target, i) => {
      const field = target.kind() === 'selector_expression' ? target.field('field')?.text() : undefined;
      const value = right[i];
      if (!field || !value) return;
      const v = f.eval(value);
      if (field === 'InsecureSkipVerify' && v.kind === 'bool' && v.value) {
        f.signal(stmt, `${TLS}.Config`, 'cert-verification-disabled', 'InsecureSkipVerify is set to true: server certificates are not verified');
      } else if (field === 'MinVersion' || field === 'MaxVersion') {
        const ver = tlsVersion(v);
        if (ver && INSECURE_VERSIONS.has(ver)) {
          f.signal(stmt, `${TLS}.Config`, 'insecure-protocol-version', `${field} set to ${ver.startsWith('SSL') ? ver : `TLS ${ver}`}`);
        }
      }
    });
  }
}
