// Encoder scale benchmark: an inventory of 50,000 assets and 500,000 occurrences, encoded as
// CycloneDX and SPDX with the streaming writer (writeBom: the target of issue 5) and as one string
// (encodeBom: what the service stores today), plus verifying a CycloneDX document. Each measurement runs in its own child process so that peak RSS belongs to that
// phase alone. Baseline, measured in the same run: JSON.stringify of the same inventory (the least
// any encoder must do: touch every occurrence and write bytes).
//
//   npm run bench:encode            (ASSETS=50000 OCCURRENCES=500000 by default)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { METHODOLOGY_VERSION } from '../src/engine/methodology.js';
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { encodeBom, verifyBom, writeBom, type BomFormat } from '../src/engine/encoders/index.js';
import { SEVERITIES, SKIP_REASONS } from '../src/engine/inventory/model.js';
import type { Asset, Finding, Occurrence, ScanResult, SourceDescriptor } from '../src/engine/inventory/model.js';

const ASSETS = Number(process.env.ASSETS ?? 50_000);
const OCCURRENCES = Number(process.env.OCCURRENCES ?? 500_000);
const TARGET_MS = 2000;
/** Runs per phase (in the same child process); the fastest is reported, the machine is shared. */
const REPEAT = Number(process.env.REPEAT ?? 3);

/** Deterministic synthetic inventory: every asset kind, references between assets, ~1 finding per 20 assets. */
function synthesize(): { result: ScanResult; source: SourceDescriptor } {
  const assets: Asset[] = [];
  let occLeft = OCCURRENCES;
  const occurrencesFor = (i: number, n: number): Occurrence[] =>
    Array.from({ length: n }, (_, j) => {
      const file = (i * 7 + j * 13) % 20_000;
      return {
        path: `src/module${file % 97}/sub${file % 11}/File${file}.java`,
        line: 10 + ((i + j * 31) % 900),
        column: 5 + (j % 40),
        offset: 400 + ((i * 131 + j * 17) % 60_000),
        symbol: 'Cipher.getInstance',
        snippet: `Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding"); // call site ${i}.${j}`,
        detector: 'java',
      };
    });
  for (let i = 0; i < ASSETS; i++) {
    const n = Math.min(occLeft, Math.floor(OCCURRENCES / ASSETS));
    occLeft -= n;
    const occurrences = occurrencesFor(i, i === ASSETS - 1 ? n + occLeft : n);
    const k = i % 10;
    const alg = (m: number) => `algorithm/alg-${String(m - (m % 10)).padStart(6, '0')}`;
    if (k <= 5) {
      assets.push({
        kind: 'algorithm', id: alg(i) + (k === 0 ? '' : `-${k}`), name: `ALG-${i}`, family: 'AES', primitive: 'ae',
        params: { keySize: 256, mode: 'GCM', tagLength: 128 }, unknownParams: k === 3 ? ['ivLength'] : [], oid: `2.16.840.1.101.3.4.1.${i}`,
        classicalSecurityBits: k === 4 ? null : 256, nistQuantumLevel: k === 4 ? null : 5, broken: false, deprecated: null,
        cryptoFunctions: ['encrypt', 'decrypt'], kbEntry: 'AES-256-GCM', occurrences,
      });
    } else if (k === 6) {
      assets.push({
        kind: 'certificate', id: `certificate/${i.toString(16).padStart(64, '0')}`, name: `CN=host${i}.example`, subject: `CN=host${i}.example`,
        issuer: 'CN=Example CA', serialNumber: `0x${i.toString(16)}`, notBefore: '2024-01-01T00:00:00Z', notAfter: '2026-01-01T00:00:00Z',
        format: 'X.509', fingerprintSha256: i.toString(16).padStart(64, '0'), signatureAlgorithmRef: alg(i), subjectPublicKeyRef: null, occurrences,
      });
    } else if (k === 7) {
      assets.push({
        kind: 'related-crypto-material', id: `related-crypto-material/private-key/rsa-2048/${`${i.toString(16).padStart(63, '0')}b`}`, name: `key ${i}`,
        materialType: 'private-key', format: 'PKCS#8', algorithmRef: alg(i), size: 2048, encrypted: false, fingerprintSha256: `${i.toString(16).padStart(63, '0')}b`, occurrences,
      });
    } else if (k === 8) {
      assets.push({
        kind: 'protocol', id: `protocol/tls/1.${i}`, name: `TLS 1.${i}`, protocolType: 'tls', version: `1.${i}`,
        cipherSuites: [{ name: 'TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384', identifiers: ['0xC0', '0x30'], algorithmRefs: [alg(i), `${alg(i)}-1`] }], occurrences,
      });
    } else {
      assets.push({
        kind: 'library', id: `library/pkg:npm/lib-${i}@1.0.${i}`, name: `lib-${i}`, ecosystem: 'npm', packageName: `lib-${i}`, version: `1.0.${i}`,
        purl: `pkg:npm/lib-${i}@1.0.${i}`, providesRefs: [alg(i), `${alg(i)}-2`], occurrences,
      });
    }
  }
  const findings: Finding[] = assets.filter((_, i) => i % 20 === 0).map((a, j) => ({
    id: `rule-${j % 7}:${a.id}`, ruleId: `rule-${j % 7}`, severity: SEVERITIES[j % 5]!, title: `Finding about ${a.name}`,
    detail: 'Synthetic finding for the benchmark.', remediation: 'None needed.', assetRef: a.id,
    locations: a.occurrences.slice(0, 2).map(({ path, line, column }) => ({ path, line, column })),
  }));
  const summary = Object.fromEntries(SEVERITIES.map((s) => [s, findings.filter((f) => f.severity === s).length])) as Record<(typeof SEVERITIES)[number], number>;
  const result: ScanResult = {
    inventory: {
      assets,
      signals: [],
      stats: { filesSeen: 30_000, filesScanned: 20_000, bytesScanned: 400_000_000, skipped: Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as ScanResult['inventory']['stats']['skipped'], filesByDetector: { java: 20_000 }, truncated: false },
    },
    findings,
    findingsSummary: { ...summary, total: findings.length },
    score: 50,
    methodologyVersion: METHODOLOGY_VERSION,
  };
  return { result, source: { repository: { owner: 'bench', name: 'big', ref: 'main', commit: 'a'.repeat(40), committedAt: '2025-01-01T00:00:00Z' }, name: 'big', timestamp: '2025-01-01T00:00:00Z' } };
}

