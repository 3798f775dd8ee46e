// SSH public keys written as OpenSSH lines (authorized_keys, *.pub, cloud-init YAML, Terraform):
// `ssh-rsa AAAA... comment`. The blob is decoded to learn type and size; a line whose blob does not
// decode to the type it claims yields nothing. OpenSSH certificates (`*-cert.pub`,
// `ssh-ed25519-cert-v01@openssh.com AAAA...`) give the certified key, the signing CA's key and the
// CA's signature algorithm (sized by the CA key), so a CA that signs with SHA-1 (`ssh-rsa`) shows.
import type { AlgorithmParams, Detection, Occurrence } from '../../inventory/model.js';
import type { Detector } from '../types.js';
import { parseSshCertificateBlob, parseSshPublicBlob, type SshKeyFacts } from './ssh-wire.js';
import { LineIndex, NON_TEXT_EXT, occurrenceAt } from './text.js';

const ID = 'ssh-public-key';
const KEY_TYPES = [
  'ssh-rsa', 'ssh-dss', 'ssh-ed25519', 'ssh-ed448', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com', 'sk-ecdsa-sha2-nistp256@openssh.com', 'ssh-mldsa44-ed25519@openssh.com',
];
/** `ssh-ed25519` → `ssh-ed25519-cert-v01@openssh.com`, `sk-ssh-ed25519@openssh.com` → `sk-ssh-ed25519-cert-v01@openssh.com`. */
const CERT_TYPES = KEY_TYPES.map((t) => `${t.replace(/@openssh\.com$/, '')}-cert-v01@openssh.com`);
const TYPES = [...CERT_TYPES, ...KEY_TYPES];
const LINE = new RegExp(`(?<![A-Za-z0-9@.-])(${TYPES.map((t) => t.replace(/[.]/g, '\\.')).join('|')}) (AAAA[A-Za-z0-9+/]{16,}={0,2})`, 'g');

function publicKey(facts: SshKeyFacts, format: string, occurrence: Occurrence): Detection {
  return {
    type: 'material',
    material: { materialType: 'public-key', format, algorithm: facts.algorithm, ...(facts.size !== undefined && { size: facts.size }), fingerprintSha256: facts.fingerprintSha256 },
    occurrence,
  };
}

/** The size or curve a signature takes from the key that made it. */
function signingKeyParams(key: SshKeyFacts): AlgorithmParams {
  const { keySize, curve } = key.algorithm.params;
  return { ...(keySize !== undefined && { keySize }), ...(curve !== undefined && { curve }) };
}

export const sshPublicKeyDetector: Detector = {
  id: ID,
  keywords: KEY_TYPES.map((t) => `${t} AAAA`).concat('-cert-v01@openssh.com AAAA'),
  appliesTo: (path) => !NON_TEXT_EXT.test(path),
  detect(file, ctx): Detection[] {
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    const out: Detection[] = [];
    LINE.lastIndex = 0;
    for (let m = LINE.exec(text); m; m = LINE.exec(text)) {
      const type = m[1]!;
      const blob = Buffer.from(m[2]!, 'base64');
      const occurrence = occurrenceAt(index, file.path, m.index, ID, type, `${type} ${m[2]!.slice(0, 24)}…`);
      if (type.endsWith('-cert-v01@openssh.com')) {
        const cert = parseSshCertificateBlob(blob, ctx.kb);
        if (!cert || cert.certType !== type) continue;
        out.push(publicKey(cert.key, 'OpenSSH certificate', occurrence));
        if (cert.ca) out.push(publicKey(cert.ca, 'OpenSSH', occurrence));
        if (cert.signatureAlgorithm) {
          const params = cert.ca ? signingKeyParams(cert.ca) : {};
          out.push({ type: 'algorithm', spelling: cert.signatureAlgorithm, params, functions: ['verify'], occurrence });
        }
        continue;
      }
      const facts = parseSshPublicBlob(blob, ctx.kb);
      if (!facts || facts.keyType !== type) continue;
      out.push(publicKey(facts, 'OpenSSH', occurrence));
    }
    return out;
  },
};
