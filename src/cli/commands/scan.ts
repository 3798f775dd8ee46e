// `cbom scan` (being built; replaced by its owner's implementation).
import type { Command } from 'commander';

export function register(program: Command): void {
  program.command('scan').description('scan (not available yet)').action(() => {
    throw new Error('scan is not available yet');
  });
}
