// Both encodings of every fixture: valid against the official schemas with reference integrity,
// reproducible byte for byte, independent of input order, carrying the same assets and the facts a
// reader relies on (levels left out when unknown, references, occurrences, findings).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { encodeBom, verifyBom, type BomFormat } from '../../../src/engine/encoders/index.js';
import { fixtures } from '../../fixtures/encoders/scans.js';
import type { ScanResult } from '../../../src/engine/inventory/model.js';
import { cycloneDxIntegrityErrors, cycloneDxSchemaErrors, spdxIntegrityErrors, spdxSchemaErrors } from './validate.js';

type AnyObj = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed JSON documents
const FORMATS: BomFormat[] = ['cyclonedx', 'spdx'];
const byName = (n: string) => fixtures.find((f) => f.name === n)!;
const parse = (json: string): AnyObj => JSON.parse(json) as AnyObj;

function reversedDeep(result: ScanResult): ScanResult {
  // Same content, every array the inventory hands over in reverse order.
  const r = structuredClone(result);
  r.inventory.assets.reverse();
  for (const a of r.inventory.assets) {
    a.occurrences.reverse();
    if (a.kind === 'algorithm') { a.cryptoFunctions.reverse(); a.unknownParams.reverse(); }
    if (a.kind === 'protocol') { a.cipherSuites.reverse(); for (const s of a.cipherSuites) s.algorithmRefs.reverse(); }
    if (a.kind === 'library') a.providesRefs.reverse();
  }
  r.findings.reverse();
  for (const f of r.findings) f.locations.reverse();
  return r;
}

