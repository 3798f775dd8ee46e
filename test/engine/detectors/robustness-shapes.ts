// Languages and hostile shapes for robustness.test.ts (a module of its own so a probe script can run one
// shape in a child process: a native parser abort takes the whole process down).

export interface Lang {
  id: string;
  path: string;
  /** The language's own keywords and common tokens, beside the detector's prefilter keywords. */
  tokens: string[];
  /** A file around statements (imports, class/function wrapper). */
  wrap(body: string): string;
  /** A variable reference (`$x` in PHP). */
  v(name: string): string;
  /** A declaration statement `name = expr`. */
  assign(name: string, expr: string): string;
  /** A string literal. */
  str(s: string): string;
  /** A crypto call whose argument the detector evaluates. */
  call(arg: string): string;
  /** The call's usual argument. */
  arg: string;
  /** Statement separator on one line. */
  sep: string;
  /** Member access for chained calls. */
  member: string;
  /** `levels` nested blocks around `inner` (undefined: the language nests by indentation, see `indentBlocks`). */
  blocks(levels: number, inner: string): string;
}

const braces = (levels: number, inner: string, open = '{', close = '}'): string => `${open.repeat(levels)}\n${inner}\n${close.repeat(levels)}`;

export const LANGS: Lang[] = [
  {
    id: 'java', path: 'src/main/java/A.java',
    tokens: ['class', 'import', 'public', 'static', 'void', 'new', 'return', 'if', 'else', 'final', 'String', 'byte[]', 'javax.crypto.Cipher', 'try', 'catch', '@Override', 'switch', 'case'],
    wrap: (b) => `import javax.crypto.Cipher;\nimport java.security.*;\nclass A {\n  void m() throws Exception {\n${b}\n  }\n}\n`,
    v: (n) => n, assign: (n, e) => `var ${n} = ${e};`, str: (s) => `"${s}"`,
    call: (a) => `Cipher.getInstance(${a})`, arg: '"AES/GCM/NoPadding"', sep: ' ', member: '.', blocks: (l, i) => braces(l, i),
  },
  {
    id: 'kotlin', path: 'app/src/main/kotlin/A.kt',
    tokens: ['fun', 'val', 'var', 'class', 'object', 'import', 'when', 'if', 'else', 'return', 'ByteArray', 'javax.crypto.Cipher', 'companion', '->', '?.', '!!', '$', '${'],
    wrap: (b) => `import javax.crypto.Cipher\nimport java.security.MessageDigest\nfun m() {\n${b}\n}\n`,
    v: (n) => n, assign: (n, e) => `val ${n} = ${e}`, str: (s) => `"${s}"`,
    call: (a) => `Cipher.getInstance(${a})`, arg: '"AES/GCM/NoPadding"', sep: '; ', member: '.', blocks: (l, i) => braces(l, i, 'run {', '}'),
  },
  {
    id: 'python', path: 'pkg/a.py',
    tokens: ['def', 'class', 'import', 'from', 'return', 'if', 'else:', 'lambda', 'with', 'as', 'None', 'True', 'False', 'b"\\x00"', "r'x'", 'f"{x}"', '"""', ':', '    ', 'hashlib.sha256', 'hashlib.new', 'usedforsecurity=False'],
    wrap: (b) => `import hashlib\nimport hmac\n${b}\n`,
    v: (n) => n, assign: (n, e) => `${n} = ${e}`, str: (s) => `"${s}"`,
    call: (a) => `hashlib.new(${a})`, arg: '"sha256"', sep: '; ', member: '.',
    blocks: (l, i) => `${Array.from({ length: l }, (_, k) => `${' '.repeat(k)}if x:`).join('\n')}\n${' '.repeat(l)}${i}`,
  },
  {
    id: 'go', path: 'cmd/a.go',
    tokens: ['package', 'import', 'func', 'var', 'const', ':=', 'return', 'if', 'else', 'for', 'range', 'struct', 'type', '[]byte', 'nil', 'defer', 'go', '`raw`', '"crypto/aes"', '"crypto/tls"', 'aes.NewCipher', 'tls.Config', 'sha256.Sum256'],
    wrap: (b) => `package main\n\nimport (\n\t"crypto/aes"\n\t"crypto/sha256"\n)\n\nfunc m() {\n${b}\n}\n`,
    v: (n) => n, assign: (n, e) => `${n} := ${e}`, str: (s) => `"${s}"`,
    call: (a) => `aes.NewCipher([]byte(${a}))`, arg: '"0123456789abcdef"', sep: '; ', member: '.', blocks: (l, i) => braces(l, i),
  },
  {
    id: 'javascript', path: 'lib/a.ts',
    tokens: ['const', 'let', 'var', 'function', '=>', 'class', 'import', 'from', 'require', 'export', 'async', 'await', 'new', 'return', '`tpl ${x}`', '/re/g', 'crypto.createHash', 'crypto.createCipheriv', "'aes-256-gcm'", 'as', 'interface', ': string'],
    wrap: (b) => `const crypto = require('crypto');\nfunction m() {\n${b}\n}\n`,
    v: (n) => n, assign: (n, e) => `const ${n} = ${e};`, str: (s) => `'${s}'`,
    call: (a) => `crypto.createHash(${a})`, arg: "'sha256'", sep: ' ', member: '.', blocks: (l, i) => braces(l, i),
  },
  {
    id: 'c', path: 'src/a.c',
    tokens: ['#include <openssl/evp.h>', '#define X 1', 'int', 'void', 'char', 'const', 'static', 'struct', 'return', 'if', 'else', 'NULL', 'sizeof', '->', '*', '&', 'EVP_aes_256_gcm()', 'EVP_EncryptInit_ex', 'EVP_get_cipherbyname', '#if', '#endif', 'unsigned char k[32]'],
    wrap: (b) => `#include <openssl/evp.h>\nvoid m(EVP_CIPHER_CTX *ctx, const unsigned char *k) {\n${b}\n}\n`,
    v: (n) => n, assign: (n, e) => `const char *${n} = ${e};`, str: (s) => `"${s}"`,
    call: (a) => `EVP_get_cipherbyname(${a})`, arg: '"aes-256-gcm"', sep: ' ', member: '.', blocks: (l, i) => braces(l, i),
  },
  {
    id: 'csharp', path: 'Src/A.cs',
    tokens: ['using', 'namespace', 'class', 'public', 'static', 'void', 'var', 'new', 'return', 'if', 'else', 'byte[]', 'string', '@"verbatim"', '$"{x}"', '"""raw"""', 'System.Security.Cryptography', 'Aes.Create()', 'HashAlgorithmName.SHA256', '=>', 'get;', 'set;'],
    wrap: (b) => `using System.Security.Cryptography;\nclass A {\n  void M() {\n${b}\n  }\n}\n`,
    v: (n) => n, assign: (n, e) => `var ${n} = ${e};`, str: (s) => `"${s}"`,
    call: (a) => `HashAlgorithm.Create(${a})`, arg: '"SHA256"', sep: ' ', member: '.', blocks: (l, i) => braces(l, i),
  },
  {
    id: 'rust', path: 'src/a.rs',
    tokens: ['fn', 'let', 'mut', 'use', 'mod', 'pub', 'impl', 'struct', 'match', '=>', '::', '&', '?', 'b"bytes"', 'r#"raw"#', "'a", '<T>', 'Aes256Gcm::new', 'Sha256::digest', 'aes_gcm', 'KeyInit', 'unsafe', 'macro_rules!'],
    wrap: (b) => `use aes_gcm::{Aes256Gcm, KeyInit};\nuse sha2::Sha256;\nfn m() {\n${b}\n}\n`,
    v: (n) => n, assign: (n, e) => `let ${n} = ${e};`, str: (s) => `"${s}"`,
    call: (a) => `Aes256Gcm::new_from_slice(${a})`, arg: 'b"0123456789abcdef0123456789abcdef"', sep: ' ', member: '.', blocks: (l, i) => braces(l, i),
  },
  {
    id: 'ruby', path: 'lib/a.rb',
    tokens: ['def', 'end', 'class', 'module', 'require', 'do', '|x|', 'if', 'unless', 'elsif', 'begin', 'rescue', 'nil', ':sym', '=>', '::', '@ivar', '"#{x}"', '%w[a b]', '<<~EOS', 'OpenSSL::Cipher.new', 'OpenSSL::Digest'],
    wrap: (b) => `require 'openssl'\ndef m\n${b}\nend\n`,
    v: (n) => n, assign: (n, e) => `${n} = ${e}`, str: (s) => `'${s}'`,
    call: (a) => `OpenSSL::Cipher.new(${a})`, arg: "'aes-256-gcm'", sep: '; ', member: '.', blocks: (l, i) => `${'begin\n'.repeat(l)}${i}\n${'end\n'.repeat(l)}`,
  },
  {
    id: 'php', path: 'src/A.php',
    tokens: ['<?php', '?>', 'function', 'class', 'public', 'static', 'return', 'if', 'else', 'new', 'use', 'namespace', '$x', '$this->', '->', '::', '=>', 'array(', '"$x"', "<<<EOT", 'openssl_encrypt', 'hash_hmac', "'aes-256-gcm'"],
    wrap: (b) => `<?php\nfunction m($d, $k) {\n${b}\n}\n`,
    v: (n) => `$${n}`, assign: (n, e) => `$${n} = ${e};`, str: (s) => `'${s}'`,
    call: (a) => `openssl_encrypt($d, ${a}, $k)`, arg: "'aes-256-gcm'", sep: ' ', member: '->', blocks: (l, i) => braces(l, i),
  },
  {
    id: 'swift', path: 'Sources/A/A.swift',
    tokens: ['func', 'let', 'var', 'import', 'class', 'struct', 'enum', 'extension', 'guard', 'if', 'else', 'return', 'try', '?', '!', '.bits256', '\\(x)', '"""', 'import CryptoKit', 'SHA256.hash(data:', 'AES.GCM.seal', 'SymmetricKey(size:', '$0', 'in'],
    wrap: (b) => `import CryptoKit\nfunc m(d: Data) throws {\n${b}\n}\n`,
    v: (n) => n, assign: (n, e) => `let ${n} = ${e}`, str: (s) => `"${s}"`,
    call: (a) => `SHA256.hash(data: Data(${a}.utf8))`, arg: '"abc"', sep: '; ', member: '.', blocks: (l, i) => braces(l, i, 'do {', '}'),
  },
];

