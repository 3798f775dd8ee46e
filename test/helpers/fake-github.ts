// A local stand-in for api.github.com and codeload.github.com, serving fixture repositories
// (folders under test/fixtures/repos/) exactly the way the fetcher calls GitHub:
//   GET /repos/{o}/{r}                 -> {default_branch, private, ...}
//   GET /repos/{o}/{r}/commits/{ref}   -> {sha, commit: {committer: {date}}}
//   GET /repos/{o}/{r}/tarball/{sha}   -> 302 to /_codeload/{o}/{r}/tar.gz/{sha} (like GitHub)
//   GET /_codeload/{o}/{r}/tar.gz/{sha} -> gzip tar with one top-level folder {o}-{r}-{sha7}/
// Each repository can be given a misbehaviour for failure tests. Tarballs are built on the fly
// with tar's own header encoder, so tests can also put entries in them that `tar.c` would never
// write (`../` paths, absolute paths, links, devices).
// Point the code under test at it with CBOM_GITHUB_API_URL=<server.url> (or the apiUrl option).

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Header } from 'tar';

export const FIXTURE_REPOS_DIR = new URL('../fixtures/repos/', import.meta.url).pathname;

/** A raw tar entry added on top of the fixture files. */
export interface RawEntry {
  path: string;
  type: 'File' | 'Directory' | 'SymbolicLink' | 'Link' | 'CharacterDevice' | 'FIFO';
  body?: string | Buffer;
  linkpath?: string;
  /** Put the entry outside the top-level folder (paths are used verbatim). */
  verbatim?: boolean;
}

export type TarballBehaviour =
  | 'normal'
  | 'corrupt-gzip' // bytes that are not gzip
  | 'truncated' // a valid gzip stream cut in the middle
  | 'stall' // headers and half the archive, then nothing until the server closes
  | 'redirect-foreign' // redirect to another origin (http://localhost:{port} instead of 127.0.0.1)
  | 'no-answer' // accept the tarball request and never send headers
  | 'not-tar' // valid gzip of something that is not a tar archive
  | 'double-gzip'; // the normal .tar.gz gzipped once more (an archive inside the archive)

export interface FakeRepo {
  owner: string;
  name: string;
  /** Folder under test/fixtures/repos/ whose files make up the repository. */
  fixture?: string;
  /** Extra files, path -> content, inside the top-level folder. */
  files?: Record<string, string | Buffer>;
  extraEntries?: RawEntry[];
  private?: boolean;
  defaultBranch?: string;
  /** Other refs the commits endpoint knows besides the default branch and the sha itself. */
  refs?: string[];
  committedAt?: string;
  tarball?: TarballBehaviour;
  /** Answer this many API calls with a primary rate-limit 403 first (reset 1 s ahead). */
  rateLimitedCalls?: number;
  /** Reset time (seconds ahead) advertised by the rate-limit answers; default 1. */
  rateLimitResetSeconds?: number;
  /** Wait this long before sending the tarball (makes a scan observable mid-download). */
  tarballDelayMs?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
}

export interface FakeGitHub {
  /** Base URL to use as the API URL, e.g. http://127.0.0.1:39123 */
  url: string;
  port: number;
  requests: RecordedRequest[];
  addRepo(repo: FakeRepo): void;
  /** The sha the commits endpoint reports for a repository. */
  shaOf(owner: string, name: string): string;
  close(): Promise<void>;
}

const DEFAULT_DATE = '2025-03-14T09:26:53Z';

function listFiles(root: string): Array<[string, Buffer]> {
  const out: Array<[string, Buffer]> = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push([relative(root, p).split(sep).join('/'), readFileSync(p)]);
    }
  };
  walk(root);
  return out;
}

