// TLS server configuration: nginx (ssl_protocols, ssl_ciphers, ssl_ecdh_curve, ssl_conf_command
// Ciphersuites/Groups), Apache httpd (SSLProtocol, SSLCipherSuite, SSLOpenSSLConfCmd Curves/Groups/
// Ciphersuites) and HAProxy (ssl-min-ver/ssl-max-ver,
// ciphers, ciphersuites, curves, and their ssl-default-bind-* forms). Each enabled TLS version becomes a
// protocol detection carrying the file's cipher suites (only names the KB knows: see parseCipherString)
// and groups, seen at the version directive and at every cipher directive; SSLv3, TLS 1.0 and 1.1 also raise an
// `insecure-protocol-version` signal. Directives are read per file (not per server block).
import type { Detection, Occurrence, ProtocolFacts } from '../../inventory/model.js';
import type { Detector } from '../types.js';
import type { KnowledgeBase } from '../../kb/types.js';
import { LineIndex, baseName, occurrenceAt } from './text.js';

const ID = 'tls-config';
const ORDER = ['SSLv2', 'SSLv3', 'TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'] as const;
type Version = (typeof ORDER)[number];
const INSECURE = new Set<Version>(['SSLv2', 'SSLv3', 'TLSv1', 'TLSv1.1']);
/** Apache's `all`: every version modern OpenSSL builds still offer (SSLv2/SSLv3 are compiled out). */
const APACHE_ALL: Version[] = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'];

function normaliseVersion(token: string): Version | null {
  const t = token.replace(/^[+-]/, '').toLowerCase();
  const map: Record<string, Version> = {
    sslv2: 'SSLv2', sslv3: 'SSLv3', tlsv1: 'TLSv1', 'tlsv1.0': 'TLSv1', 'tlsv1.1': 'TLSv1.1', 'tlsv1.2': 'TLSv1.2', 'tlsv1.3': 'TLSv1.3',
  };
  return map[t] ?? null;
}

/** Model version strings: TLS 1.x as '1.x', SSL as 'SSLv3'. */
function modelVersion(v: Version): string {
  return v.startsWith('TLS') ? (v === 'TLSv1' ? '1.0' : v.slice(4)) : v;
}

/**
 * An OpenSSL cipher string (`ECDHE+AESGCM:HIGH:!aNULL:TLS_AES_128_GCM_SHA256:@STRENGTH`) split into what
 * we can name and what we cannot. Only tokens the knowledge base knows as a suite (IANA or OpenSSL name)
 * are suites. Exclusions (`!X`, `-X`), re-orderings (`+X`) and commands (`@STRENGTH`, `@SECLEVEL=2`)
 * never enable anything. Keywords and combinations (`HIGH`, `DEFAULT`, `kEECDH`, `ECDHE+AESGCM`) select
 * suites by OpenSSL-build-dependent rules: we do not expand them (that would invent suites), and the
 * directive stays an occurrence of the protocol asset, so its snippet keeps the raw string.
 */
