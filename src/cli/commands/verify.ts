// `cbom verify` (being built; replaced by its owner's implementation).
import type { Command } from 'commander';

export function register(program: Command): void {
  program.command('verify').description('verify (not available yet)').action(() => {
    throw new Error('verify is not available yet');
  });
}
