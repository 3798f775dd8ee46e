// `cbom admin` (being built; replaced by its owner's implementation).
import type { Command } from 'commander';

export function register(program: Command): void {
  program.command('admin').description('admin (not available yet)').action(() => {
    throw new Error('admin is not available yet');
  });
}
