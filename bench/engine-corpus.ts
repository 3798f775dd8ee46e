// Synthetic benchmark corpus for `npm run bench:engine`: a deterministic (seeded) mixed-language tree of
// at least 200 MB with realistic crypto density — mostly crypto-free application code, with crypto
// API calls in a minority of files, PEM certificates and keys, server configs and manifests. Written
// once into the OS temp dir and reused while this generator's source is unchanged (content hash).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const FIXTURES = new URL('../test/fixtures/artefacts/', import.meta.url).pathname;

/** mulberry32: small, fast, deterministic. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Lang {
  ext: string;
  dir: string;
  weight: number;
  header: (r: () => number, n: number) => string;
  plain: ((r: () => number, n: number) => string)[];
  crypto: ((r: () => number, n: number) => string)[];
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const ident = (r: () => number): string => pick(r, ['order', 'invoice', 'customer', 'session', 'report', 'payload', 'record', 'account', 'ledger', 'shipment', 'cart', 'profile']);
const pascal = (s: string): string => s[0]!.toUpperCase() + s.slice(1);

const LANGS: Lang[] = [
  {
    ext: 'java', dir: 'services/billing/src/main/java/com/example', weight: 22,
    header: (_r, n) => `package com.example.m${n % 50};\n\nimport java.util.*;\nimport java.util.stream.*;\n\npublic class Service${n} {\n`,
    plain: [
      (r, n) => `  public List<String> filter${n}(List<String> in) {\n    return in.stream().filter(s -> s.startsWith("${ident(r)}")).map(String::trim).collect(Collectors.toList());\n  }\n\n`,
      (r, n) => `  private int compute${n}(int a, int b) {\n    int acc = 0;\n    for (int i = 0; i < a; i++) { acc += (i * b) % ${3 + n % 17}; }\n    return acc; // ${ident(r)} total\n  }\n\n`,
      (r) => `  @Override\n  public String toString() {\n    return "${ident(r)}{" + "id=" + id + ", name='" + name + "'}";\n  }\n\n`,
    ],
    crypto: [
      () => `  byte[] encrypt(byte[] key, byte[] iv, byte[] data) throws Exception {\n    javax.crypto.Cipher c = javax.crypto.Cipher.getInstance("AES/GCM/NoPadding");\n    c.init(javax.crypto.Cipher.ENCRYPT_MODE, new javax.crypto.spec.SecretKeySpec(key, "AES"), new javax.crypto.spec.GCMParameterSpec(128, iv));\n    return c.doFinal(data);\n  }\n\n`,
      () => `  byte[] digest(byte[] data) throws Exception {\n    return java.security.MessageDigest.getInstance("SHA-256").digest(data);\n  }\n\n`,
      () => `  java.security.KeyPair keys() throws Exception {\n    java.security.KeyPairGenerator g = java.security.KeyPairGenerator.getInstance("RSA");\n    g.initialize(2048);\n    return g.generateKeyPair();\n  }\n\n`,
      () => `  byte[] legacy(byte[] d) throws Exception {\n    return java.security.MessageDigest.getInstance("MD5").digest(d);\n  }\n\n`,
    ],
  },
  {
    ext: 'py', dir: 'api/app', weight: 20,
    header: (_r, n) => `"""Module ${n}."""\nfrom __future__ import annotations\n\nimport json\nimport logging\n\nlog = logging.getLogger(__name__)\n\n`,
    plain: [
      (r, n) => `def handle_${ident(r)}_${n}(payload: dict) -> dict:\n    items = [x for x in payload.get("items", []) if x.get("qty", 0) > ${n % 9}]\n    log.info("processed %d items", len(items))\n    return {"count": len(items), "total": sum(i["price"] for i in items)}\n\n\n`,
      (r, n) => `class ${ident(r).toUpperCase()}Repo${n}:\n    def __init__(self, db):\n        self.db = db\n\n    def find(self, key):\n        return self.db.get(key)\n\n\n`,
    ],
    crypto: [
      () => `import hashlib\n\ndef fingerprint(data: bytes) -> str:\n    return hashlib.sha256(data).hexdigest()\n\n\n`,
      () => `from cryptography.hazmat.primitives.ciphers.aead import AESGCM\n\ndef seal(key, nonce, data):\n    return AESGCM(key).encrypt(nonce, data, None)\n\n\n`,
      () => `import hashlib\n\ndef derive(pw: bytes, salt: bytes) -> bytes:\n    return hashlib.pbkdf2_hmac("sha256", pw, salt, 100000)\n\n\n`,
    ],
  },
  {
    ext: 'go', dir: 'svc/internal', weight: 15,
    header: (_r, n) => `package pkg${n % 40}\n\nimport (\n\t"fmt"\n\t"strings"\n)\n\n`,
    plain: [
      (r, n) => `func Format${n}(in []string) string {\n\tvar b strings.Builder\n\tfor i, s := range in {\n\t\tfmt.Fprintf(&b, "%d:%s;", i, s)\n\t}\n\treturn b.String() // ${ident(r)}\n}\n\n`,
      (r, n) => `type ${ident(r)}${n} struct {\n\tID   int\n\tName string\n}\n\nfunc (x *${ident(r)}${n}) Valid() bool { return x.ID > 0 && x.Name != "" }\n\n`,
    ],
    crypto: [
      // A crypto snippet comes right after the header, so its own import block is still valid Go
      // (imports precede every other declaration); without it the code would not compile, and the Go
      // detector, which resolves calls through imports, would rightly see nothing.
      () => `import "crypto/sha256"\n\nfunc sum(data []byte) [32]byte {\n\treturn sha256.Sum256(data)\n}\n\n`,
      () => `import (\n\t"crypto/aes"\n\t"crypto/cipher"\n)\n\nfunc block(key []byte) (cipher.Block, error) {\n\treturn aes.NewCipher(key)\n}\n\n`,
    ],
  },
  {
    ext: 'ts', dir: 'web/src', weight: 18,
    header: () => `import { z } from 'zod';\n\n`,
    plain: [
      (r, n) => `export function map${n}(rows: { id: number; name: string }[]): string[] {\n  return rows.filter((r) => r.id > ${n % 13}).map((r) => \`\${r.id}:\${r.name}\`); // ${ident(r)}\n}\n\n`,
      (r, n) => `export const ${ident(r)}Schema${n} = z.object({ id: z.number().int(), name: z.string().min(1), tags: z.array(z.string()) });\n\n`,
    ],
    crypto: [
      () => `import { createHash, createCipheriv } from 'node:crypto';\nexport const digest = (b: Buffer) => createHash('sha256').update(b).digest('hex');\nexport const enc = (k: Buffer, iv: Buffer) => createCipheriv('aes-256-gcm', k, iv);\n\n`,
    ],
  },
  {
    ext: 'c', dir: 'native/src', weight: 10,
    header: () => `#include <stdio.h>\n#include <string.h>\n\n`,
    plain: [
      (_r, n) => `static int parse_${n}(const char *s, size_t n) {\n    int acc = 0;\n    for (size_t i = 0; i < n; i++) acc = acc * 31 + s[i];\n    return acc;\n}\n\n`,
    ],
    crypto: [
      () => `static int enc(EVP_CIPHER_CTX *ctx, const unsigned char *key, const unsigned char *iv) {\n    return EVP_EncryptInit_ex(ctx, EVP_aes_256_gcm(), NULL, key, iv);\n}\n\n`,
    ],
  },
  {
    ext: 'cs', dir: 'dotnet/Billing', weight: 10,
    header: () => `using System;\nusing System.Collections.Generic;\nusing System.Linq;\n\n`,
    plain: [
      (r, n) => `public sealed class ${pascal(ident(r))}Query${n}\n{\n    public IReadOnlyList<string> Select(IEnumerable<string> rows) =>\n        rows.Where(s => s.Length > ${n % 11}).Select(s => s.Trim()).ToList();\n}\n\n`,
      (r, n) => `public record ${pascal(ident(r))}Dto${n}(int Id, string Name, decimal Total);\n\n`,
    ],
    crypto: [
      // Right after the header, so the using directive still precedes every type declaration.
      (_r, n) => `using System.Security.Cryptography;\n\npublic static class Hashing${n}\n{\n    public static byte[] Digest(byte[] data) => SHA256.HashData(data);\n}\n\n`,
      (_r, n) => `using System.Security.Cryptography;\n\npublic static class Sealer${n}\n{\n    public static void Seal(byte[] key, byte[] nonce, byte[] plain, byte[] cipher, byte[] tag)\n    {\n        using var gcm = new AesGcm(key, 16);\n        gcm.Encrypt(nonce, plain, cipher, tag);\n    }\n}\n\n`,
      (_r, n) => `using System.Security.Cryptography;\n\npublic static class Signing${n}\n{\n    public static RSA NewKey() => RSA.Create(2048);\n}\n\n`,
    ],
  },
  {
    ext: 'rs', dir: 'rust/ledger/src', weight: 8,
    header: () => `use std::collections::HashMap;\nuse std::fmt::Write;\n\n`,
    plain: [
      (r, n) => `pub fn summarise_${ident(r)}_${n}(rows: &[(u32, String)]) -> String {\n    let mut out = String::new();\n    for (id, name) in rows.iter().filter(|(id, _)| *id > ${n % 13}) {\n        let _ = write!(out, "{}:{};", id, name.trim());\n    }\n    out\n}\n\n`,
      (r, n) => `#[derive(Debug, Clone)]\npub struct ${pascal(ident(r))}${n} {\n    pub id: u64,\n    pub tags: HashMap<String, String>,\n}\n\nimpl ${pascal(ident(r))}${n} {\n    pub fn valid(&self) -> bool { self.id > 0 && !self.tags.is_empty() }\n}\n\n`,
    ],
    crypto: [
      // use declarations may appear anywhere in a module, so a snippet carries its own.
      (_r, n) => `use sha2::{Digest, Sha256};\n\npub fn fingerprint_${n}(data: &[u8]) -> Vec<u8> {\n    Sha256::digest(data).to_vec()\n}\n\n`,
      (_r, n) => `use aes_gcm::{aead::{Aead, KeyInit}, Aes256Gcm, Nonce};\n\npub fn seal_${n}(key: &[u8], nonce: &[u8], data: &[u8]) -> Vec<u8> {\n    let cipher = Aes256Gcm::new_from_slice(key).expect("32-byte key");\n    cipher.encrypt(Nonce::from_slice(nonce), data).expect("seal")\n}\n\n`,
      (_r, n) => `use rsa::RsaPrivateKey;\n\npub fn new_key_${n}() -> RsaPrivateKey {\n    RsaPrivateKey::new(&mut rand::thread_rng(), 3072).expect("rsa")\n}\n\n`,
    ],
  },
  {
    ext: 'kt', dir: 'android/app/src/main/java/com/example', weight: 8,
    header: (_r, n) => `package com.example.f${n % 30}\n\nimport java.util.Locale\n\n`,
    plain: [
      (r, n) => `data class ${pascal(ident(r))}Row${n}(val id: Long, val name: String, val tags: List<String> = emptyList())\n\n`,
      (r, n) => `fun format${pascal(ident(r))}${n}(rows: List<Pair<Int, String>>): String =\n    rows.filter { it.first > ${n % 13} }.joinToString(";") { "\${it.first}:\${it.second.trim().lowercase(Locale.ROOT)}" }\n\n`,
    ],
    crypto: [
      // Imports must precede declarations, so a snippet right after the header carries its own.
      (_r, n) => `import java.security.MessageDigest\n\nfun digest${n}(data: ByteArray): ByteArray = MessageDigest.getInstance("SHA-256").digest(data)\n\n`,
      (_r, n) => `import javax.crypto.Cipher\nimport javax.crypto.spec.GCMParameterSpec\nimport javax.crypto.spec.SecretKeySpec\n\nfun seal${n}(key: ByteArray, iv: ByteArray, data: ByteArray): ByteArray {\n    val c = Cipher.getInstance("AES/GCM/NoPadding")\n    c.init(Cipher.ENCRYPT_MODE, SecretKeySpec(key, "AES"), GCMParameterSpec(128, iv))\n    return c.doFinal(data)\n}\n\n`,
    ],
  },
  {
    ext: 'swift', dir: 'ios/App/Sources', weight: 6,
    header: () => `import Foundation\n\n`,
    plain: [
      (r, n) => `struct ${pascal(ident(r))}Row${n}: Codable {\n    let id: Int\n    let name: String\n    var tags: [String] = []\n}\n\n`,
      (r, n) => `func format${pascal(ident(r))}${n}(_ rows: [(Int, String)]) -> String {\n    rows.filter { $0.0 > ${n % 13} }.map { "\\($0.0):\\($0.1.trimmingCharacters(in: .whitespaces))" }.joined(separator: ";")\n}\n\n`,
    ],
    crypto: [
      // Imports precede declarations, so a snippet right after the header carries its own.
      (_r, n) => `import CryptoKit\n\nfunc digest${n}(_ data: Data) -> SHA256.Digest {\n    SHA256.hash(data: data)\n}\n\n`,
      (_r, n) => `import CryptoKit\n\nfunc seal${n}(_ data: Data) throws -> Data? {\n    let key = SymmetricKey(size: .bits256)\n    return try AES.GCM.seal(data, using: key).combined\n}\n\n`,
    ],
  },
  {
    ext: 'php', dir: 'php/src', weight: 8,
    header: (_r, n) => `<?php\n\nnamespace App\\M${n % 30};\n\n`,
    plain: [
      (r, n) => `function format_${ident(r)}_${n}(array $rows): string\n{\n    $out = [];\n    foreach ($rows as $id => $name) {\n        if ($id > ${n % 13}) { $out[] = $id . ':' . trim($name); }\n    }\n    return implode(';', $out);\n}\n\n`,
      (r, n) => `final class ${pascal(ident(r))}Repository${n}\n{\n    public function __construct(private array $rows = []) {}\n\n    public function count(): int { return count($this->rows); }\n}\n\n`,
    ],
    crypto: [
      (_r, n) => `function digest_${n}(string $data): string\n{\n    return hash('sha256', $data);\n}\n\n`,
      (_r, n) => `function seal_${n}(string $data, string $key, string $iv): string\n{\n    return openssl_encrypt($data, 'aes-256-gcm', $key, OPENSSL_RAW_DATA, $iv, $tag);\n}\n\n`,
    ],
  },
  {
    ext: 'rb', dir: 'ruby/app/models', weight: 6,
    header: () => `# frozen_string_literal: true\n\nrequire 'json'\n\n`,
    plain: [
      (r, n) => `def format_${ident(r)}_${n}(rows)\n  rows.select { |id, _| id > ${n % 13} }.map { |id, name| "#{id}:#{name.strip}" }.join(';')\nend\n\n`,
      (r, n) => `class ${pascal(ident(r))}Query${n}\n  attr_reader :rows\n\n  def initialize(rows = [])\n    @rows = rows\n  end\nend\n\n`,
    ],
    crypto: [
      (_r, n) => `def digest_${n}(data)\n  OpenSSL::Digest.new('SHA256').hexdigest(data)\nend\n\n`,
      (_r, n) => `def seal_${n}(data, key, iv)\n  cipher = OpenSSL::Cipher.new('aes-256-gcm')\n  cipher.encrypt\n  cipher.key = key\n  cipher.iv = iv\n  cipher.update(data) + cipher.final\nend\n\n`,
    ],
  },
  {
    ext: 'yaml', dir: 'deploy', weight: 5,
    header: (_r, n) => `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app-${n}\n`,
    plain: [(r, n) => `spec:\n  replicas: ${1 + (n % 5)}\n  template:\n    metadata:\n      labels:\n        app: ${ident(r)}\n`],
    crypto: [],
  },
];

const CRYPTO_FILE_RATE = 0.08;
const TARGET_BYTES = 205 * 1024 * 1024;

function generatorHash(): string {
  return createHash('sha256').update(readFileSync(new URL(import.meta.url).pathname)).update(String(TARGET_BYTES)).digest('hex').slice(0, 16);
}

export interface Corpus {
  root: string;
  files: number;
  bytes: number;
  reused: boolean;
}

export function ensureCorpus(): Corpus {
  const root = join(tmpdir(), `cbom-bench-engine-${generatorHash()}`);
  const marker = join(root, '.complete.json');
  if (existsSync(marker)) return { ...(JSON.parse(readFileSync(marker, 'utf8')) as Omit<Corpus, 'reused'>), reused: true };
  // Old corpora from earlier generator versions are removed so the temp dir does not fill up.
  for (const name of readdirSync(tmpdir())) if (name.startsWith('cbom-bench-engine-')) rmSync(join(tmpdir(), name), { recursive: true, force: true });

  const r = rng(0xc0ffee);
  const pems = ['certs/selfsigned-rsa2048.pem', 'certs/leaf-ec-p256.pem', 'certs/expired-rsa1024-sha1.pem', 'keys/ec-p256-sec1.pem', 'keys/rsa2048-pkcs8.pem']
    .map((f) => readFileSync(FIXTURES + f, 'utf8'));
  const configs: Record<string, string> = {
    'nginx.conf': 'server {\n  listen 443 ssl;\n  ssl_protocols TLSv1.2 TLSv1.3;\n  ssl_ciphers ECDHE-RSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384;\n}\n',
    sshd_config: 'Ciphers aes256-gcm@openssh.com,aes128-ctr\nKexAlgorithms curve25519-sha256\nMACs hmac-sha2-256\n',
    'package.json': JSON.stringify({ name: 'x', dependencies: { 'node-forge': '1.3.1', express: '4.19.2' } }, null, 2),
    'requirements.txt': 'cryptography==42.0.5\nflask==3.0.3\n',
    'go.mod': 'module example.test/x\n\ngo 1.22\n\nrequire golang.org/x/crypto v0.22.0\n',
  };
  const totalWeight = LANGS.reduce((s, l) => s + l.weight, 0);
  let bytes = 0;
  let files = 0;
  const write = (rel: string, content: string): void => {
    const p = join(root, rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, content);
    bytes += Buffer.byteLength(content);
    files++;
  };
  while (bytes < TARGET_BYTES) {
    const n = files;
    if (n % 400 === 0) {
      write(`artefacts/m${n}/tls/${n}.pem`, pick(r, pems));
      for (const [name, body] of Object.entries(configs)) write(`artefacts/m${n}/${name}`, body);
      continue;
    }
    let w = r() * totalWeight;
    const lang = LANGS.find((l) => (w -= l.weight) < 0) ?? LANGS[0]!;
    const size = 2048 + Math.floor(r() * r() * 40000);
    let body = lang.header(r, n);
    if (lang.crypto.length > 0 && r() < CRYPTO_FILE_RATE) body += pick(r, lang.crypto)(r, n);
    while (body.length < size) body += pick(r, lang.plain)(r, n + body.length);
    write(`${lang.dir}/d${n % 97}/f${n}.${lang.ext}`, body);
  }
  const info = { root, files, bytes };
  writeFileSync(marker, JSON.stringify(info));
  return { ...info, reused: false };
}
