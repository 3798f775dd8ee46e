// The GitHub repository URLs we accept (DESIGN.md §4), and nothing else:
//   https://github.com/{owner}/{repo}   with an optional `.git`, an optional trailing slash,
//   or `/tree/{ref}` (the ref may contain `/`, as branch names do).
// Parsing is by hand over the raw string rather than through `new URL()` so that nothing the
// WHATWG parser would silently repair (backslashes, tabs, percent-escapes, userinfo, ports,
// upper-case hosts) slips through as "valid".

export interface RepoRef {
  owner: string;
  repo: string;
  /** Branch, tag or commit from `/tree/{ref}`; absent means the default branch. */
  ref?: string;
}

export class RepoUrlError extends Error {
  override readonly name = 'RepoUrlError';
}

const PREFIX = 'https://github.com/';
// GitHub user and organisation names: alphanumerics and single inner hyphens, at most 39.
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
// Repository names: letters, digits, `.`, `_`, `-`, at most 100.
const REPO = /^[A-Za-z0-9._-]{1,100}$/;
// A conservative subset of `git check-ref-format`: printable ASCII without space and ~^:?*[\ % # @{.
const REF_CHARS = /^[A-Za-z0-9._\-/+=,!$&'()]{1,255}$/;

export const REPO_URL_FORMS =
  'https://github.com/{owner}/{repo} (optionally ending in .git or /, or /tree/{ref})';

function validRef(ref: string): boolean {
  if (!REF_CHARS.test(ref)) return false;
  if (ref.includes('..') || ref.includes('//') || ref.startsWith('/') || ref.endsWith('/')) return false;
  if (ref.endsWith('.lock') || ref.endsWith('.')) return false;
  return ref.split('/').every((part) => part.length > 0 && !part.startsWith('.'));
}

/** Parses a repository URL; throws RepoUrlError (with a message fit for a 422) on anything else. */
export function parseRepoUrl(url: string): RepoRef {
  const fail = (why: string): never => {
    throw new RepoUrlError(`${why}; expected ${REPO_URL_FORMS}`);
  };
  if (typeof url !== 'string' || !url.startsWith(PREFIX)) fail('must be a https://github.com/ URL');
  let rest = url.slice(PREFIX.length);
  if (rest.endsWith('/')) rest = rest.slice(0, -1);
  const parts = rest.split('/');
  const [owner = '', repoPart = '', ...tail] = parts;
  if (!OWNER.test(owner)) fail('owner is not a valid GitHub user or organisation name');
  let repo = repoPart;
  let ref: string | undefined;
  if (tail.length > 0) {
    if (tail[0] !== 'tree' || tail.length < 2) fail('only /tree/{ref} may follow the repository name');
    ref = tail.slice(1).join('/');
    if (!validRef(ref)) fail('ref is not a valid branch, tag or commit name');
  } else if (repo.endsWith('.git')) {
    repo = repo.slice(0, -'.git'.length);
  }
  if (!REPO.test(repo) || repo === '.' || repo === '..' || repo.endsWith('.git')) {
    fail('repository name is not a valid GitHub repository name');
  }
  return ref === undefined ? { owner, repo } : { owner, repo, ref };
}

/** The one spelling we store and show for a parsed URL. */
export function formatRepoUrl(ref: RepoRef): string {
  const base = `${PREFIX}${ref.owner}/${ref.repo}`;
  return ref.ref === undefined ? base : `${base}/tree/${ref.ref}`;
}
