// TLS cipher-suite tables: mitmproxy's `_DEFAULT_CIPHERS = ("ECDHE-ECDSA-AES128-GCM-SHA256", …,
// "DES-CBC3-SHA")` is the suite list its contexts offer, joined and given to `set_cipher_list` in
// another module through parameters no reader follows. A table held by a name that says ciphers or
// suites, every item of which the knowledge base knows as a suite (OpenSSL or IANA spelling), is the
// TLS configuration it lists, as the `set_ciphers` string of the same names would be.
import type { SgNode } from '@ast-grep/napi';
import { getKnowledgeBase } from '../../../kb/index.js';
import { kindOf } from '../common/languages.js';
import { REFUSING_CONTEXT } from '../common/ssh-names.js';
import { pyString } from './adapter.js';
import type { PyContext } from './context.js';

/** Assignments that may hold a suite table, for the native query. */
export const SUITE_TABLE_RULE = {
  kind: 'assignment',
  all: [{ has: { field: 'left', regex: '(?i)(cipher|suite)' } }, { has: { field: 'right', any: [{ kind: 'tuple' }, { kind: 'list' }] } }],
};

/**
 * `NAME = (…)` or `NAME = […]` with two or more suite names and nothing else, under a name matching
 * cipher or suite and not one of things refused (`WEAK_CIPHERS`, `disabled_suites`). A single name, a
 * list mixing suites with OpenSSL keywords (`"HIGH:!aNULL"`, `"@SECLEVEL=0"`) or with other values, and
 * a spread of another table (`("@SECLEVEL=0", *_DEFAULT_CIPHERS)`) are not read: the table they build on
 * is reported where it is written. A `:`-joined string is left to the `set_ciphers`/`set_cipher_list`
 * call it is given to, which reads it there.
 */
export function handleSuiteTable(ctx: PyContext, node: SgNode): void {
  const left = node.field('left');
  const right = node.field('right');
  if (!left || !right) return;
  const holder = kindOf(left) === 'attribute' ? left.field('attribute')?.text() : kindOf(left) === 'identifier' ? left.text() : undefined;
  if (!holder || !/cipher|suite/i.test(holder) || REFUSING_CONTEXT.test(holder)) return;
  const names = suiteNames(right);
  if (!names || names.length < 2) return;
  const kb = getKnowledgeBase();
  if (!names.every((n) => kb.findCipherSuite(n))) return;
  ctx.sink.protocol(right, holder, { protocolType: 'tls', cipherSuites: names });
}

function suiteNames(node: SgNode): string[] | undefined {
  const k = kindOf(node);
  if (k !== 'tuple' && k !== 'list') return undefined;
  const out: string[] = [];
  for (const item of node.namedChildren()) {
    if (kindOf(item) === 'comment') continue;
    const s = kindOf(item) === 'string' ? pyString(item) : undefined;
    if (!s) return undefined;
    out.push(s.text.trim());
  }
  return out;
}
