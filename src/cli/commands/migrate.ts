// `cbom migrate` (being built; replaced by its owner's implementation).
import type { Command } from 'commander';

export function register(program: Command): void {
  program.command('migrate').description('migrate (not available yet)').action(() => {
    throw new Error('migrate is not available yet');
  });
}