function repoFiles(repo: FakeRepo): Array<[string, Buffer]> {
  const files = repo.fixture ? listFiles(join(FIXTURE_REPOS_DIR, repo.fixture)) : [];
  for (const [path, body] of Object.entries(repo.files ?? {})) files.push([path, Buffer.from(body)]);
  return files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function shaFor(repo: FakeRepo, files: Array<[string, Buffer]>): string {
  const h = createHash('sha1').update(`${repo.owner}/${repo.name}\0${repo.committedAt ?? DEFAULT_DATE}\0`);
  for (const [path, body] of files) h.update(path).update('\0').update(body);
  return h.digest('hex');
}

const MTIME = new Date(Date.parse(DEFAULT_DATE));

function block(header: ConstructorParameters<typeof Header>[0]): Buffer {
  const buf = Buffer.alloc(512);
  new Header(header).encode(buf, 0);
  return buf;
}

function pad(body: Buffer): Buffer {
  const rest = body.length % 512;
  return rest === 0 ? body : Buffer.concat([body, Buffer.alloc(512 - rest)]);
}

/** A GitHub-style tar (pax global header with the sha, one top-level folder), uncompressed. */
export function buildTar(top: string, sha: string, files: Array<[string, Buffer]>, extra: RawEntry[] = []): Buffer {
  const parts: Buffer[] = [];
  const paxBody = Buffer.from(`52 comment=${sha}\n`);
  parts.push(block({ path: 'pax_global_header', type: 'GlobalExtendedHeader', size: paxBody.length, mode: 0o666, mtime: MTIME }), pad(paxBody));
  parts.push(block({ path: `${top}/`, type: 'Directory', mode: 0o775, mtime: MTIME, size: 0 }));
  const dirs = new Set<string>();
  for (const [path, body] of files) {
    const segs = path.split('/');
    for (let i = 1; i < segs.length; i++) {
      const d = segs.slice(0, i).join('/');
      if (!dirs.has(d)) {
        dirs.add(d);
        parts.push(block({ path: `${top}/${d}/`, type: 'Directory', mode: 0o775, mtime: MTIME, size: 0 }));
      }
    }
    parts.push(block({ path: `${top}/${path}`, type: 'File', mode: 0o664, size: body.length, mtime: MTIME }), pad(body));
  }
  for (const e of extra) {
    const body = e.body === undefined ? Buffer.alloc(0) : Buffer.from(e.body);
    const path = e.verbatim ? e.path : `${top}/${e.path}`;
    const size = e.type === 'File' ? body.length : 0;
    parts.push(block({ path, type: e.type, mode: 0o664, size, mtime: MTIME, linkpath: e.linkpath ?? '' }));
    if (size > 0) parts.push(pad(body));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

export async function startFakeGitHub(options: { repos?: FakeRepo[] } = {}): Promise<FakeGitHub> {
  const repos = new Map<string, FakeRepo>();
  const rateLimitLeft = new Map<string, number>();
  const requests: RecordedRequest[] = [];
  const key = (o: string, r: string): string => `${o.toLowerCase()}/${r.toLowerCase()}`;
  const built = new Map<string, { sha: string; tgz: Buffer }>();

  const materialise = (repo: FakeRepo): { sha: string; tgz: Buffer } => {
    const k = key(repo.owner, repo.name);
    let b = built.get(k);
    if (!b) {
      const files = repoFiles(repo);
      const sha = shaFor(repo, files);
      const tar = buildTar(`${repo.owner}-${repo.name}-${sha.slice(0, 7)}`, sha, files, repo.extraEntries);
      b = { sha, tgz: gzipSync(tar) };
      built.set(k, b);
    }
    return b;
  };

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  };

  let baseUrl = '';
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization });
    const notFound = (): void => json(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    if (req.method !== 'GET') return json(res, 405, { message: 'Method Not Allowed' });

    const codeload = /^\/_codeload\/([^/]+)\/([^/]+)\/tar\.gz\/([0-9a-f]{40})$/.exec(path);
    if (codeload) {
      const repo = repos.get(key(codeload[1]!, codeload[2]!));
      if (!repo) return notFound();
      const { sha, tgz } = materialise(repo);
      if (codeload[3] !== sha) return notFound();
      const send = (): void => {
        const behaviour = repo.tarball ?? 'normal';
        if (behaviour === 'no-answer') return; // the client must give up on its own
        const headers = { 'content-type': 'application/x-gzip', 'content-disposition': `attachment; filename=${repo.owner}-${repo.name}-${sha.slice(0, 7)}.tar.gz` };
        if (behaviour === 'corrupt-gzip') {
          const junk = Buffer.from('<html><body>This is not the archive you are looking for.</body></html>'.repeat(20));
          res.writeHead(200, headers);
          return void res.end(junk);
        }
        if (behaviour === 'not-tar') {
          res.writeHead(200, headers);
          return void res.end(gzipSync(Buffer.from('just some text, definitely not a tar archive\n'.repeat(40))));
        }
        if (behaviour === 'double-gzip') {
          res.writeHead(200, headers);
          return void res.end(gzipSync(tgz));
        }
        if (behaviour === 'truncated') {
          res.writeHead(200, headers);
          return void res.end(tgz.subarray(0, Math.floor(tgz.length / 2)));
        }
        if (behaviour === 'stall') {
          res.writeHead(200, headers);
          res.write(tgz.subarray(0, Math.floor(tgz.length / 2)));
          return; // never ends: the client must give up on its own
        }
        res.writeHead(200, { ...headers, 'content-length': String(tgz.length) });
        res.end(tgz);
      };
      if (repo.tarballDelayMs) setTimeout(send, repo.tarballDelayMs);
      else send();
      return;
    }

    const m = /^\/repos\/([^/]+)\/([^/]+)(?:\/(commits|tarball)\/(.+))?$/.exec(path);
    if (!m) return notFound();
    const owner = decodeURIComponent(m[1]!);
    const name = decodeURIComponent(m[2]!);
    const repo = repos.get(key(owner, name));
    if (repo?.rateLimitedCalls) {
      const k = key(owner, name);
      const left = rateLimitLeft.get(k) ?? repo.rateLimitedCalls;
      if (left > 0) {
        rateLimitLeft.set(k, left - 1);
        const reset = Math.ceil(Date.now() / 1000) + (repo.rateLimitResetSeconds ?? 1);
        return json(res, 403, { message: 'API rate limit exceeded for 127.0.0.1.' }, {
          'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset),
        });
      }
    }
    // A private repository is invisible without a token that can see it, as on GitHub; with any
    // token we pretend the token can see it, so the fetcher's own `private` check is exercised.
    if (!repo || (repo.private && !req.headers.authorization)) return notFound();
    const { sha, tgz } = materialise(repo);
    const branch = repo.defaultBranch ?? 'main';
    const rest = m[4] === undefined ? undefined : decodeURIComponent(m[4]);

    if (m[3] === undefined) {
      return json(res, 200, {
        id: Number.parseInt(sha.slice(0, 8), 16), name: repo.name, full_name: `${repo.owner}/${repo.name}`,
        private: repo.private === true, default_branch: branch, size: Math.ceil(tgz.length / 1024),
        html_url: `https://github.com/${repo.owner}/${repo.name}`,
      });
    }
    if (m[3] === 'commits') {
      const known = rest === branch || rest === sha || (repo.refs ?? []).includes(rest ?? '');
      if (!known) return json(res, 422, { message: `No commit found for SHA: ${rest}` });
      const date = repo.committedAt ?? DEFAULT_DATE;
      return json(res, 200, {
        sha, commit: { message: 'fixture', author: { name: 'Fixture', date }, committer: { name: 'Fixture', date } },
      });
    }
    if (rest !== sha) return notFound();
    const target = repo.tarball === 'redirect-foreign'
      ? `${baseUrl.replace('127.0.0.1', 'localhost')}/_codeload/${repo.owner}/${repo.name}/tar.gz/${sha}`
      : `/_codeload/${repo.owner}/${repo.name}/tar.gz/${sha}`;
    res.writeHead(302, { location: target, 'content-length': '0' });
    res.end();
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  for (const r of options.repos ?? []) repos.set(key(r.owner, r.name), r);

  return {
    url: baseUrl,
    port,
    requests,
    addRepo(repo) {
      repos.set(key(repo.owner, repo.name), repo);
      built.delete(key(repo.owner, repo.name));
    },
    shaOf(owner, name) {
      const repo = repos.get(key(owner, name));
      if (!repo) throw new Error(`fake-github: no repository ${owner}/${name}`);
      return materialise(repo).sha;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