export function parseCipherString(list: string, kb: KnowledgeBase): { suites: string[]; keywords: string[] } {
  const suites: string[] = [];
  const keywords: string[] = [];
  for (const token of list.replace(/^["']|["';]+$/g, '').split(/[:,\s]+/)) {
    if (token === '' || /^[!+\-@]/.test(token)) continue;
    if (!token.includes('+') && kb.findCipherSuite(token)) suites.push(token);
    else keywords.push(token);
  }
  return { suites, keywords };
}

function groupNames(list: string): string[] {
  return list.replace(/^["']|["';]+$/g, '').split(/[:,\s]+/).filter((s) => s !== '' && s !== 'auto');
}

interface Directive { kind: 'versions' | 'min' | 'max' | 'ciphers' | 'groups'; value: string; offset: number }

const RULES: { re: RegExp; kind: Directive['kind'] }[] = [
  { re: /^\s*ssl_protocols\s+([^;#]+)/, kind: 'versions' },
  { re: /^\s*ssl_ciphers\s+([^;#]+)/, kind: 'ciphers' },
  { re: /^\s*ssl_ecdh_curve\s+([^;#]+)/, kind: 'groups' },
  // nginx >= 1.19.4 passes OpenSSL SSL_CONF commands through: TLS 1.3 suites and groups live there.
  { re: /^\s*ssl_conf_command\s+Ciphersuites\s+([^;#]+)/i, kind: 'ciphers' },
  { re: /^\s*ssl_conf_command\s+(?:Curves|Groups)\s+([^;#]+)/i, kind: 'groups' },
  { re: /^\s*SSLOpenSSLConfCmd\s+Ciphersuites\s+([^#\s]+)/i, kind: 'ciphers' },
  { re: /^\s*SSLProtocol\s+([^#]+)/i, kind: 'versions' },
  { re: /^\s*(?:SSLCipherSuite|SSLProxyCipherSuite)\s+(?:TLSv1\.3\s+|SSL\s+)?([^#\s]+)/i, kind: 'ciphers' },
  { re: /^\s*SSLOpenSSLConfCmd\s+(?:Curves|Groups)\s+([^#\s]+)/i, kind: 'groups' },
  { re: /\bssl-min-ver\s+(\S+)/, kind: 'min' },
  { re: /\bssl-max-ver\s+(\S+)/, kind: 'max' },
  { re: /(?:^\s*ssl-default-(?:bind|server)-|\s)ciphers(?:uites)?\s+(\S+)/, kind: 'ciphers' },
  { re: /(?:^\s*ssl-default-(?:bind|server)-|\s)curves\s+(\S+)/, kind: 'groups' },
];

export const tlsConfigDetector: Detector = {
  id: ID,
  keywords: ['ssl_protocols', 'ssl_ciphers', 'ssl_ecdh_curve', 'ssl_conf_command', 'SSLProtocol', 'SSLCipherSuite', 'SSLOpenSSLConfCmd', 'ssl-min-ver', 'ssl-max-ver', 'ciphers', 'curves'],
  appliesTo(path) {
    const name = baseName(path);
    return /\.(conf|cfg|vhost|conf\.j2|conf\.tmpl|conf\.template|cfg\.j2)$/i.test(name) || /(^|\/)(sites-(available|enabled)|conf\.d|vhosts?\.d)\//.test(path);
  },
  detect(file, { kb }): Detection[] {
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    const directives: Directive[] = [];
    let offset = 0;
    for (const line of text.split('\n')) {
      const code = line.replace(/(^|\s)#.*$/, '');
      for (const { re, kind } of RULES) {
        const m = re.exec(code);
        if (m) directives.push({ kind, value: m[1]!.trim(), offset: offset + (m.index ?? 0) + (m[0].length - m[0].trimStart().length) });
      }
      offset += line.length + 1;
    }
    if (directives.length === 0) return [];

    const cipherDirectives = directives.filter((d) => d.kind === 'ciphers');
    const writtenAt = directives.filter((d) => d.kind === 'ciphers' || d.kind === 'groups');
    const suites = [...new Set(cipherDirectives.flatMap((d) => parseCipherString(d.value, kb).suites))];
    const groups = [...new Set(directives.filter((d) => d.kind === 'groups').flatMap((d) => groupNames(d.value)))];
    const out: Detection[] = [];
    const occ = (d: Directive): Occurrence => occurrenceAt(index, file.path, d.offset, ID, directiveName(text, d.offset));

    const facts = (v?: Version): ProtocolFacts => {
      // A suite belongs to the versions the KB defines it for: TLS 1.3 never negotiates
      // ECDHE-RSA-AES128-GCM-SHA256, and TLS 1.2 never negotiates TLS_AES_128_GCM_SHA256.
      const kbVersion = v && kb.findProtocolVersion(v, 'tls')?.version;
      const forVersion = kbVersion ? suites.filter((s) => kb.findCipherSuite(s)?.versions.includes(kbVersion) ?? true) : suites;
      return { protocolType: 'tls', ...(v && { version: modelVersion(v) }), ...(forVersion.length && { cipherSuites: forVersion }), ...(groups.length && { groups }) };
    };
    const emit = (versions: Version[], d: Directive): void => {
      for (const v of versions) {
        const occurrence = occ(d);
        out.push({ type: 'protocol', protocol: facts(v), occurrence });
        // The cipher and group directives are where the suites (and any unexpanded keywords) and the
        // groups are written: each is an occurrence too, so the groups' algorithms point at their line.
        for (const c of writtenAt) out.push({ type: 'protocol', protocol: facts(v), occurrence: occ(c) });
        if (INSECURE.has(v)) out.push({ type: 'signal', signal: 'insecure-protocol-version', detail: `${v} is enabled`, occurrence });
      }
    };

    let versioned = false;
    for (const d of directives.filter((x) => x.kind === 'versions')) {
      versioned = true;
      emit(enabledVersions(d.value), d);
    }
    const min = directives.find((d) => d.kind === 'min');
    if (min) {
      versioned = true;
      const max = directives.find((d) => d.kind === 'max');
      const lo = ORDER.indexOf(normaliseVersion(min.value) ?? 'TLSv1');
      const hi = max ? ORDER.indexOf(normaliseVersion(max.value) ?? 'TLSv1.3') : ORDER.length - 1;
      emit(ORDER.slice(Math.max(lo, 0), hi + 1).filter((v) => v.startsWith('TLS') || v === ORDER[lo]), min);
    }
    if (!versioned) {
      // TLS is configured but the versions are the server's defaults: one version-less protocol asset.
      if (suites.length > 0 || groups.length > 0 || cipherDirectives.length > 0) {
        for (const d of writtenAt) out.push({ type: 'protocol', protocol: facts(), occurrence: occ(d) });
      }
    }
    return out;
  },
};

function directiveName(text: string, offset: number): string {
  return /^[A-Za-z_-]+/.exec(text.slice(offset, offset + 64))?.[0] ?? 'ssl';
}

/** nginx lists versions; Apache adds and removes them (`all -SSLv3 -TLSv1`, `-all +TLSv1.2`). */
export function enabledVersions(value: string): Version[] {
  const enabled = new Set<Version>();
  for (const token of value.split(/\s+/).filter(Boolean)) {
    const lower = token.replace(/^[+-]/, '').toLowerCase();
    const remove = token.startsWith('-');
    const targets = lower === 'all' ? APACHE_ALL : [normaliseVersion(token)].filter((v): v is Version => v !== null);
    for (const v of targets) {
      if (remove) enabled.delete(v);
      else enabled.add(v);
    }
  }
  return ORDER.filter((v) => enabled.has(v));
}
