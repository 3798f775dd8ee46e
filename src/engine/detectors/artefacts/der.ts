// DER-encoded certificate files (.der, .cer, .crt holding binary X.509). Text .crt files are PEM and
// belong to the PEM detector; this one returns nothing for them.
import type { Detection } from '../../inventory/model.js';
import type { BinaryAwareDetector } from '../../walk/file-gate.js';
import { certificateFacts } from './certificate.js';

const ID = 'der';

export const derDetector: BinaryAwareDetector = {
  id: ID,
  keywords: [],
  acceptsBinary: true,
  appliesTo: (path) => /\.(der|cer|crt)$/i.test(path),
  detect(file, ctx): Detection[] {
    if (file.content[0] !== 0x30) return [];
    const certificate = certificateFacts(file.content, 'DER', ctx.kb);
    if (!certificate) return [];
    return [{
      type: 'certificate',
      certificate,
      occurrence: { path: file.path, line: 1, column: 1, offset: 0, symbol: 'DER certificate', snippet: `X.509 certificate (DER, ${file.content.length} bytes)`, detector: ID },
    }];
  },
};
