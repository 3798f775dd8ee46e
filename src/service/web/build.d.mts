// Types of build.mjs (plain JavaScript so that scripts/build-web.mjs runs it without a compiler).
export interface WebManifest {
  'app.js': string;
  'app.css': string;
  'favicon.svg': string;
}
export const DEFAULT_OUTDIR: string;
export function build(options?: { outdir?: string; minify?: boolean; clean?: boolean }): Promise<WebManifest>;
export function ensureBuilt(): Promise<void>;
