// One line per detection: the facts a labelled fixture asserts, without fingerprints or offsets.
import type { Detection } from '../../../../src/engine/inventory/model.js';

export function summarise(d: Detection): string {
  const at = `${d.occurrence.path}:${d.occurrence.line}`;
  switch (d.type) {
    case 'certificate': {
      const c = d.certificate;
      const pk = c.publicKeyAlgorithm;
      return `${at} certificate ${c.encoding} ${c.subject} | ${c.signatureAlgorithm.spelling} | ${pk.spelling} ${pk.params.keySize ?? pk.params.curve ?? ''}`.trimEnd();
    }
    case 'material': {
      const m = d.material;
      const alg = m.algorithm ? ` ${m.algorithm.spelling}` : '';
      return `${at} ${m.materialType} ${m.format ?? ''}${alg}${m.size !== undefined ? ` ${m.size}` : ''}${m.algorithm?.params.curve ? ` ${m.algorithm.params.curve}` : ''}${m.encrypted ? ' encrypted' : ''}`;
    }
    case 'protocol': {
      const p = d.protocol;
      return `${at} protocol ${p.protocolType} ${p.version ?? '-'} suites=${(p.cipherSuites ?? []).join(',')} groups=${(p.groups ?? []).join(',')}`;
    }
    case 'library':
      return `${at} library ${d.library.purl}`;
    case 'signal':
      return `${at} signal ${d.signal}: ${d.detail}`;
    case 'algorithm':
      return `${at} algorithm ${d.spelling}`;
  }
}
