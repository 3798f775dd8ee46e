// `cbom` command line: one entry, one module per subcommand (src/cli/commands/*.ts).
// JSON results go to stdout, human messages to stderr; errors exit non-zero.
import { Command } from 'commander';
import { METHODOLOGY_VERSION } from '../engine/methodology.js';
import { register as registerServe } from './commands/serve.js';
import { register as registerWorker } from './commands/worker.js';
import { register as registerScan } from './commands/scan.js';
import { register as registerVerify } from './commands/verify.js';
import { register as registerMigrate } from './commands/migrate.js';
import { register as registerAdmin } from './commands/admin.js';

const program = new Command()
  .name('cbom')
  .description('Cryptographic Bill of Materials scanner and partner API')
  .version(`0.1.0 (${METHODOLOGY_VERSION})`)
  .showHelpAfterError();

registerServe(program);
registerWorker(program);
registerScan(program);
registerVerify(program);
registerMigrate(program);
registerAdmin(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  process.stderr.write(`cbom: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = process.exitCode && process.exitCode !== 0 ? process.exitCode : 1;
}
