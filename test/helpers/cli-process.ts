// Runs the `cbom` CLI from source (tsx) as a child process, for tests that need real processes:
// restarts, `kill -9`, several workers. Output is collected for assertions and failure messages.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const CLI = new URL('../../src/cli/index.ts', import.meta.url).pathname;
const ROOT = new URL('../../', import.meta.url).pathname;

export interface CliProcess {
  child: ChildProcess;
  pid: number;
  output(): string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
  kill(signal: NodeJS.Signals): void;
}

export function spawnCli(args: string[], env: Record<string, string>): CliProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code ?? -1)));
  return { child, pid: child.pid ?? -1, output: () => out, exited, kill: (s) => child.kill(s) };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it returns a value other than undefined, or throws after `timeoutMs`. */
export async function eventually<T>(what: string | (() => string), check: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let value: T | undefined;
    try {
      value = await check();
    } catch {
      value = undefined;
    }
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
