// The per-name symbol table must answer exactly as the whole-file table it replaces: every lookup of
// every identifier of the corpus's Python, Java, Go and JS/TS files, every member and owner question, asked of
// both. A fresh lazy table per name exercises its native per-name query; one shared table per file
// exercises the switch to the whole-file collection after a few names.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { corpusFiles } from '../../source-helpers.js';
import { parseSource, type SgNode, type SourceLanguage } from '../../../../../src/engine/detectors/source/common/languages.js';
import { LazySymbolTable, SymbolTable, type Binding, type BindingSource, type Symbols } from '../../../../../src/engine/detectors/source/common/symbols.js';
import { javaBindingSource, javaScopes } from '../../../../../src/engine/detectors/source/java/adapter.js';
import { pythonBindingSource, pythonScopes } from '../../../../../src/engine/detectors/source/python/adapter.js';
import { goBindingSource, indexGoFile } from '../../../../../src/engine/detectors/source/go/resolve.js';
import { indexFile, jsBindingSource, jsImports } from '../../../../../src/engine/detectors/source/javascript/resolve.js';
import { cBindingSource, indexCFile } from '../../../../../src/engine/detectors/source/c/resolve.js';
import { languageOf as cLanguageOf } from '../../../../../src/engine/detectors/source/c/index.js';


/** A binding as plain data: the value node by its span (two wrappers of one node are different objects). */
function plain(b: Binding | undefined): unknown {
  if (!b) return undefined;
  const v = b.value?.range();
  return { ...b, value: v ? [v.start.index, v.end.index] : null };
}

/** Every binding form of each language, in one file each, beside the corpus files. */
const EVERY_FORM: Record<string, string> = {
  python: `
import hashlib
ROUNDS = 1000
a = b = 16
x, y = 1, 2
(p, q) = (3, 4)
ROUNDS += 1
class Config:
    KEY_BITS = 2048
    def __init__(self, curve, size: int = 256, *args, **kwargs):
        self.curve = curve
        self.size = size
    @classmethod
    def make(cls, n):
        cls.KEY_BITS = n
        return cls
    class Inner:
        KEY_BITS = 4096
def derive(password, salt=None, rounds=ROUNDS):
    for i, (k, v) in enumerate([(1, 2)]):
        rounds += i + k + v
    with open('k') as fh, open('j') as gh:
        data = fh.read() + gh.read()
    try:
        pass
    except ValueError as err:
        data = str(err)
    key = hashlib.pbkdf2_hmac('sha256', password, salt, rounds)
    return key, data, a, b, x, y, p, q, Config.KEY_BITS, Config.Inner.KEY_BITS
`,
  java: `
import javax.crypto.Cipher;
import java.util.List;
public class Vault {
  private static final int KEY_BITS = 2048;
  private final String transformation;
  private int rounds;
  int a = 1, b = 2;
  enum Mode { GCM, CBC }
  record Params(int size, String curve) {}
  static class Inner { static final int KEY_BITS = 4096; int rounds; Inner() { rounds = 3; } }
  Vault(String transformation, int... sizes) {
    this.transformation = transformation;
    rounds = sizes.length;
    rounds += 2;
  }
  Cipher open(List<String> names) throws Exception {
    for (String name : names) { a += name.length(); }
    int local = KEY_BITS / 8, other;
    other = local * 2;
    try {
      return Cipher.getInstance(transformation);
    } catch (IllegalStateException | SecurityException e) {
      String msg = e.getMessage();
      return Cipher.getInstance(msg + Inner.KEY_BITS + Vault.KEY_BITS + Mode.GCM + other);
    }
  }
}
`,
  go: `
package vault

import (
	"crypto/aes"
	"crypto/rsa"
	"crypto/rand"
)

const KeyBits = 2048
const (
	a, b = 16, 32
	c    = iota
)

var key [32]byte
var size, other = 24, 1

func open(bits int, names ...string) (*rsa.PrivateKey, error) {
	n := bits
	n += 8
	x, y := 1, 2
	x = KeyBits
	_, err := aes.NewCipher(key[:size])
	for i, name := range names {
		n, other = i, len(name)
	}
	f := func(inner int) int { k := inner * 2; return k }
	return rsa.GenerateKey(rand.Reader, n+x+y+f(a)+b+c+other)
}
`,
  javascript: `
import { createCipheriv, randomBytes } from 'node:crypto';
const forge = require('node-forge');
const { pki, md: digests } = require('node-forge');
const CONFIG = { algorithm: 'aes-256-gcm', 'keyLength': 32, 7: 'seven', nested: { iv: 12 } } as const;
const LIMITS = Object.freeze({ rounds: 10 });
let mode = 'cbc', size = 16;
mode += '-x';
size++;
var legacy;
legacy = 'des';
class Vault {
  static KEY_BITS = 2048;
  #secret = 'k';
  iv: number = 12;
  constructor(private algo: string, { curve, bits: width }: { curve: string; bits: number }, [first, ...rest]: number[] = [1], size = 8) {
    this.algo = algo;
    this.curve = curve;
    this.width = width + first + rest.length + size;
  }
  open(key = randomBytes(32)) {
    let n = 0;
    n += 1;
    for (const x of [1, 2]) n = x;
    return createCipheriv(CONFIG.algorithm, key, randomBytes(this.iv), this.#secret, Vault.KEY_BITS, mode, legacy, LIMITS.rounds, forge, pki, digests);
  }
}
const Other = class Named { field = 1; };
function outer(a, { b }, ...more) { const inner = (c) => a + b + c + more.length; return inner(size); }
export { Vault, Other, outer };
`,
};

