// TLS options written for a Go program in TOML or YAML: Traefik's dynamic configuration
// (`[tls.options.modern] minVersion = "VersionTLS12"`, `cipherSuites = ["TLS_…"]`,
// `curvePreferences = ["CurveP521", "X25519"]`, its ServersTransport and Kubernetes CRDs alike) spells
// versions and groups as crypto/tls's constant names, which is what makes these keys recognisable;
// `insecureSkipVerify: true` is crypto/tls's field set from configuration (Traefik's serversTransport,
// Kubernetes and Prometheus TLS configs). Each block of options (a TOML table, a YAML mapping) is one
// TLS protocol: the lowest version it accepts (`minVersion`, else `maxVersion`), as the Go detector
// reads a `tls.Config`, with its suites (those defined for that version) and groups, seen at each key.
import type { Detection, Occurrence, ProtocolFacts } from '../../inventory/model.js';
import type { Detector } from '../types.js';
import type { KnowledgeBase } from '../../kb/types.js';
import { GO_TLS_GROUPS } from '../source/go/tls-names.js';
import { parseTlsVersion } from '../source/common/versions.js';
import { LineIndex, occurrenceAt } from './text.js';

const ID = 'go-tls-options';
const KEY = /^(\s*)(?:-\s+)?["']?(minVersion|maxVersion|cipherSuites|curvePreferences|insecureSkipVerify)["']?\s*[:=]\s*(.*)$/;
/** How far up a YAML key's parent is looked for: option blocks are small. */
const MAX_PARENT_DISTANCE = 200;

interface Block { min?: string; max?: string; insecure?: boolean; suites: string[]; groups: string[]; at: { offset: number; key: string }[] }

const uncomment = (line: string): string => line.replace(/(^|\s)#.*$/, '');

/**
 * The items of a list value starting on line `i`: inline (`["a", "b"]`, TOML arrays over several
 * lines) or a YAML block sequence (`- a` lines below the key).
 */
function listItems(lines: readonly string[], i: number, rest: string, indent: number): string[] {
  if (rest.startsWith('[')) {
    let text = rest;
    for (let j = i + 1; !text.includes(']') && j < lines.length && j < i + MAX_PARENT_DISTANCE; j++) text += ` ${uncomment(lines[j]!)}`;
    return text.slice(1, text.includes(']') ? text.indexOf(']') : undefined).split(',').map((s) => s.trim().replace(/^["']|["']$/g, '')).filter(Boolean);
  }
  if (rest !== '') return [];
  const items: string[] = [];
  for (let j = i + 1; j < lines.length; j++) {
    const line = uncomment(lines[j]!);
    if (line.trim() === '') continue;
    const m = /^(\s*)-\s+["']?([^"'\s]+)/.exec(line);
    if (!m || m[1]!.length < indent) break;
    items.push(m[2]!);
  }
  return items;
}

/** The block a key belongs to: its TOML table (the last header above), or its YAML parent line. */
function blockOf(lines: readonly string[], i: number, indent: number, toml: boolean): number {
  for (let j = i - 1; j >= 0 && j >= i - MAX_PARENT_DISTANCE; j--) {
    const line = uncomment(lines[j]!);
    if (line.trim() === '') continue;
    if (toml ? /^\s*\[/.test(line) : (/^\s*/.exec(line)![0].length < indent && !/^\s*-\s/.test(line))) return j;
  }
  return -1;
}

export const goTlsOptionsDetector: Detector = {
  id: ID,
  keywords: ['VersionTLS1', 'cipherSuites', 'curvePreferences', 'insecureSkipVerify'],
  appliesTo: (path) => /\.(toml|ya?ml)$/i.test(path),
  detect(file, { kb }): Detection[] {
    const text = file.content.toString('latin1');
    const toml = /\.toml$/i.test(file.path);
    const lines = text.split('\n');
    const index = new LineIndex(text);
    const blocks = new Map<number, Block>();
    const out: Detection[] = [];
    const occ = (offset: number, key: string): Occurrence => occurrenceAt(index, file.path, offset, ID, key);
    let offset = 0;
    lines.forEach((raw, i) => {
      const start = offset;
      offset += raw.length + 1;
      const m = KEY.exec(uncomment(raw));
      if (!m) return;
      const key = m[2]!;
      const rest = m[3]!.trim();
      // A YAML list item's key sits after its dash: that column is the mapping's indentation.
      const indent = raw.indexOf(key) - (/["']$/.test(raw.slice(0, raw.indexOf(key))) ? 1 : 0);
      const at = start + raw.indexOf(key);
      if (key === 'insecureSkipVerify') {
        if (/^["']?true["']?,?$/i.test(rest)) out.push({ type: 'signal', signal: 'cert-verification-disabled', detail: 'insecureSkipVerify = true: server certificates are not verified', occurrence: occ(at, key) });
        return;
      }
      const id = blockOf(lines, i, indent, toml);
      const block = blocks.get(id) ?? { suites: [], groups: [], at: [] };
      if (key === 'minVersion' || key === 'maxVersion') {
        // crypto/tls's constant names (`VersionTLS12`) only: a bare `1.2` may be anything's version.
        const name = rest.replace(/^["']|["'],?$/g, '');
        const version = /^VersionTLS1[0-3]$/.test(name) ? parseTlsVersion(name) : undefined;
        if (!version) return;
        if (key === 'minVersion') {
          block.min = version.version;
          block.insecure = version.insecure;
        } else block.max = version.version;
      } else {
        const items = listItems(lines, i, rest, indent);
        if (key === 'cipherSuites') block.suites.push(...items.filter((s) => kb.findCipherSuite(s)));
        else block.groups.push(...items.map((g) => GO_TLS_GROUPS[g]).filter((g): g is string => g !== undefined));
        if (block.suites.length === 0 && block.groups.length === 0) return;
      }
      block.at.push({ offset: at, key });
      blocks.set(id, block);
    });
    for (const block of blocks.values()) {
      const version = block.min ?? block.max;
      const facts = protocolFacts(kb, version, block);
      for (const { offset: at, key } of block.at) out.push({ type: 'protocol', protocol: facts, occurrence: occ(at, key) });
      const minAt = block.at.find((a) => a.key === 'minVersion');
      if (block.insecure && minAt) {
        out.push({ type: 'signal', signal: 'insecure-protocol-version', detail: `minVersion accepts TLS ${block.min}`, occurrence: occ(minAt.offset, minAt.key) });
      }
    }
    return out;
  },
};

/** A suite belongs to the versions the KB defines it for: TLS 1.3 ignores TLS 1.2's suites (crypto/tls does too). */
function protocolFacts(kb: KnowledgeBase, version: string | undefined, block: Block): ProtocolFacts {
  const kbVersion = version && kb.findProtocolVersion(version, 'tls')?.version;
  const suites = [...new Set(block.suites)].filter((s) => !kbVersion || (kb.findCipherSuite(s)?.versions.includes(kbVersion) ?? true));
  const groups = [...new Set(block.groups)];
  return { protocolType: 'tls', ...(version ? { version } : {}), ...(suites.length ? { cipherSuites: suites } : {}), ...(groups.length ? { groups } : {}) };
}
