// OpenSSH server and client configuration (sshd_config, ssh_config, ~/.ssh/config, *.d/*.conf):
// Ciphers, KexAlgorithms, MACs, HostKeyAlgorithms, PubkeyAcceptedAlgorithms and CASignatureAlgorithms
// become algorithm detections as written (the knowledge base knows the SSH spellings); the file as a
// whole is an SSH 2.0 protocol asset whose groups are its key-exchange methods. `Protocol 1` raises an
// insecure-protocol-version signal. Keywords are case-insensitive in OpenSSH, so they are here too.
import type { CryptoFunction, Detection } from '../../inventory/model.js';
import type { Detector } from '../types.js';
import { LineIndex, baseName, occurrenceAt } from './text.js';

const ID = 'ssh-config';
const KEYWORDS: Record<string, CryptoFunction[]> = {
  ciphers: ['encrypt', 'decrypt'],
  kexalgorithms: ['keygen'],
  macs: ['tag'],
  hostkeyalgorithms: ['sign', 'verify'],
  hostbasedacceptedalgorithms: ['verify'],
  pubkeyacceptedalgorithms: ['verify'],
  pubkeyacceptedkeytypes: ['verify'],
  casignaturealgorithms: ['verify'],
};
const DIRECTIVE = /^\s*([A-Za-z]+)\s*(?:=\s*|\s+)(.+?)\s*$/;

export function isSshConfigPath(path: string): boolean {
  const name = baseName(path);
  // Templates (sshd_config.j2, .tmpl, .orig) are configuration too; documentation about it is not.
  return (/^(sshd?_config)(\.[A-Za-z0-9_-]+)*$/.test(name) && !/\.(md|markdown|rst|txt|adoc|html?)$/i.test(name)) || /(^|\/)\.ssh\/config$/.test(path) || /(^|\/)sshd?_config\.d\/[^/]+\.conf$/.test(path);
}

export const sshConfigDetector: Detector = {
  id: ID,
  // Few files match by name and the keywords are case-insensitive: read them all.
  keywords: [],
  appliesTo: isSshConfigPath,
  detect(file): Detection[] {
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    const out: Detection[] = [];
    const kex: string[] = [];
    const kexOffsets: number[] = [];
    let firstOffset: number | null = null;
    let offset = 0;
    for (const line of text.split('\n')) {
      const lineOffset = offset;
      offset += line.length + 1;
      const m = DIRECTIVE.exec(line.replace(/#.*$/, ''));
      if (!m) continue;
      const keyword = m[1]!.toLowerCase();
      const at = lineOffset + line.length - line.trimStart().length;
      if (keyword === 'protocol') {
        if (/(^|,)\s*1\s*(,|$)/.test(m[2]!)) {
          out.push({ type: 'signal', signal: 'insecure-protocol-version', detail: 'SSH protocol 1 is enabled', occurrence: occurrenceAt(index, file.path, at, ID, m[1]!) });
        }
        continue;
      }
      const functions = KEYWORDS[keyword];
      if (!functions) continue;
      // `-list` removes from the defaults: what is written is what is not used.
      if (m[2]!.startsWith('-')) continue;
      firstOffset ??= at;
      const names = m[2]!.replace(/^[+^]/, '').split(',').map((s) => s.trim()).filter(Boolean);
      for (const name of names) {
        out.push({ type: 'algorithm', spelling: name, params: {}, functions, occurrence: occurrenceAt(index, file.path, at, ID, m[1]!) });
      }
      if (keyword === 'kexalgorithms') {
        kex.push(...names);
        kexOffsets.push(at);
      }
    }
    if (firstOffset !== null) {
      // The protocol is seen where its key exchanges are written (so the group algorithms it resolves
      // point at that line), or at the first algorithm directive when the key exchanges are the defaults.
      const protocol = { protocolType: 'ssh' as const, version: '2.0', ...(kex.length && { groups: [...new Set(kex)] }) };
      for (const at of kexOffsets.length > 0 ? kexOffsets : [firstOffset]) {
        out.push({ type: 'protocol', protocol, occurrence: occurrenceAt(index, file.path, at, ID, 'sshd_config') });
      }
    }
    return out;
  },
};
