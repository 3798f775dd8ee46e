// Scans a small tree written from a map of path -> source through the whole engine (both passes of
// detectors/cross-file.ts), and names what it found: the tests of constants that cross files.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { scanDirectory } from '../../../src/engine/scan.js';

export interface FoundAsset {
  kind: string;
  name: string;
  /** `path:line` of each occurrence, sorted. */
  at: string[];
}

/** The inventory's assets (kind, name, occurrences) for a tree of files; threads 0 unless given. */
export async function scanTree(files: Record<string, string>, threads = 0): Promise<FoundAsset[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cbom-xfile-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const result = await scanDirectory(dir, { threads });
    return result.inventory.assets.map((a) => ({
      kind: a.kind,
      name: a.name,
      at: a.occurrences.map((o) => `${o.path}:${o.line}`).sort(),
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Names of the assets with an occurrence in `path`, sorted. */
export function namesIn(assets: readonly FoundAsset[], path: string): string[] {
  return assets.filter((a) => a.at.some((p) => p.startsWith(`${path}:`))).map((a) => a.name).sort();
}

/** Names of the assets other than libraries with an occurrence in `path`, sorted. */
export function nonLibraryNamesIn(assets: readonly FoundAsset[], path: string): string[] {
  return namesIn(assets.filter((a) => a.kind !== 'library'), path);
}

/** Names of the algorithms with an occurrence at `path:line`, sorted. */
export function namesAt(assets: readonly FoundAsset[], path: string, line: number): string[] {
  return assets.filter((a) => a.kind === 'algorithm' && a.at.includes(`${path}:${line}`)).map((a) => a.name).sort();
}