type Phase = 'baseline' | BomFormat | 'cyclonedx-string' | 'spdx-string' | 'verify-cyclonedx' | 'canonicalize-pkg';

function runOnce(phase: Phase, result: ScanResult, source: SourceDescriptor): { ms: number; cpuMs: number; bytes: number } {
  let bytes = 0;
  let t = process.hrtime.bigint();
  let cpu = process.cpuUsage();
  if (phase === 'baseline') {
    // What any encoder must at least do: serialize every occurrence once and hash the bytes.
    const json = JSON.stringify(result);
    createHash('sha256').update(json).digest('hex');
    bytes = json.length;
  } else if (phase === 'cyclonedx' || phase === 'spdx') {
    // Streamed: pieces of ~64 Ki characters, each hashed and handed on, none kept.
    writeBom(result, source, phase, (chunk) => {
      bytes += chunk.length;
    });
  } else if (phase === 'cyclonedx-string' || phase === 'spdx-string') {
    bytes = encodeBom(result, source, phase === 'spdx-string' ? 'spdx' : 'cyclonedx').json.length;
  } else {
    // Checking a document someone hands us: parse, then canonicalize (ours, or the canonicalize package).
    const json = encodeBom(result, source, 'cyclonedx').json;
    bytes = json.length;
    t = process.hrtime.bigint();
    cpu = process.cpuUsage();
    if (phase === 'verify-cyclonedx') {
      if (!verifyBom(json).ok) throw new Error('verify failed');
    } else {
      createHash('sha256').update(canonicalize(JSON.parse(json))!).digest('hex');
    }
  }
  const used = process.cpuUsage(cpu);
  return { ms: Number(process.hrtime.bigint() - t) / 1e6, cpuMs: (used.user + used.system) / 1000, bytes };
}

function runPhase(phase: Phase): void {
  const { result, source } = synthesize();
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const rssBefore = process.memoryUsage().rss;
  const times: number[] = [];
  const cpus: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REPEAT; i++) {
    const r = runOnce(phase, result, source);
    times.push(r.ms);
    cpus.push(r.cpuMs);
    bytes = r.bytes;
    gc?.();
  }
  process.stdout.write(JSON.stringify({
    phase, ms: Math.round(Math.min(...times)), cpuMs: Math.round(Math.min(...cpus)), bytes, rssBeforeMB: Math.round(rssBefore / 2 ** 20), peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  }));
}

const phaseArg = process.argv.find((a) => a.startsWith('--phase='))?.slice('--phase='.length) as Phase | undefined;
if (phaseArg) {
  runPhase(phaseArg);
} else {
  const self = fileURLToPath(import.meta.url);
  const rows: Record<string, { phase: string; ms: number; cpuMs: number; bytes: number; rssBeforeMB: number; peakRssMB: number }> = {};
  console.log(`encode bench: ${ASSETS} assets, ${OCCURRENCES} occurrences (each phase in its own process, fastest of ${REPEAT} runs; output MB = million UTF-16 units)`);
  for (const phase of ['baseline', 'cyclonedx', 'spdx', 'cyclonedx-string', 'spdx-string', 'verify-cyclonedx', 'canonicalize-pkg'] as Phase[]) {
    const r = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=4096', '--import', 'tsx', self, `--phase=${phase}`], { encoding: 'utf8', env: process.env });
    if (r.status !== 0) {
      console.error(`phase ${phase} failed:\n${r.stderr}`);
      process.exit(1);
    }
    rows[phase] = JSON.parse(r.stdout);
  }
  const base = rows.baseline!;
  console.log('phase              wall ms   CPU ms  output MB  RSS before MB  peak RSS MB  x baseline (CPU)');
  for (const r of Object.values(rows)) {
    console.log(`${r.phase.padEnd(17)} ${String(r.ms).padStart(8)} ${String(r.cpuMs).padStart(8)} ${(r.bytes / 2 ** 20).toFixed(1).padStart(10)} ${String(r.rssBeforeMB).padStart(14)} ${String(r.peakRssMB).padStart(12)} ${(r.cpuMs / base.cpuMs).toFixed(2).padStart(17)}`);
  }
  for (const f of ['cyclonedx', 'spdx', 'cyclonedx-string', 'spdx-string']) {
    const r = rows[f]!;
    console.log(`${f}: ${r.ms} ms wall, ${r.cpuMs} ms CPU (${r.cpuMs <= TARGET_MS ? 'within' : 'OVER'} the ${TARGET_MS} ms target in CPU time, ${(r.cpuMs / base.cpuMs).toFixed(1)}x the baseline), peak RSS ${r.peakRssMB} MB of which ${r.peakRssMB - r.rssBeforeMB} MB during encoding`);
  }
}