EVERY_FORM.c = `
#include <openssl/evp.h>
#define KEY_BITS 2048
#define TWICE (KEY_BITS * 2)
#define LONG_LIST "a:" \\
                  "b"
enum { SALT = 16, NEXT, ITER = 1000 };
static const int kRounds = ITER;
unsigned char iv[16], *p = NULL;
static unsigned char key[] = { 1, 2, 3 };
int prototype(int ignored, const char *also_ignored);
int derive(const char *pw, size_t n)
{
    int bits = KEY_BITS, rounds;
    unsigned char salt[SALT] = {0};
    rounds = kRounds;
    rounds += 1;
    bits = TWICE;
    {
        int bits = 4096;
        (void)bits;
    }
    for (int i = 0; i < 3; i++) n += i;
    return PKCS5_PBKDF2_HMAC(pw, (int)n, salt, sizeof(salt), rounds, EVP_sha256(), bits / 8, key) + NEXT;
}
`;

const EVERY_FORM_PATH: Record<string, string> = { python: 'every.py', java: 'Every.java', go: 'every.go', javascript: 'every.ts', c: 'every.c' };

function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

interface Case {
  /** Corpus folder and EVERY_FORM key. */
  dir: string;
  /** The grammar of a corpus file, or undefined for files of other languages. */
  grammar: (path: string) => SourceLanguage | undefined;
  /** A new binding source over the file (each call: its own caches, as a new detector run would have). */
  source: (root: SgNode, lang: SourceLanguage) => BindingSource;
  /** Node kinds whose text the detectors look up as names. */
  nameKinds: string[];
  /** Names that may own members: classes, and in JS constants holding object literals. */
  owners: (root: SgNode) => string[];
}

const namesOf = (root: SgNode, kinds: string[]): string[] =>
  root.findAll({ rule: { any: kinds.map((kind) => ({ kind })) } }).map((n) => n.field('name')?.text() ?? '');

const CASES: Case[] = [
  {
    dir: 'python',
    grammar: (p) => (p.endsWith('.py') ? 'python' : undefined),
    source: (root) => pythonBindingSource(root, lazily(() => pythonScopes(root))),
    nameKinds: ['identifier'],
    owners: (root) => namesOf(root, ['class_definition']),
  },
  {
    dir: 'java',
    grammar: (p) => (p.endsWith('.java') ? 'java' : undefined),
    source: (root) => javaBindingSource(root, lazily(() => javaScopes(root))),
    nameKinds: ['identifier'],
    owners: (root) => namesOf(root, ['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration']),
  },
  // C has no owners either; .cpp and .h files of the corpus go through the same binding source.
  { dir: 'c', grammar: (p) => cLanguageOf(p), source: (root, lang) => cBindingSource(indexCFile(root), lang), nameKinds: ['identifier'], owners: () => [] },
  // Go has no classes; its bindings hang off the file index the detector builds anyway.
  { dir: 'go', grammar: (p) => (p.endsWith('.go') ? 'go' : undefined), source: (root) => goBindingSource(indexGoFile(root)), nameKinds: ['identifier'], owners: () => [] },
  {
    dir: 'javascript',
    grammar: (p) => (/\.[cm]?ts$/.test(p) ? 'typescript' : p.endsWith('.tsx') ? 'tsx' : /\.([cm]?js|jsx)$/.test(p) ? 'javascript' : undefined),
    source: (root, lang) => {
      const index = indexFile(root, lang);
      return jsBindingSource(index, jsImports(index.imports, index.declarators));
    },
    // Members are looked up by property name (`CONFIG.algorithm`, `this.iv`), not only by identifier.
    nameKinds: ['identifier', 'property_identifier', 'shorthand_property_identifier', 'private_property_identifier'],
    // Classes, and constants that may hold object literals.
    owners: (root) => [...namesOf(root, ['class_declaration', 'class', 'variable_declarator'])].filter(Boolean),
  },
];

