// `cbom serve` (being built; replaced by its owner's implementation).
import type { Command } from 'commander';

export function register(program: Command): void {
  program.command('serve').description('serve (not available yet)').action(() => {
    throw new Error('serve is not available yet');
  });
}
