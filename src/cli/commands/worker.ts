// `cbom worker` (being built; replaced by its owner's implementation).
import type { Command } from 'commander';

export function register(program: Command): void {
  program.command('worker').description('worker (not available yet)').action(() => {
    throw new Error('worker is not available yet');
  });
}
