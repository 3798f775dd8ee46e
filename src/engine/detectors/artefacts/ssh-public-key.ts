// SSH public keys written as OpenSSH lines (authorized_keys, *.pub, cloud-init YAML, Terraform):
// `ssh-rsa AAAA... comment`. The blob is decoded to learn type and size; a line whose blob does not
// decode to the type it claims yields nothing.
import type { Detection } from '../../inventory/model.js';
import type { Detector } from '../types.js';
import { parseSshPublicBlob } from './ssh-wire.js';
import { LineIndex, NON_TEXT_EXT, occurrenceAt } from './text.js';

const ID = 'ssh-public-key';
const TYPES = [
  'ssh-rsa', 'ssh-dss', 'ssh-ed25519', 'ssh-ed448', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com', 'sk-ecdsa-sha2-nistp256@openssh.com',
];
const LINE = new RegExp(`(?<![A-Za-z0-9@.-])(${TYPES.map((t) => t.replace(/[.]/g, '\\.')).join('|')}) (AAAA[A-Za-z0-9+/]{16,}={0,2})`, 'g');

export const sshPublicKeyDetector: Detector = {
  id: ID,
  keywords: TYPES.map((t) => `${t} AAAA`),
  appliesTo: (path) => !NON_TEXT_EXT.test(path),
  detect(file, ctx): Detection[] {
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    const out: Detection[] = [];
    LINE.lastIndex = 0;
    for (let m = LINE.exec(text); m; m = LINE.exec(text)) {
      const blob = Buffer.from(m[2]!, 'base64');
      const facts = parseSshPublicBlob(blob, ctx.kb);
      if (!facts || facts.keyType !== m[1]) continue;
      out.push({
        type: 'material',
        material: { materialType: 'public-key', format: 'OpenSSH', algorithm: facts.algorithm, ...(facts.size !== undefined && { size: facts.size }), fingerprintSha256: facts.fingerprintSha256 },
        occurrence: occurrenceAt(index, file.path, m.index, ID, m[1]!, `${m[1]} ${m[2]!.slice(0, 24)}…`),
      });
    }
    return out;
  },
};