for (const fx of fixtures) {
  describe(`encoders: fixture ${fx.name}`, () => {
    it('CycloneDX validates against bom-1.6.schema.json with no dangling or duplicate bom-refs', () => {
      const doc = parse(encodeBom(fx.result, fx.source, 'cyclonedx').json);
      assert.deepEqual(cycloneDxSchemaErrors(doc), []);
      assert.deepEqual(cycloneDxIntegrityErrors(doc), []);
    });

    it('SPDX validates against the SPDX 3.0.1 JSON schema with no dangling or duplicate ids', () => {
      const doc = parse(encodeBom(fx.result, fx.source, 'spdx').json);
      assert.deepEqual(spdxSchemaErrors(doc), []);
      assert.deepEqual(spdxIntegrityErrors(doc), []);
    });

    for (const format of FORMATS) {
      it(`${format}: same input twice and in any order gives identical bytes`, () => {
        const a = encodeBom(fx.result, fx.source, format);
        const b = encodeBom(structuredClone(fx.result), structuredClone(fx.source), format);
        const c = encodeBom(reversedDeep(fx.result), fx.source, format);
        assert.equal(a.json, b.json);
        assert.equal(a.json, c.json);
        assert.equal(a.sha256, c.sha256);
      });

      it(`${format}: svc_bom_sha256 is the SHA-256 of the RFC 8785 form without that entry (checked with the canonicalize package)`, () => {
        const enc = encodeBom(fx.result, fx.source, format);
        const doc = parse(enc.json);
        const list: AnyObj[] = format === 'cyclonedx'
          ? doc.metadata.properties
          : doc['@graph'].find((n: AnyObj) => n.type === 'SpdxDocument').extension[0].extension_cdxProperty;
        const nameKey = format === 'cyclonedx' ? 'name' : 'extension_cdxPropName';
        const at = list.findIndex((e) => e[nameKey] === 'svc_bom_sha256');
        assert.ok(at >= 0);
        list.splice(at, 1);
        const independent = createHash('sha256').update(canonicalize(doc)!, 'utf8').digest('hex');
        assert.equal(enc.sha256, independent);
        assert.match(enc.json, new RegExp(enc.sha256));
        assert.deepEqual(verifyBom(enc.json), { ok: true, format, expected: enc.sha256, actual: enc.sha256, methodologyVersion: fx.result.methodologyVersion });
      });

      it(`${format}: the bytes served are the RFC 8785 canonical form of the document`, () => {
        const enc = encodeBom(fx.result, fx.source, format);
        assert.equal(enc.json, canonicalize(JSON.parse(enc.json)));
      });

      it(`${format}: a tampered document fails verification`, () => {
        const enc = encodeBom(fx.result, fx.source, format);
        const doc = parse(enc.json);
        if (format === 'cyclonedx') doc.metadata.timestamp = '2030-01-01T00:00:00Z';
        else doc['@graph'][0].created = '2030-01-01T00:00:00Z';
        const v = verifyBom(JSON.stringify(doc));
        assert.equal(v.ok, false);
        assert.equal(v.expected, enc.sha256);
        assert.notEqual(v.actual, enc.sha256);
        // Re-indenting is not tampering: the digest is over the canonical form.
        assert.equal(verifyBom(JSON.stringify(parse(enc.json))).ok, true);
      });
    }

    it('both encodings carry the same set of assets', () => {
      const cdx = parse(encodeBom(fx.result, fx.source, 'cyclonedx').json);
      const spdx = parse(encodeBom(fx.result, fx.source, 'spdx').json);
      const expected = fx.result.inventory.assets.map((a) => `${a.kind === 'library' ? 'library' : 'crypto'}|${a.name}`).sort();
      const fromCdx = (cdx.components as AnyObj[]).map((c) => `${c.type === 'library' ? 'library' : 'crypto'}|${c.name}`).sort();
      const spdxDoc = (spdx['@graph'] as AnyObj[]);
      const repo = spdxDoc.find((n) => n.type === 'software_Sbom').rootElement[0];
      const fromSpdx = spdxDoc
        .filter((n) => n.type === 'software_Package' && n.spdxId !== repo)
        .map((n) => `${n.summary?.startsWith('security_CryptographicAsset') ? 'crypto' : 'library'}|${n.name}`)
        .sort();
      assert.deepEqual(fromCdx, expected);
      assert.deepEqual(fromSpdx, expected);
      // And the same crypto facts: every cryptoProperties leaf appears as an SPDX entry with the same value
      // (references translated from bom-refs to spdxIds).
      const refToName = new Map((cdx.components as AnyObj[]).map((c) => [c['bom-ref'], c.name]));
      const idToName = new Map(spdxDoc.map((n) => [n.spdxId, n.name]));
      for (const c of cdx.components as AnyObj[]) {
        if (!c.cryptoProperties) continue;
        const pkg = spdxDoc.find((n) => n.type === 'software_Package' && n.name === c.name)!;
        const entries = new Map<string, string>((pkg.extension[0].extension_cdxProperty as AnyObj[]).map((e) => [e.extension_cdxPropName, e.extension_cdxPropValue]));
        const leaves: [string, unknown][] = [];
        const walk = (p: string, v: unknown): void => {
          if (Array.isArray(v)) v.forEach((x, i) => walk(`${p}[${i}]`, x));
          else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(`${p}.${k}`, x);
          else leaves.push([p, v]);
        };
        walk('cbom:cryptoProperties', c.cryptoProperties);
        for (const [name, value] of leaves) {
          const isRef = /Ref$|\.algorithms\[\d+\]$/.test(name);
          const got = entries.get(name);
          assert.equal(isRef ? idToName.get(got) : got, isRef ? refToName.get(value) : String(value), `${c.name} ${name}`);
        }
        assert.equal(entries.get('cbom:elementType'), 'security_CryptographicAsset');
      }
    });

    it('document timestamps are the source time at whole seconds', () => {
      const want = new Date(Math.floor(Date.parse(fx.source.timestamp) / 1000) * 1000).toISOString().replace('.000Z', 'Z');
      assert.equal(parse(encodeBom(fx.result, fx.source, 'cyclonedx').json).metadata.timestamp, want);
      assert.equal(parse(encodeBom(fx.result, fx.source, 'spdx').json)['@graph'][0].created, want);
    });
  });
}

