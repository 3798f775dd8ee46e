// SSH clients that accept any server key (signal ssh-host-key-verification-disabled): JSch
// with StrictHostKeyChecking=no (`session.setConfig("StrictHostKeyChecking", "no")`, or the same
// pair put into the Properties handed to setConfig) and sshj's PromiscuousVerifier; and SSH keys
// generated with JSch's KeyPair.genKeyPair.
import type { SgNode } from '@ast-grep/napi';
import { callArguments } from './adapter.js';
import type { JavaContext } from './context.js';
import { isClassOf } from './imports.js';

/** Methods that take a (key, value) configuration pair: JSch setConfig, Properties/Hashtable put and setProperty. */
export const SSH_CONFIG_METHODS: ReadonlySet<string> = new Set(['setConfig', 'put', 'setProperty']);

const SSHJ_VERIFICATION = 'net.schmizz.sshj.transport.verification';

export function handleSshConfigPair(ctx: JavaContext, node: SgNode, method: string): void {
  const args = callArguments(node);
  if (args.length !== 2 || ctx.str(args[0]) !== 'StrictHostKeyChecking') return;
  if (ctx.str(args[1])?.trim().toLowerCase() !== 'no') return;
  ctx.sink.signal(node, method, 'ssh-host-key-verification-disabled', 'SSH host keys are not verified: StrictHostKeyChecking=no accepts any server key');
}

/** `new PromiscuousVerifier()` from sshj: a host-key verifier that accepts every key. */
export function handlePromiscuousVerifier(ctx: JavaContext, node: SgNode): void {
  if (!isClassOf(ctx.imports, (node.field('type')?.text() ?? '').replace(/<.*$/s, ''), SSHJ_VERIFICATION)) return;
  ctx.sink.signal(node, 'PromiscuousVerifier', 'ssh-host-key-verification-disabled', 'SSH host keys are not verified: sshj PromiscuousVerifier accepts every server key');
}

const JSCH = 'com.jcraft.jsch';
const JSCH_KEY_TYPES: Readonly<Record<string, string>> = { RSA: 'RSA', DSA: 'DSA', ECDSA: 'ECDSA', ED25519: 'Ed25519', ED448: 'Ed448' };
const ECDSA_SIZES: Readonly<Record<number, string>> = { 256: 'P-256', 384: 'P-384', 521: 'P-521' };
/** JSch's KeyPair.genKeyPair(jsch, type) generates with this size. */
const JSCH_DEFAULT_KEY_SIZE = 1024;

/**
 * JSch `KeyPair.genKeyPair(jsch, KeyPair.RSA, 2048)`: an SSH key generated with its size (JSch's
 * default, 1024 bits, when the call leaves it out); ECDSA sizes name the curve.
 */
export function handleJschKeyPair(ctx: JavaContext, node: SgNode): void {
  const owner = node.field('object')?.text().replace(/\s+/g, '');
  if (owner !== 'KeyPair' && owner !== `${JSCH}.KeyPair`) return;
  // java.security.KeyPair has no genKeyPair, but an application may have a KeyPair of its own.
  if (!isClassOf(ctx.imports, owner, JSCH)) return;
  const args = callArguments(node);
  const type = /(?:^|\.)(RSA|DSA|ECDSA|ED25519|ED448)$/.exec(args[1]?.text().replace(/\s+/g, '') ?? '')?.[1];
  if (!type) return;
  const spelling = JSCH_KEY_TYPES[type]!;
  const size = args.length >= 3 ? ctx.int(args[2]) : JSCH_DEFAULT_KEY_SIZE;
  if (type === 'RSA' || type === 'DSA') {
    ctx.sink.algorithm(node, 'KeyPair.genKeyPair', spelling, size !== undefined ? { keySize: size } : {}, { unresolved: ['keySize'], functions: ['keygen'] });
  } else if (type === 'ECDSA') {
    const curve = size !== undefined ? ECDSA_SIZES[size] : undefined;
    ctx.sink.algorithm(node, 'KeyPair.genKeyPair', spelling, curve ? { curve } : {}, { unresolved: ['curve'], functions: ['keygen'] });
  } else {
    ctx.sink.algorithm(node, 'KeyPair.genKeyPair', spelling, {}, { functions: ['keygen'] });
  }
}
