// Bundles the landing pages' browser code and styles with esbuild into dist/web:
//   app-<hash>.js (ES module, Chart.js tree-shaken in), app-<hash>.css, favicon.svg, manifest.json.
// The manifest maps logical names to hashed files so the server can link them and let browsers cache
// them forever. Called by scripts/build-web.mjs during `npm run build`, and by the web tests.
import { build as esbuild } from 'esbuild';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

export const DEFAULT_OUTDIR = path.join(root, 'dist/web');

/**
 * Builds into `outdir` (default dist/web); returns the manifest. `clean` empties the folder first
 * (the npm build); without it old hashed files stay, so a server already running keeps working.
 */
export async function build({ outdir = DEFAULT_OUTDIR, minify = true, clean = true } = {}) {
  if (clean) await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const result = await esbuild({
    entryPoints: { app: path.join(here, 'client/main.ts'), styles: path.join(here, 'client/styles.css') },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome109', 'firefox115', 'safari16'],
    minify,
    sourcemap: true,
    entryNames: '[name]-[hash]',
    outdir,
    metafile: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
  const manifest = {};
  for (const [file, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint) continue;
    const ext = path.extname(file);
    const logical = ext === '.css' ? 'app.css' : 'app.js';
    manifest[logical] = path.basename(file);
  }
  await copyFile(path.join(here, 'client/favicon.svg'), path.join(outdir, 'favicon.svg'));
  manifest['favicon.svg'] = 'favicon.svg';
  // Atomic: a server reading the manifest never sees half of it.
  const tmp = path.join(outdir, `.manifest-${process.pid}.json`);
  await writeFile(tmp, JSON.stringify(manifest, null, 2) + '\n');
  await rename(tmp, path.join(outdir, 'manifest.json'));
  return manifest;
}

/** Builds unless dist/web is newer than every client source (tests call this; `npm test` has built already). */
export async function ensureBuilt() {
  const built = await stat(path.join(DEFAULT_OUTDIR, 'manifest.json')).catch(() => null);
  if (built) {
    const dir = path.join(here, 'client');
    const sources = [...(await readdir(dir)).map((f) => path.join(dir, f)), path.join(root, 'src/service/api/schemas/demo.ts')];
    const newest = Math.max(...(await Promise.all(sources.map(async (f) => (await stat(f)).mtimeMs))));
    if (newest <= built.mtimeMs) return;
  }
  await build({ clean: false });
}
