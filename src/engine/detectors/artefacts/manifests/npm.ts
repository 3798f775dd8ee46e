// npm manifests: package.json (declared ranges; only exact pins give a version) and package-lock.json
// (resolved versions, lockfile v1 `dependencies` and v2/v3 `packages`).
import type { Detection } from '../../../inventory/model.js';
import type { Detector } from '../../types.js';
import { LineIndex, baseName, occurrenceAt } from '../text.js';
import { exactVersion, findLibrary, keywordsFor, libraryDetection } from './libraries.js';
import { isJsonObject, parseJsonObject, type JsonObject } from './json-positions.js';

const ID = 'manifest-npm';
const DEP_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;

export const npmManifestDetector: Detector = {
  id: ID,
  keywords: keywordsFor('npm'),
  appliesTo: (path) => ['package.json', 'package-lock.json', 'npm-shrinkwrap.json'].includes(baseName(path)),
  detect(file): Detection[] {
    const doc = parseJsonObject(file.content.toString('utf8'));
    if (!doc) return [];
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    const found = new Map<string, string | undefined>();
    const lock = baseName(file.path) !== 'package.json';
    if (lock && isJsonObject(doc.packages)) {
      for (const [key, entry] of Object.entries(doc.packages)) {
        const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(key);
        if (m && isJsonObject(entry) && findLibrary('npm', m[1]!)) found.set(`${m[1]!}@${String(entry.version ?? '')}`, typeof entry.version === 'string' ? entry.version : undefined);
      }
    } else if (lock && isJsonObject(doc.dependencies)) {
      const visit = (deps: JsonObject, depth: number): void => {
        for (const [name, entry] of Object.entries(deps)) {
          if (!isJsonObject(entry)) continue;
          if (findLibrary('npm', name)) found.set(`${name}@${String(entry.version ?? '')}`, typeof entry.version === 'string' ? entry.version : undefined);
          if (depth < 32 && isJsonObject(entry.dependencies)) visit(entry.dependencies, depth + 1);
        }
      };
      visit(doc.dependencies, 0);
    } else if (!lock) {
      for (const field of DEP_FIELDS) {
        const deps = doc[field];
        if (!isJsonObject(deps)) continue;
        for (const [name, spec] of Object.entries(deps)) {
          if (findLibrary('npm', name)) found.set(`${name}@${String(spec)}`, exactVersion(typeof spec === 'string' ? spec : undefined));
        }
      }
    }
    const out: Detection[] = [];
    for (const [key, version] of found) {
      const name = key.slice(0, key.indexOf('@', 1));
      const lib = findLibrary('npm', name)!;
      const needle = lock && isJsonObject(doc.packages) ? `"node_modules/${name}"` : `"${name}"`;
      const at = Math.max(0, text.indexOf(needle));
      out.push(libraryDetection('npm', lib, name, version, occurrenceAt(index, file.path, at, ID, name)));
    }
    return out;
  },
};
