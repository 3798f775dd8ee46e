// `cbom scan <dir>`: scan a directory and print a summary (default), the ScanResult as JSON, or a
// CycloneDX 1.6 / SPDX 3.0.1 BOM. A progress bar goes to stderr on a terminal only.
// Exit codes: 0 done (no finding at or above --fail-on); 1 at least one finding at or above --fail-on;
// 2 bad arguments, or the directory cannot be scanned, or the output cannot be written.
import { writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { Command } from 'commander';
import cliProgress from 'cli-progress';
import { SEVERITIES, type Severity, type SourceDescriptor } from '../../engine/inventory/model.js';
import { scanDirectory, type ScanProgress } from '../../engine/scan.js';
import { BOM_FORMATS, encodeBom, localSourceTimestamp, type BomFormat } from '../../engine/encoders/index.js';
import { formatSummary } from '../scan-summary.js';
import { openSource, type OpenedSource } from '../../engine/source/index.js';
import { SourceError } from '../../engine/source/errors.js';

const FORMATS = ['summary', 'json', ...BOM_FORMATS] as const;
type Format = (typeof FORMATS)[number];

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_ERROR = 2;

interface ScanCliOptions {
  format: string;
  output?: string;
  exclude?: string[];
  failOn?: string;
  threads?: string;
}

class UsageError extends Error {}

function parseOptions(o: ScanCliOptions): { format: Format; failOn: Severity | null; threads: number | undefined } {
  if (!(FORMATS as readonly string[]).includes(o.format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')} (got ${JSON.stringify(o.format)})`);
  if (o.failOn !== undefined && !(SEVERITIES as readonly string[]).includes(o.failOn)) {
    throw new UsageError(`--fail-on must be one of ${SEVERITIES.join(', ')} (got ${JSON.stringify(o.failOn)})`);
  }
  let threads: number | undefined;
  if (o.threads !== undefined) {
    if (!/^\d{1,3}$/.test(o.threads)) throw new UsageError(`--threads must be a whole number (got ${JSON.stringify(o.threads)})`);
    threads = Number(o.threads);
  }
  return { format: o.format as Format, failOn: (o.failOn as Severity | undefined) ?? null, threads };
}

/** A progress bar on a TTY; nothing at all otherwise (CI logs stay clean). */
function progressReporter(): { onProgress?: (p: ScanProgress) => void; stop: () => void } {
  if (!process.stderr.isTTY) return { stop: () => {} };
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: '{phase} [{bar}] {value}/{total} files', hideCursor: true, clearOnComplete: true, fps: 10 },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    onProgress(p) {
      // The walk is quick and its total unknown: the bar starts once the files are counted.
      if (p.phase === 'walk') return;
      if (!started) {
        bar.start(p.filesTotal, p.filesDone, { phase: p.phase.padEnd(9) });
        started = true;
      }
      bar.setTotal(p.filesTotal);
      bar.update(p.filesDone, { phase: p.phase.padEnd(9) });
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}

export function register(program: Command): void {
  program
    .command('scan')
    .description('scan a directory for cryptography and print a summary, JSON, or a CycloneDX/SPDX CBOM')
    .argument('<dir>', 'directory to scan, or a GitHub repository URL (https://github.com/{owner}/{repo}[/tree/{ref}])')
    .option('-f, --format <format>', `output: ${FORMATS.join(' | ')}`, 'summary')
    .option('-o, --output <file>', 'write the output to a file instead of stdout')
    .option('-e, --exclude <glob...>', 'skip files and folders matching these globs (repository-relative, repeatable)')
    .option('--fail-on <severity>', `exit 1 when a finding is at or above this severity (${SEVERITIES.join(', ')})`)
    .option('--threads <n>', 'worker threads (default: one per core; 0 runs in the main thread)')
    .addHelpText('after', '\nExit codes: 0 scanned (no finding at or above --fail-on), 1 a finding at or above --fail-on, 2 bad arguments or scan failure.')
    .exitOverride((err) => {
      // Commander has printed its message; map its usage errors to our exit code 2.
      process.exit(err.exitCode === 0 ? EXIT_OK : EXIT_ERROR);
    })
    .action(async (dir: string, opts: ScanCliOptions) => {
      process.exitCode = await runScan(dir, opts);
    });
}

export async function runScan(dir: string, opts: ScanCliOptions): Promise<number> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(opts);
  } catch (err) {
    process.stderr.write(`cbom scan: ${(err as Error).message}\n`);
    return EXIT_ERROR;
  }
  const progress = progressReporter();
  let output: string;
  let result;
  // A GitHub URL is fetched first (same fetcher and rules as the service); a path is scanned as is.
  let opened: OpenedSource | undefined;
  try {
    opened = await openSource(dir);
    // Certificates are judged valid or expired at the commit date (GitHub) or SOURCE_DATE_EPOCH, never
    // at the wall clock, so the same input gives the same findings.
    const asOf = opened.descriptor?.timestamp ?? (process.env.SOURCE_DATE_EPOCH ? localSourceTimestamp() : undefined);
    result = await scanDirectory(opened.dir, {
      exclude: opts.exclude,
      threads: parsed.threads,
      onProgress: progress.onProgress,
      ...(asOf !== undefined ? { asOf } : {}),
    });
    progress.stop();
    if (parsed.format === 'summary') output = formatSummary(result, dir);
    else if (parsed.format === 'json') output = `${JSON.stringify(result, null, 2)}\n`;
    else {
      const source: SourceDescriptor = opened.descriptor ?? { name: basename(resolve(dir)), timestamp: localSourceTimestamp() };
      output = encodeBom(result, source, parsed.format as BomFormat).json;
    }
  } catch (err) {
    progress.stop();
    process.stderr.write(`cbom scan: ${(err as Error).message}${err instanceof SourceError ? ` (${err.code})` : ''}\n`);
    return EXIT_ERROR;
  } finally {
    await opened?.cleanup();
  }
  try {
    if (opts.output) await writeFile(opts.output, output);
    else process.stdout.write(output);
  } catch (err) {
    process.stderr.write(`cbom scan: cannot write ${opts.output}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}\n`);
    return EXIT_ERROR;
  }
  if (opts.output) process.stderr.write(`cbom scan: wrote ${parsed.format} to ${opts.output} (${result.inventory.assets.length} assets, ${result.findings.length} findings, score ${result.score})\n`);
  if (parsed.failOn) {
    const threshold = SEVERITIES.indexOf(parsed.failOn);
    const hits = result.findings.filter((f) => SEVERITIES.indexOf(f.severity) <= threshold).length;
    if (hits > 0) {
      process.stderr.write(`cbom scan: ${hits} finding(s) at or above ${parsed.failOn}\n`);
      return EXIT_FINDINGS;
    }
  }
  return EXIT_OK;
}
