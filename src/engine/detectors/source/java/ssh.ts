// SSH clients that accept any server key (signal ssh-host-key-verification-disabled): JSch
// with StrictHostKeyChecking=no (`session.setConfig("StrictHostKeyChecking", "no")`, or the same
// pair put into the Properties handed to setConfig) and sshj's PromiscuousVerifier.
import type { SgNode } from '@ast-grep/napi';
import { createdType } from './adapter.js';
import type { JavaContext } from './context.js';
import { isClassFrom } from './imports.js';

/** Methods that take a (key, value) configuration pair: JSch setConfig, Properties/Hashtable put and setProperty. */
export const SSH_CONFIG_METHODS: ReadonlySet<string> = new Set(['setConfig', 'put', 'setProperty']);

const SSHJ_VERIFICATION = 'net.schmizz.sshj.transport.verification';

export function handleSshConfigPair(ctx: JavaContext, node: SgNode, method: string): void {
  const args = node.field('arguments')?.namedChildren() ?? [];
  if (args.length !== 2 || ctx.str(args[0]) !== 'StrictHostKeyChecking') return;
  if (ctx.str(args[1])?.trim().toLowerCase() !== 'no') return;
  ctx.sink.signal(node, method, 'ssh-host-key-verification-disabled', 'SSH host keys are not verified: StrictHostKeyChecking=no accepts any server key');
}

/** `new PromiscuousVerifier()` from sshj: a host-key verifier that accepts every key. */
export function handlePromiscuousVerifier(ctx: JavaContext, node: SgNode): void {
  if (!isClassFrom(ctx.imports, createdType(node), [SSHJ_VERIFICATION])) return;
  // Not imported from anywhere (same package or wildcard): only sshj's own name is trusted.
  const fq = ctx.imports.types.get(createdType(node));
  if (!fq && !ctx.imports.wildcards.includes(SSHJ_VERIFICATION)) return;
  ctx.sink.signal(node, 'PromiscuousVerifier', 'ssh-host-key-verification-disabled', 'SSH host keys are not verified: sshj PromiscuousVerifier accepts every server key');
}