describe('encoders: CycloneDX content', () => {
  const fx = byName('github-service');
  const bom = parse(encodeBom(fx.result, fx.source, 'cyclonedx').json);
  const comp = (ref: string): AnyObj => (bom.components as AnyObj[]).find((c) => c['bom-ref'] === ref)!;

  it('names the repository by a pkg:github purl at the commit and carries the methodology version', () => {
    assert.equal(bom.metadata.component.purl, 'pkg:github/acme-corp/payments-api@4e1d2c9a7b3f5e6d8c0a1b2c3d4e5f6a7b8c9d0e');
    const props = new Map((bom.metadata.properties as AnyObj[]).map((p) => [p.name, p.value]));
    assert.equal(props.get('svc_methodology_version'), fx.result.methodologyVersion);
    assert.equal(props.get('svc_findings_critical'), '2');
    assert.equal(props.get('svc_score'), '41');
    assert.match(bom.serialNumber, /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('writes full algorithm properties and readable bom-refs with the OID', () => {
    const aes = comp('crypto/algorithm/aes-256-gcm@2.16.840.1.101.3.4.1.46');
    assert.deepEqual(aes.cryptoProperties, {
      assetType: 'algorithm',
      algorithmProperties: { primitive: 'ae', parameterSetIdentifier: '256', mode: 'gcm', cryptoFunctions: ['decrypt', 'encrypt'], classicalSecurityLevel: 256, nistQuantumSecurityLevel: 5 },
      oid: '2.16.840.1.101.3.4.1.46',
    });
    assert.deepEqual(aes.evidence.occurrences.map((o: AnyObj) => [o.location, o.line, o.offset]), [
      ['src/main/java/com/acme/pay/TokenVault.java', 41, 1402],
      ['src/main/java/com/acme/pay/TokenVault.java', 88, 3120],
    ]);
    assert.equal(comp('crypto/algorithm/ml-kem-768@2.16.840.1.101.3.4.4.2').cryptoProperties.algorithmProperties.parameterSetIdentifier, '768');
  });

  it('leaves out a security level the inventory does not know instead of writing null', () => {
    const cbc = comp('crypto/algorithm/aes-cbc');
    assert.equal('classicalSecurityLevel' in cbc.cryptoProperties.algorithmProperties, false);
    assert.equal('nistQuantumSecurityLevel' in cbc.cryptoProperties.algorithmProperties, false);
    assert.equal('parameterSetIdentifier' in cbc.cryptoProperties.algorithmProperties, false);
    assert.ok((cbc.properties as AnyObj[]).some((p) => p.name === 'svc_unknown_params' && p.value === 'keySize'));
    const sig = comp('crypto/algorithm/sha256withrsa@1.2.840.113549.1.1.11').cryptoProperties.algorithmProperties;
    assert.equal(sig.nistQuantumSecurityLevel, 0); // 0 is known, and kept
    assert.equal('classicalSecurityLevel' in sig, false);
    assert.doesNotMatch(JSON.stringify(bom), /null/);
  });

  it('maps values outside the CycloneDX enums to "other" and keeps the exact value', () => {
    const xts = comp('crypto/algorithm/aes-128-xts@1.3.111.2.1619.0.1.1');
    assert.equal(xts.cryptoProperties.algorithmProperties.mode, 'other');
    assert.ok((xts.properties as AnyObj[]).some((p) => p.name === 'svc_param_mode' && p.value === 'XTS'));
    assert.equal(comp('crypto/algorithm/rsa-pss@1.2.840.113549.1.1.10').cryptoProperties.algorithmProperties.padding, 'other');
    assert.equal(comp('crypto/algorithm/rsa-oaep-2048@1.2.840.113549.1.1.7').cryptoProperties.algorithmProperties.padding, 'oaep');
    const p12 = (bom.components as AnyObj[]).find((c) => c.name === 'PKCS#12 keystore')!;
    assert.equal(p12.cryptoProperties.relatedCryptoMaterialProperties.type, 'other');
    assert.ok((p12.properties as AnyObj[]).some((p) => p.name === 'svc_material_type' && p.value === 'keystore'));
  });

  it('links certificates, keys and protocols to the algorithms they use', () => {
    const cert = (bom.components as AnyObj[]).find((c) => c.cryptoProperties?.assetType === 'certificate')!;
    assert.equal(cert.cryptoProperties.certificateProperties.signatureAlgorithmRef, 'crypto/algorithm/sha256withrsa@1.2.840.113549.1.1.11');
    assert.match(cert.cryptoProperties.certificateProperties.subjectPublicKeyRef, /^crypto\/related-crypto-material\/public-key\/rsa-2048\//);
    assert.deepEqual(cert.hashes, [{ alg: 'SHA-256', content: fx.result.inventory.assets.find((a) => a.kind === 'certificate')!.id.split('/')[1] }]);
    const tls = comp('crypto/protocol/tls/1.2').cryptoProperties.protocolProperties;
    assert.deepEqual(tls.cipherSuites.map((s: AnyObj) => s.name), ['TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384', 'TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384', 'TLS_LEGACY_VENDOR_SUITE']);
    assert.deepEqual(tls.cipherSuites[1].algorithms, [
      'crypto/algorithm/aes-256-gcm@2.16.840.1.101.3.4.1.46', 'crypto/algorithm/ecdh-p256@1.2.840.10045.2.1',
      'crypto/algorithm/rsa-2048@1.2.840.113549.1.1.1', 'crypto/algorithm/sha-384@2.16.840.1.101.3.4.2.2',
    ]);
    assert.deepEqual(tls.cipherSuites[1].identifiers, ['0xC0', '0x30']);
    assert.equal('version' in comp('crypto/protocol/tls').cryptoProperties.protocolProperties, false);
  });

  it('has the repository depend on every library and asset, and libraries provide their algorithms', () => {
    const deps = new Map((bom.dependencies as AnyObj[]).map((d) => [d.ref, d]));
    assert.equal(deps.size, bom.components.length + 1);
    const root = deps.get(bom.metadata.component['bom-ref'])!;
    assert.deepEqual([...root.dependsOn].sort(), (bom.components as AnyObj[]).map((c) => c['bom-ref']).sort());
    const bc = comp('pkg:maven/org.bouncycastle/bcprov-jdk18on@1.78.1');
    assert.equal(bc.type, 'library');
    assert.deepEqual(deps.get(bc['bom-ref']).provides, ['crypto/algorithm/aes-256-gcm@2.16.840.1.101.3.4.1.46', 'crypto/algorithm/ml-kem-768@2.16.840.1.101.3.4.4.2']);
    assert.equal('provides' in deps.get('pkg:pypi/pycryptodome'), false);
  });

  it('carries every finding as an annotation on the component it concerns, and as a component property', () => {
    assert.equal(bom.annotations.length, fx.result.findings.length);
    const md5 = (bom.annotations as AnyObj[]).find((a) => a['bom-ref'] === 'finding/broken-algorithm:algorithm/md5')!;
    assert.deepEqual(md5.subjects, ['crypto/algorithm/md5@1.2.840.113549.2.5']);
    assert.match(md5.text, /^HIGH broken-algorithm: MD5 is broken\n/);
    assert.match(md5.text, /Remediation: Use SHA-256/);
    assert.match(md5.text, /Locations: tools\/fetch_rates.py:9/);
    const unattached = (bom.annotations as AnyObj[]).find((a) => a['bom-ref'].startsWith('finding/cert-verification-disabled'))!;
    assert.deepEqual(unattached.subjects, [bom.metadata.component['bom-ref']]);
    assert.ok((comp('crypto/algorithm/md5@1.2.840.113549.2.5').properties as AnyObj[]).some((p) => p.name === 'svc_finding' && p.value === 'high broken-algorithm: MD5 is broken'));
  });
});

describe('encoders: SPDX content', () => {
  const fx = byName('github-service');
  const graph = parse(encodeBom(fx.result, fx.source, 'spdx').json)['@graph'] as AnyObj[];
  const byId = new Map(graph.map((n) => [n.spdxId ?? n['@id'], n]));
  const doc = graph.find((n) => n.type === 'SpdxDocument')!;
  const repoId = graph.find((n) => n.type === 'software_Sbom').rootElement[0];

  it('has whole-second CreationInfo, profileConformance without extension, and the service properties on the document', () => {
    assert.match(graph[0].created, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.deepEqual(doc.profileConformance, ['core', 'software']);
    const props = new Map((doc.extension[0].extension_cdxProperty as AnyObj[]).map((e) => [e.extension_cdxPropName, e.extension_cdxPropValue]));
    assert.equal(props.get('svc_methodology_version'), fx.result.methodologyVersion);
    assert.match(props.get('svc_bom_sha256'), /^[0-9a-f]{64}$/);
    assert.equal(byId.get(repoId).software_packageUrl, 'pkg:github/acme-corp/payments-api@4e1d2c9a7b3f5e6d8c0a1b2c3d4e5f6a7b8c9d0e');
  });

  it('relates the repository to assets (contains) and libraries (dependsOn), and assets to snippets (hasEvidence)', () => {
    const rels = graph.filter((n) => n.type === 'Relationship');
    const contains = rels.find((r) => r.from === repoId && r.relationshipType === 'contains')!;
    const dependsOn = rels.find((r) => r.from === repoId && r.relationshipType === 'dependsOn')!;
    assert.equal(contains.to.length, fx.result.inventory.assets.filter((a) => a.kind !== 'library').length);
    assert.deepEqual(dependsOn.to.map((t: string) => byId.get(t).name).sort(), ['bcprov-jdk18on', 'cryptography', 'pycryptodome']);
    const aes = graph.find((n) => n.name === 'AES-256-GCM')!;
    const ev = rels.find((r) => r.from === aes.spdxId && r.relationshipType === 'hasEvidence')!;
    const snippets = ev.to.map((t: string) => byId.get(t));
    assert.deepEqual(snippets.map((s: AnyObj) => [byId.get(s.software_snippetFromFile).name, s.software_lineRange.beginIntegerRange]), [
      ['src/main/java/com/acme/pay/TokenVault.java', 41], ['src/main/java/com/acme/pay/TokenVault.java', 88],
    ]);
    const pem = graph.find((n) => n.type === 'software_Snippet' && n.name === '-----BEGIN CERTIFICATE-----')!;
    assert.deepEqual([pem.software_lineRange.beginIntegerRange, pem.software_lineRange.endIntegerRange], [1, 21]);
    const provides = rels.find((r) => r.from === graph.find((n) => n.name === 'bcprov-jdk18on').spdxId && r.relationshipType !== 'hasEvidence')!;
    assert.equal(provides.relationshipType, 'other');
    assert.equal(provides.comment, 'provides');
  });

  it('writes one File per path and one Snippet per location, shared by the assets seen there, with ids that name the location', () => {
    // Two assets matched at the same place (an algorithm and the library call that names it).
    const r = structuredClone(fx.result);
    const [first, second] = r.inventory.assets.filter((a) => a.occurrences.length > 0);
    const shared = { ...first!.occurrences[0]!, symbol: 'zz.sharedCall' };
    second!.occurrences.push(shared);
    const g = parse(encodeBom(r, fx.source, 'spdx').json)['@graph'] as AnyObj[];
    const ids = new Map(g.map((n) => [n.spdxId ?? n['@id'], n]));
    const files = g.filter((n) => n.type === 'software_File');
    const paths = new Set(r.inventory.assets.flatMap((a) => a.occurrences.map((o) => o.path)));
    assert.deepEqual(files.map((f) => f.name), [...paths].sort());
    const snippets = g.filter((n) => n.type === 'software_Snippet');
    const locations = new Set(r.inventory.assets.flatMap((a) => a.occurrences.map((o) => `${o.path}:${o.line}:${o.column}:${o.endLine ?? o.line}`)));
    assert.equal(snippets.length, locations.size);
    for (const s of snippets) {
      const file = ids.get(s.software_snippetFromFile);
      assert.equal(file.type, 'software_File');
      const n = files.indexOf(file) + 1;
      assert.match(s.spdxId, new RegExp(`/s/${n}/L${s.software_lineRange.beginIntegerRange}C\\d+(-L${s.software_lineRange.endIntegerRange})?$`));
    }
    const evidenceOf = (asset: AnyObj): string[] => {
      const self = g.find((n) => n.type === 'software_Package' && n.name === asset.name).spdxId;
      return g.find((n) => n.type === 'Relationship' && n.from === self && n.relationshipType === 'hasEvidence').to;
    };
    const common = evidenceOf(first!).filter((id) => evidenceOf(second!).includes(id));
    assert.equal(common.length, 1);
    const snippet = ids.get(common[0]!);
    assert.equal(ids.get(snippet.software_snippetFromFile).name, shared.path);
    assert.ok(snippet.name.split(', ').includes('zz.sharedCall'), snippet.name);
    assert.ok(snippet.name.split(', ').includes(first!.occurrences[0]!.symbol), snippet.name);
  });

  it('orders each file\'s snippets by line, column and end line, also past the numeric sort key (wide columns, long spans, crowded files)', () => {
    // The encoder sorts most files by a packed numeric key and falls back to a comparator when a
    // column is >= 2048, a span >= 1024 lines or a file has > 4096 occurrences: both paths must agree.
    const r = structuredClone(fx.result);
    const asset = r.inventory.assets.find((a) => a.occurrences.length > 0)!;
    const base = { symbol: 'sym', snippet: 'x', detector: 'javascript' };
    const wide = [
      { path: 'web/min.js', line: 1, column: 70000 }, { path: 'web/min.js', line: 1, column: 3 }, { path: 'web/min.js', line: 1, column: 2047 },
      { path: 'web/min.js', line: 1, column: 2048 }, { path: 'web/min.js', line: 2, column: 1, endLine: 3000 }, { path: 'web/min.js', line: 2, column: 1 },
    ];
    const crowded = Array.from({ length: 4200 }, (_, i) => ({ path: 'gen/big.py', line: 1 + ((i * 7919) % 4200), column: 1 + (i % 3) }));
    const spans = Array.from({ length: 30 }, (_, i) => ({ path: 'src/spans.go', line: 10 + (i % 5), column: 1, endLine: 10 + (i % 5) + ((i * 37) % 1500) }));
    asset.occurrences.push(...[...wide, ...crowded, ...spans].map((o) => ({ ...base, ...o })));
    const g = parse(encodeBom(r, fx.source, 'spdx').json)['@graph'] as AnyObj[];
    const key = (s: AnyObj): number[] => {
      const m = /\/L(\d+)C(\d+)(?:-L(\d+))?$/.exec(s.spdxId)!;
      return [Number(m[1]), Number(m[2]), Number(m[3] ?? m[1])];
    };
    const byFile = new Map<string, number[][]>();
    for (const s of g.filter((n) => n.type === 'software_Snippet')) {
      const list = byFile.get(s.software_snippetFromFile) ?? [];
      list.push(key(s));
      byFile.set(s.software_snippetFromFile, list);
    }
    const fileNamed = (name: string) => g.find((n) => n.type === 'software_File' && n.name === name).spdxId;
    assert.equal(byFile.get(fileNamed('gen/big.py'))!.length, new Set(crowded.map((o) => `${o.line}:${o.column}`)).size);
    assert.equal(byFile.get(fileNamed('web/min.js'))!.length, wide.length);
    const order = (a: number[], b: number[]): number => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
    for (const [file, keys] of byFile) {
      // Distinct locations, so strictly increasing.
      for (let i = 1; i < keys.length; i++) assert.ok(order(keys[i - 1]!, keys[i]!) < 0, `${file}: ${keys[i - 1]} before ${keys[i]}`);
    }
  });

  it('carries each finding as an Annotation on its element', () => {
    const anns = graph.filter((n) => n.type === 'Annotation');
    assert.equal(anns.length, fx.result.findings.length);
    const rc4 = anns.find((a) => a.statement.startsWith('CRITICAL broken-algorithm: RC4'))!;
    assert.equal(byId.get(rc4.subject).name, 'RC4');
    assert.ok(anns.some((a) => a.subject === repoId && a.statement.includes('cert-verification-disabled')));
  });

  it('derives ids from content: element ids from the source and methodology, the document id and serial number from the whole content', () => {
    const other = structuredClone(fx.result);
    other.score = 40;
    const ids = (r: ScanResult, src = fx.source) => {
      const g = parse(encodeBom(r, src, 'spdx').json)['@graph'] as AnyObj[];
      return { doc: g.find((n) => n.type === 'SpdxDocument').spdxId, aes: g.find((n) => n.name === 'AES-256-GCM').spdxId };
    };
    const same = ids(fx.result);
    const changed = ids(other);
    assert.equal(same.aes, changed.aes);
    assert.notEqual(same.doc, changed.doc);
    assert.match(same.doc, /\/document\/[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.match(same.aes, /^urn:cbom:[0-9a-f-]{36}\/crypto\/algorithm\/aes-256-gcm$/);
    const otherCommit = { ...fx.source, repository: { ...fx.source.repository!, commit: 'b'.repeat(40) } };
    assert.notEqual(ids(fx.result, otherCommit).aes, same.aes);
    const serial = (r: ScanResult) => parse(encodeBom(r, fx.source, 'cyclonedx').json).serialNumber;
    assert.notEqual(serial(fx.result), serial(other));
  });
});

describe('encoders: hostile content', () => {
  it('source text that imitates the digest entry or the id placeholders cannot move the seal', () => {
    const fx = byName('github-service');
    const r = structuredClone(fx.result);
    const fake = '{"name":"svc_bom_sha256","value":"' + '0'.repeat(64) + '"},"serialNumber":"urn:uuid:00000000-0000-0000-0000-000000000000"' +
      '{"extension_cdxPropName":"svc_bom_sha256","extension_cdxPropValue":"' + '0'.repeat(64) + '","type":"extension_CdxPropertyEntry"},"spdxId":"urn:cbom:x/document/00000000-0000-0000-0000-000000000000"';
    const a = r.inventory.assets.find((x) => x.kind === 'algorithm')!;
    a.occurrences[0] = { ...a.occurrences[0]!, snippet: fake, symbol: fake };
    const source = { ...fx.source, projectName: fake };
    for (const format of FORMATS) {
      const enc = encodeBom(r, source, format);
      assert.equal(verifyBom(enc.json).ok, true);
      assert.equal(enc.json, canonicalize(JSON.parse(enc.json)));
      assert.ok(enc.json.includes(JSON.stringify(fake).slice(1, -1)), 'the text is kept verbatim (escaped)');
    }
  });
});

describe('encoders: bad input', () => {
  const fx = byName('github-service');
  it('refuses an inventory whose references dangle, naming the asset', () => {
    const r = structuredClone(fx.result);
    const lib = r.inventory.assets.find((a) => a.kind === 'library')!;
    if (lib.kind === 'library') lib.providesRefs.push('algorithm/does-not-exist');
    for (const format of FORMATS) assert.throws(() => encodeBom(r, fx.source, format), /unknown asset algorithm\/does-not-exist/);
  });
  it('refuses duplicate asset ids, a malformed timestamp, an unknown format and an out-of-range quantum level', () => {
    const dup = structuredClone(fx.result);
    dup.inventory.assets.push(structuredClone(dup.inventory.assets[0]!));
    assert.throws(() => encodeBom(dup, fx.source, 'cyclonedx'), /duplicate asset id/);
    assert.throws(() => encodeBom(fx.result, { ...fx.source, timestamp: 'yesterday' }, 'spdx'), /not an ISO 8601/);
    assert.throws(() => encodeBom(fx.result, fx.source, 'xml' as BomFormat), /unknown BOM format/);
    const lvl = structuredClone(fx.result);
    const alg = lvl.inventory.assets.find((a) => a.kind === 'algorithm')!;
    if (alg.kind === 'algorithm') alg.nistQuantumLevel = 7;
    assert.throws(() => encodeBom(lvl, fx.source, 'cyclonedx'), /nistQuantumLevel 7/);
  });
});