export const PUNCTUATION = ['(', ')', '[', ']', '{', '}', '<', '>', ',', ';', '.', ':', '=', '==', '!=', '+', '-', '*', '/', '%', '|', '&', '^', '!', '?', '"', "'", '`', '\\', '#', '@', '$'];
export const LITERALS = ['"AES/GCM/NoPadding"', '"aes-256-gcm"', "'sha256'", '"RSA"', '"\\x00\\xff"', 'b"\\x00"', '"unterminated', "'", '0', '1', '16', '256', '2048', '0x20', '-1', '1_000', '1e9', '99999999999999999999999', '"\u00e9\u{1F600}"', '"\\u0000"'];
export const LAYOUT = ['\n', '\n', '\r\n', ' ', ' ', '\t', '// comment', '/* c', '*/', '# c', '-- c', '\u2028'];

/** The hostile shapes, each a whole file. */
export function shapes(lang: Lang, keywords: readonly string[]): Array<[string, string]> {
  const { v, assign, call, arg, str, wrap, sep, member } = lang;
  const nestedF = `${'f('.repeat(2_000)}${arg}${')'.repeat(2_000)}`;
  const aliases = [assign('a0', arg)];
  for (let i = 1; i <= 2_000; i++) aliases.push(assign(`a${i}`, v(`a${i - 1}`)));
  const oneCall = `${assign('c', call(arg))}${sep}`;
  // 1 MB (the walker's cap is 1 MiB) of the detector's own prefilter keywords on one line, then a call.
  const soup = keywords.map((k) => k.replace(/\n/g, ' ')).join(' ');
  const keywordLine = `${soup.repeat(Math.ceil(1_000_000 / (soup.length + 1))).slice(0, 1_000_000)}${sep}${oneCall}`;
  // Calls on one line: each detection's snippet comes from the same 100 KB line.
  const callLine = oneCall.repeat(Math.floor(100_000 / oneCall.length));
  return [
    ['5,000 nested parentheses', wrap(`${assign('x', `${'('.repeat(5_000)}${call(arg)}${')'.repeat(5_000)}`)}`)],
    ['5,000 nested brackets', wrap(`${assign('x', `${'['.repeat(5_000)}${call(arg)}${']'.repeat(5_000)}`)}`)],
    // Python nests blocks by indentation: 400 levels is the most the parser is given (see the refusal test).
    ['5,000 nested blocks', wrap(lang.blocks(lang.id === 'python' ? 400 : 5_000, assign('x', call(arg))))],
    ['5,000 unclosed parentheses', wrap(`${assign('x', `${'('.repeat(5_000)}${call(arg)}`)}`)],
    ['a call nested in f() 2,000 deep', wrap(assign('x', call(nestedF)))],
    ['the crypto call nested in itself 2,000 deep', wrap(assign('x', `${call('\u0000').split('\u0000')[0]!.repeat(2_000)}${arg}${call('\u0000').split('\u0000')[1]!.repeat(2_000)}`))],
    ['a 1 MB line of prefilter keywords', wrap(keywordLine)],
    ['a 100 KB line of crypto calls', wrap(callLine)],
    ['5,000 chained method calls', wrap(assign('x', `${call(arg)}${Array.from({ length: 5_000 }, (_, i) => `${member}m${i}()`).join('')}`))],
    ['a 500 KB string literal', wrap(`${assign('s', str('A'.repeat(500_000)))}\n${assign('c', call(str(`AES/GCM/${'NoPadding/'.repeat(50_000)}`)))}\n${assign('d', call(v('s')))}`)],
    ['5,000 crypto calls in one function', wrap(Array.from({ length: 5_000 }, (_, i) => assign(`c${i}`, call(arg))).join('\n'))],
    ['a 2,000-long alias chain', wrap(`${aliases.join('\n')}\n${assign('c', call(v('a2000')))}`)],
  ];
}

