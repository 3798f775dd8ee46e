// `cbom serve`: the HTTP API with in-process scan workers (settings from the environment: see
// src/service/config.ts). Migrates the database first.
import type { Command } from 'commander';
import { loadConfig } from '../../service/config.js';
import { serveUntilSignal } from '../../service/server.js';

export function register(program: Command): void {
  program
    .command('serve')
    .description('run the HTTP API (migrates the database first; settings from environment variables)')
    .option('--host <host>', 'interface to listen on (overrides HOST)')
    .option('--port <port>', 'port to listen on (overrides PORT)')
    .action(async (opts: { host?: string; port?: string }) => {
      const env = { ...process.env };
      if (opts.host !== undefined) env.HOST = opts.host;
      if (opts.port !== undefined) env.PORT = opts.port;
      await serveUntilSignal(loadConfig(env));
    });
}
