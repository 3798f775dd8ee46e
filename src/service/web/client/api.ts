// Calls to the public demo API (no key). Errors become DemoApiError with the server's own words:
// the API answers `{detail: string}` or, for validation errors, `{detail: [{loc, msg, type}]}`.
import type { DemoScan, DemoScanCreated } from '../../api/schemas/demo.js';

export class DemoApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'DemoApiError';
  }
}

function detailText(body: unknown, status: number): string {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail) && detail.length > 0) {
    const first = detail[0] as { msg?: unknown };
    if (typeof first.msg === 'string') return first.msg;
  }
  return `The server answered ${status}.`;
}

async function request<T>(url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { accept: 'application/json', ...init.headers }, credentials: 'omit' });
  } catch {
    throw new DemoApiError('Could not reach the server. Check your connection and try again.', 0);
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    throw new DemoApiError(detailText(body, res.status), res.status);
  }
  return body as T;
}

export class DemoApi {
  constructor(private readonly base: string) {}

  start(repoUrl: string): Promise<DemoScanCreated> {
    return request(this.base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ repo_url: repoUrl }),
    });
  }

  get(id: string): Promise<DemoScan> {
    return request(`${this.base}/${encodeURIComponent(id)}`, { method: 'GET' });
  }
}