function sameAnswers(eager: SymbolTable, lazyFor: (name: string) => Symbols, root: SgNode, c: Case, owners: string[]): number {
  let asked = 0;
  for (const id of root.findAll({ rule: { any: c.nameKinds.map((kind) => ({ kind })) } })) {
    const name = id.text();
    const at = id.range().start.index;
    const lazy = lazyFor(name);
    assert.deepEqual(plain(lazy.lookup(name, at)), plain(eager.lookup(name, at)), `lookup ${name} at ${at}`);
    assert.deepEqual(lazy.all(name).map(plain), eager.all(name).map(plain), `all ${name}`);
    for (const owner of owners) assert.deepEqual(plain(lazy.member(owner, name)), plain(eager.member(owner, name)), `member ${owner}.${name}`);
    asked++;
  }
  for (const owner of [...owners, 'NoSuchClass', 'StandardCharsets']) {
    assert.equal(lazyFor(owner).hasOwner(owner), eager.hasOwner(owner), `hasOwner ${owner}`);
  }
  return asked;
}

for (const c of CASES) {
  test(`${c.dir}: the per-name symbol table answers every lookup of the corpus as the whole-file table`, () => {
    const files = corpusFiles(c.dir).filter((f) => c.grammar(f));
    assert.ok(files.length >= 10, 'the corpus has files of this language');
    const inputs = [{ path: EVERY_FORM_PATH[c.dir]!, text: EVERY_FORM[c.dir]! }, ...files.map((f) => ({ path: f, text: readFileSync(f, 'utf8') }))];
    let asked = 0;
    let owning = 0;
    for (const { path, text } of inputs) {
      const lang = c.grammar(path)!;
      const root = parseSource(lang, text).root();
      const eager = new SymbolTable(c.source(root, lang).every());
      const owners = c.owners(root);
      owning += owners.filter((o) => eager.hasOwner(o)).length;
      // A fresh table per name: always the native per-name query.
      asked += sameAnswers(eager, () => new LazySymbolTable(c.source(root, lang)), root, c, owners);
      // One table for the file: per-name queries first, the whole-file collection after a few names.
      const shared = new LazySymbolTable(c.source(root, lang));
      sameAnswers(eager, () => shared, root, c, owners);
    }
    assert.ok(asked > 500, `asked ${asked} lookups`);
    if (c.dir !== 'go' && c.dir !== 'c') assert.ok(owning > 0, 'some classes of the corpus own members');
  });
}

test('a lazy table collects only the bindings of the looked-up name until it has seen a few names', () => {
  const root = parseSource('python', ['a = 1', 'b = 2', 'c = 3', 'd = 4', 'e = 5', 'def f(a):', '    return a'].join('\n')).root();
  let every = 0;
  let named = 0;
  let owners = 0;
  const base = pythonBindingSource(root, () => pythonScopes(root));
  const counting: BindingSource = {
    every: () => (every++, base.every()),
    named: (name) => (named++, base.named(name)),
    mayOwn: (owner) => (owners++, base.mayOwn(owner)),
  };
  const table = new LazySymbolTable(counting);
  assert.equal(table.lookup('a', 10)?.value?.text(), '1');
  assert.equal(table.lookup('a', root.text().indexOf('return a') + 7)?.value, null, 'the parameter shadows the module constant');
  assert.equal(table.hasOwner('Config'), false, 'no class Config: answered without collecting the file');
  assert.equal(table.hasOwner('Config'), false);
  assert.equal(owners, 1, 'one owner question per owner (it may walk the tree)');
  for (const n of ['b', 'c', 'd']) table.lookup(n, 30);
  assert.deepEqual([named, every], [4, 0]);
  assert.equal(table.lookup('e', 30)?.value?.text(), '5');
  assert.deepEqual([named, every], [4, 1], 'the fifth name builds the whole table once');
  table.lookup('a', 0);
  assert.equal(every, 1);
});
