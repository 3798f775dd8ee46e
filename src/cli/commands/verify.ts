// `cbom verify <bom.json>`: recompute a BOM's svc_bom_sha256 (SHA-256 of the RFC 8785 canonical
// JSON without that entry) and compare it with the stated one. Prints the result as JSON on stdout,
// a one-line verdict on stderr. Exit 0: digest matches; 1: it does not (or is missing); 2: the file
// cannot be read or is not a CycloneDX / SPDX 3.0.1 JSON document.
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { verifyBom } from '../../engine/encoders/index.js';

export function register(program: Command): void {
  program
    .command('verify')
    .description('recompute the svc_bom_sha256 digest of a CycloneDX or SPDX BOM and compare it with the one it states')
    .argument('<bom.json>', 'BOM file written by cbom scan or downloaded from the API')
    .action(async (file: string) => {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (err) {
        const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
        process.stdout.write(`${JSON.stringify({ ok: false, file, error: `cannot read file (${reason})` })}\n`);
        process.stderr.write(`cbom verify: cannot read ${file} (${reason})\n`);
        process.exitCode = 2;
        return;
      }
      const result = verifyBom(text);
      process.stdout.write(`${JSON.stringify({ file, ...result })}\n`);
      if (result.ok) {
        process.stderr.write(`OK: ${file} (${result.format}, ${result.methodologyVersion ?? 'no methodology version'}) digest ${result.actual}\n`);
        process.exitCode = 0;
      } else {
        process.stderr.write(`FAILED: ${file}: ${result.error ?? 'digest mismatch'}\n`);
        process.exitCode = result.actual === null ? 2 : 1;
      }
    });
}
