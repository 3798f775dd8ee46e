// What `cbom scan` scans: a local directory, or a GitHub repository URL that is fetched first (the
// same fetcher, caps and URL rules as the service). The caller scans `dir` and calls `cleanup()`.
import type { SourceDescriptor } from '../inventory/model.js';
import { DEFAULT_GITHUB_API_URL, fetchRepository } from './github.js';
import { parseRepoUrl } from './repo-url.js';

export interface OpenedSource {
  dir: string;
  /** Set for a GitHub repository (commit, committer date); null for a local directory. */
  descriptor: SourceDescriptor | null;
  cleanup(): Promise<void>;
}

/** True when the argument is meant as a URL rather than a path. */
export function looksLikeUrl(arg: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(arg) || /^(www\.)?github\.com\//i.test(arg);
}

/**
 * Opens a scan target. URLs must be GitHub repository URLs (RepoUrlError otherwise); fetching
 * failures throw SourceError with its code. `CBOM_GITHUB_API_URL` and `GITHUB_TOKEN` are honoured.
 */
export async function openSource(arg: string, env: NodeJS.ProcessEnv = process.env, signal?: AbortSignal): Promise<OpenedSource> {
  if (!looksLikeUrl(arg)) return { dir: arg, descriptor: null, cleanup: async () => {} };
  const ref = parseRepoUrl(arg);
  const fetched = await fetchRepository(ref, {
    apiUrl: env.CBOM_GITHUB_API_URL || DEFAULT_GITHUB_API_URL,
    ...(env.GITHUB_TOKEN ? { token: env.GITHUB_TOKEN } : {}),
    ...(signal ? { signal } : {}),
  });
  return { dir: fetched.dir, descriptor: fetched.descriptor, cleanup: fetched.cleanup };
}
