// Go modules: go.mod `require` lines and blocks. Versions are exact by construction (v0.17.0, pseudo-versions).
import type { Detection } from '../../../inventory/model.js';
import type { Detector } from '../../types.js';
import { LineIndex, baseName, occurrenceAt } from '../text.js';
import { findLibrary, keywordsFor, libraryDetection } from './libraries.js';

const ID = 'manifest-go';
const REQUIRE_LINE = /^\s*(?:require\s+)?([A-Za-z0-9][^\s]*)\s+(v[0-9][^\s/]*)/;

export const goModDetector: Detector = {
  id: ID,
  keywords: keywordsFor('golang'),
  appliesTo: (path) => baseName(path) === 'go.mod',
  detect(file): Detection[] {
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    const out: Detection[] = [];
    let inRequire = false;
    let offset = 0;
    for (const rawLine of text.split('\n')) {
      const lineOffset = offset;
      offset += rawLine.length + 1;
      const line = rawLine.replace(/\/\/.*$/, '');
      if (/^\s*require\s*\(\s*$/.test(line)) {
        inRequire = true;
        continue;
      }
      if (inRequire && /^\s*\)\s*$/.test(line)) {
        inRequire = false;
        continue;
      }
      if (!inRequire && !/^\s*require\s+/.test(line)) continue;
      const m = REQUIRE_LINE.exec(line);
      if (!m) continue;
      const lib = findLibrary('golang', m[1]!);
      if (lib) out.push(libraryDetection('golang', lib, m[1]!, m[2]!, occurrenceAt(index, file.path, lineOffset + line.indexOf(m[1]!), ID, m[1]!)));
    }
    return out;
  },
};
