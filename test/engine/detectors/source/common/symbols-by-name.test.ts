// Symbol tables collect bindings one looked-up name at a time (a native query per name); the
// resolution they give must be exactly the whole-file collection's, or detections would change.
import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseSource, type SourceLanguage } from '../../../../../src/engine/detectors/source/common/languages.js';
import type { Binding } from '../../../../../src/engine/detectors/source/common/symbols.js';
import { javaBindings, javaScopes } from '../../../../../src/engine/detectors/source/java/adapter.js';
import { pythonBindings, pythonScopes } from '../../../../../src/engine/detectors/source/python/adapter.js';
import { indexFile, jsBindings, jsImports } from '../../../../../src/engine/detectors/source/javascript/resolve.js';

const CORPUS = new URL('../../../../fixtures/corpus/', import.meta.url).pathname;

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else out.push(p);
  }
  return out;
}

function languageOf(path: string): SourceLanguage | undefined {
  if (path.endsWith('.java')) return 'java';
  if (path.endsWith('.py')) return 'python';
  if (path.endsWith('.tsx')) return 'tsx';
  if (/\.[cm]?ts$/.test(path)) return 'typescript';
  if (/\.[cm]?jsx?$/.test(path)) return 'javascript';
  return undefined;
}

/** The file's collector: whole file without a name, a superset of that name's bindings with one. */
function collector(lang: SourceLanguage, source: string): (name?: string) => Binding[] {
  const root = parseSource(lang, source).root();
  if (lang === 'java') {
    const scopes = javaScopes(root);
    return (name) => javaBindings(root, scopes, name);
  }
  if (lang === 'python') {
    const scopes = pythonScopes(root);
    return (name) => pythonBindings(root, scopes, name);
  }
  const index = indexFile(root, lang);
  const imports = jsImports(index.imports, index.declarators);
  return (name) => jsBindings(index, imports, name);
}

const key = (b: Binding): string =>
  JSON.stringify([b.name, b.owner, b.value?.id() ?? null, b.visibleFrom, b.scope.start, b.scope.end, b.member]);

function assertSameByName(label: string, lang: SourceLanguage, source: string, extraNames: string[] = []): number {
  const collect = collector(lang, source);
  const whole = new Map<string, string[]>();
  for (const b of collect()) whole.set(b.name, [...(whole.get(b.name) ?? []), key(b)]);
  const names = [...whole.keys(), ...extraNames, 'notBoundAnywhere'];
  for (const name of names) {
    const one = collect(name).filter((b) => b.name === name).map(key);
    assert.deepEqual(one, whole.get(name) ?? [], `${label}: bindings of ${JSON.stringify(name)}`);
  }
  return whole.size;
}

test('per-name binding collection equals the whole-file collection on every corpus source file', () => {
  let checked = 0;
  for (const path of files(CORPUS)) {
    const lang = languageOf(path);
    if (!lang) continue;
    checked += assertSameByName(path, lang, readFileSync(path, 'utf8'));
  }
  assert.ok(checked > 200, `only ${checked} names checked: the corpus should bind hundreds`);
});

test('per-name collection finds object keys written with escapes, class fields, destructured parameters', () => {
  const source = [
    "const C = { 'k\\x65y': 'aes-256-cbc', \"m\\u006fde\": 'gcm', 0x10: 2, plain: 'sha256' };",
    'class K { #p = 1; static r = 3; m(a, { b, c: d }, [e], ...f) { this.s = a; let g = 1; g += 1; } }',
    'function h({ i = 1 } = {}) { const [j] = [i]; return j; }',
  ].join('\n');
  for (const lang of ['javascript', 'typescript'] as const) {
    const collect = collector(lang, source);
    assert.equal(collect('key').filter((b) => b.name === 'key' && b.owner === 'C').length, 1, `${lang}: escaped key`);
    assert.equal(collect('mode').filter((b) => b.name === 'mode' && b.owner === 'C').length, 1, `${lang}: unicode-escaped key`);
    assertSameByName(lang, lang, source, ['key', 'mode', 'a', 'b', 'd', 'e', 'f', 'g', 'i', 's', '#p', 'r', '0x10']);
  }
});
