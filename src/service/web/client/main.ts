// Entry of the landing pages' script (bundled to dist/web/app-<hash>.js, loaded as a module, so no
// inline script is needed and the CSP can say script-src 'self'). It runs the public demo: submit a
// GitHub URL, poll the scan while it runs (announcing phase changes through an aria-live region),
// then draw the results. `?scan=<id>` in the address re-opens a scan, so results can be shared.
import type { DemoScan } from '../../api/schemas/demo.js';
import { DemoApi, DemoApiError } from './api.js';
import { byId, fill, h } from './dom.js';
import { plural } from './labels.js';
import { hideResults, renderResults } from './results.js';

const GITHUB_REPO = /^https:\/\/github\.com\/[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}(?:\.git)?(?:\/tree\/[^\s?#]+)?\/?$/;
const PHASES = ['queued', 'downloading', 'scanning', 'completed'] as const;

const ERROR_TEXT: Record<string, string> = {
  repo_not_found: 'That repository does not exist or is private. The demo scans public repositories only.',
  repo_too_large: 'That repository is larger than the demo allows.',
  download_failed: 'GitHub did not let us download the repository. Please try again in a few minutes.',
  archive_invalid: 'The repository archive from GitHub could not be read.',
  scan_timeout: 'The scan took longer than allowed and was stopped.',
  internal: 'Something went wrong on our side. Please try again later.',
};

const api = new DemoApi(document.body.dataset.demoApi ?? '/api/v1/cbom/demo/scans');
const form = byId<HTMLFormElement>('scan-form');
const input = byId<HTMLInputElement>('repo-url');
const submit = byId<HTMLButtonElement>('scan-submit');
const formError = byId('form-error');
const progress = byId('progress');
const status = byId('progress-status');
const bar = byId<HTMLProgressElement>('progress-bar');

let pollTimer: number | undefined;
let activeScan: string | null = null;
let lastAnnounced = '';

function showFormError(message: string | null): void {
  formError.textContent = message ?? '';
  formError.hidden = message === null;
  input.setAttribute('aria-invalid', message === null ? 'false' : 'true');
}

function announce(text: string): void {
  // Only phase changes are announced, not every percent, so screen readers are not flooded.
  if (text !== lastAnnounced) status.textContent = lastAnnounced = text;
}

function setBusy(busy: boolean): void {
  submit.disabled = busy;
  form.setAttribute('aria-busy', String(busy));
}

function showProgress(scan: Pick<DemoScan, 'status' | 'progress' | 'repo_url'>): void {
  progress.hidden = false;
  progress.dataset.state = scan.status;
  byId('progress-repo').textContent = scan.repo_url.replace(/^https:\/\/github\.com\//, '');
  const current = PHASES.indexOf(scan.status as (typeof PHASES)[number]);
  for (const li of Array.from(byId('progress-steps').querySelectorAll<HTMLLIElement>('li[data-phase]'))) {
    const i = PHASES.indexOf(li.dataset.phase as (typeof PHASES)[number]);
    li.classList.toggle('is-done', current > i || scan.status === 'completed');
    li.classList.toggle('is-current', current === i && scan.status !== 'completed');
    if (current === i) li.setAttribute('aria-current', 'step');
    else li.removeAttribute('aria-current');
  }
  const p = scan.progress;
  const percent = scan.status === 'completed' ? 100 : scan.status === 'queued' ? Math.max(p.percent, 2) : p.percent;
  // Nothing to count while waiting or downloading: an indeterminate bar says "working" honestly.
  if ((scan.status === 'queued' || scan.status === 'downloading') && p.percent === 0) bar.removeAttribute('value');
  else bar.value = percent;
  bar.textContent = `${percent}%`;
  const files = p.files_total > 0 ? ` (${p.files_done.toLocaleString('en')} of ${plural(p.files_total, 'file')})` : '';
  byId('progress-detail').textContent = scan.status === 'scanning' ? `Scanning${files}` : '';
  announce(
    scan.status === 'queued'
      ? 'Waiting for a free scanner…'
      : scan.status === 'downloading'
        ? 'Downloading the repository from GitHub…'
        : scan.status === 'scanning'
          ? 'Looking for cryptography…'
          : scan.status === 'completed'
            ? 'Scan complete. Results are below.'
            : 'The scan failed.',
  );
}

function showFailure(scan: DemoScan): void {
  const message = (scan.error && ERROR_TEXT[scan.error.code]) ?? scan.error?.message ?? 'The scan failed.';
  fill(byId('progress-error'), h('strong', null, 'The scan did not finish. '), message);
  byId('progress-error').hidden = false;
}

function stopPolling(): void {
  if (pollTimer !== undefined) window.clearTimeout(pollTimer);
  pollTimer = undefined;
}

async function poll(id: string, attempt = 0): Promise<void> {
  if (activeScan !== id) return;
  let scan: DemoScan;
  try {
    scan = await api.get(id);
  } catch (err) {
    if (err instanceof DemoApiError && err.status === 404) {
      announce('That scan does not exist any more.');
      setBusy(false);
      return;
    }
    // Transient trouble: keep trying, more slowly.
    pollTimer = window.setTimeout(() => void poll(id, attempt + 1), Math.min(10_000, 1000 * 2 ** attempt));
    return;
  }
  if (activeScan !== id) return;
  showProgress(scan);
  if (scan.status === 'completed') {
    setBusy(false);
    renderResults(scan);
    const results = byId('results');
    results.focus({ preventScroll: true });
    results.scrollIntoView({ behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'start' });
    return;
  }
  if (scan.status === 'failed') {
    setBusy(false);
    showFailure(scan);
    return;
  }
  pollTimer = window.setTimeout(() => void poll(id), 1000);
}

function follow(id: string, repoUrl: string): void {
  stopPolling();
  activeScan = id;
  lastAnnounced = '';
  byId('progress-error').hidden = true;
  hideResults();
  showProgress({ status: 'queued', repo_url: repoUrl, progress: { phase: 'queued', percent: 0, files_done: 0, files_total: 0 } });
  const url = new URL(window.location.href);
  url.searchParams.set('scan', id);
  window.history.replaceState(null, '', url);
  progress.scrollIntoView({ behavior: 'auto', block: 'nearest' });
  void poll(id);
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const repoUrl = input.value.trim();
  if (!GITHUB_REPO.test(repoUrl)) {
    showFormError('Enter a public GitHub repository address, like https://github.com/owner/repository.');
    input.focus();
    return;
  }
  showFormError(null);
  setBusy(true);
  api.start(repoUrl).then(
    (created) => follow(created.id, repoUrl),
    (err: unknown) => {
      setBusy(false);
      // The server's words say what went wrong (a 429 says when the next scan is possible).
      showFormError(err instanceof Error ? err.message : 'The scan could not be started.');
      input.focus();
    },
  );
});

byId('scan-again').addEventListener('click', () => {
  stopPolling();
  activeScan = null;
  hideResults();
  progress.hidden = true;
  const url = new URL(window.location.href);
  url.searchParams.delete('scan');
  window.history.replaceState(null, '', url);
  input.value = '';
  input.focus();
  input.scrollIntoView({ block: 'center' });
});

const shared = new URL(window.location.href).searchParams.get('scan');
if (shared && /^cbom_[A-Za-z0-9]{16}$/.test(shared)) {
  activeScan = shared;
  setBusy(true);
  api.get(shared).then(
    (scan) => {
      input.value = scan.repo_url;
      follow(scan.id, scan.repo_url);
    },
    () => setBusy(false),
  );
}
