// Validation of encoded BOMs against the official schemas copied into schemas/ (CycloneDX 1.6 with
// ajv draft-07, SPDX 3.0.1 with ajv 2020-12), plus the reference-integrity checks a schema cannot
// express (unique bom-refs / spdxIds, no dangling references), and an offline SHACL check against the
// SPDX model. Set-up follows the standards' own validators (strict: false for CycloneDX's annotation
// keywords; the SPDX schema given its official $id).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../../../schemas/', import.meta.url));
const readJson = (rel: string): Record<string, unknown> => JSON.parse(readFileSync(root + rel, 'utf8')) as Record<string, unknown>;
// ajv-formats ships CommonJS with a default export; under NodeNext the namespace object may wrap it.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: unknown) => void;

type Doc = Record<string, unknown>;
type AnyObj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let cdxValidate: ((d: unknown) => boolean) & { errors?: unknown } | undefined;
export function cycloneDxSchemaErrors(doc: Doc): string[] {
  if (!cdxValidate) {
    const ajv = new Ajv.default({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    ajv.addFormat('iri-reference', true);
    ajv.addFormat('idn-email', /^[^\s@]+@[^\s@]+$/u);
    for (const f of ['spdx.schema.json', 'jsf-0.82.schema.json']) {
      const s = readJson(`cyclonedx/${f}`);
      ajv.addSchema(s, (s.$id as string | undefined) ?? `http://cyclonedx.org/schema/${f}`);
    }
    cdxValidate = ajv.compile(readJson('cyclonedx/bom-1.6.schema.json'));
  }
  return cdxValidate(doc) ? [] : [JSON.stringify(cdxValidate.errors, null, 1).slice(0, 4000)];
}

export function cycloneDxIntegrityErrors(bom: AnyObj): string[] {
  const errors: string[] = [];
  const refs = new Set<string>();
  const add = (ref: unknown, where: string): void => {
    if (typeof ref !== 'string') return;
    if (refs.has(ref)) errors.push(`${where}: duplicate bom-ref ${ref}`);
    refs.add(ref);
  };
  add(bom.metadata?.component?.['bom-ref'], 'metadata.component');
  for (const c of bom.components ?? []) add(c['bom-ref'], 'components');
  for (const a of bom.annotations ?? []) add(a['bom-ref'], 'annotations');
  const check = (ref: unknown, where: string): void => {
    if (typeof ref === 'string' && !refs.has(ref)) errors.push(`${where}: dangling reference ${ref}`);
  };
  const seen = new Set<string>();
  for (const d of bom.dependencies ?? []) {
    if (seen.has(d.ref)) errors.push(`dependencies: two entries for ${d.ref}`);
    seen.add(d.ref);
    check(d.ref, 'dependencies.ref');
    for (const r of d.dependsOn ?? []) check(r, `dependencies[${d.ref}].dependsOn`);
    for (const r of d.provides ?? []) check(r, `dependencies[${d.ref}].provides`);
  }
  for (const c of bom.components ?? []) {
    const cp = c.cryptoProperties ?? {};
    check(cp.certificateProperties?.signatureAlgorithmRef, `${c['bom-ref']}.signatureAlgorithmRef`);
    check(cp.certificateProperties?.subjectPublicKeyRef, `${c['bom-ref']}.subjectPublicKeyRef`);
    check(cp.relatedCryptoMaterialProperties?.algorithmRef, `${c['bom-ref']}.algorithmRef`);
    for (const cs of cp.protocolProperties?.cipherSuites ?? []) for (const r of cs.algorithms ?? []) check(r, `${c['bom-ref']}.cipherSuites`);
  }
  for (const a of bom.annotations ?? []) for (const s of a.subjects ?? []) check(s, `${a['bom-ref']}.subjects`);
  return errors;
}

const SPDX_SCHEMA_ID = 'https://spdx.org/schema/3.0.1/spdx-json-schema.json';
let spdxValidate: ((d: unknown) => boolean) & { errors?: unknown } | undefined;
export function spdxSchemaErrors(doc: Doc): string[] {
  if (!spdxValidate) {
    const schema = readJson('spdx/spdx-json-schema.json');
    schema.$id = SPDX_SCHEMA_ID; // the published file has none
    const ajv = new Ajv2020.default({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    spdxValidate = ajv.compile(schema);
  }
  return spdxValidate(doc) ? [] : [JSON.stringify(spdxValidate.errors, null, 1).slice(0, 4000)];
}

/** Ids unique, every reference (relationships, annotations, snippets, documents, creation info) defined. */
export function spdxIntegrityErrors(doc: AnyObj): string[] {
  const errors: string[] = [];
  const ids = new Set<string>();
  for (const n of doc['@graph'] as AnyObj[]) {
    const id = n.spdxId ?? n['@id'];
    if (ids.has(id)) errors.push(`duplicate id ${id}`);
    ids.add(id);
  }
  const check = (v: unknown, where: string): void => {
    if (typeof v === 'string' && !ids.has(v)) errors.push(`${where}: dangling reference ${v}`);
  };
  for (const n of doc['@graph'] as AnyObj[]) {
    for (const k of ['from', 'to', 'element', 'rootElement', 'creationInfo', 'createdBy', 'createdUsing', 'subject', 'software_snippetFromFile']) {
      const v = n[k];
      for (const x of Array.isArray(v) ? v : [v]) check(x, `${n.spdxId ?? n['@id']}.${k}`);
    }
  }
  // References inside the crypto properties point at packages of this document.
  for (const n of doc['@graph'] as AnyObj[]) {
    for (const e of n.extension?.[0]?.extension_cdxProperty ?? []) {
      if (/Ref$|\.algorithms\[\d+\]$/.test(e.extension_cdxPropName)) check(e.extension_cdxPropValue, `${n.spdxId}.${e.extension_cdxPropName}`);
    }
  }
  return errors;
}

const CONTEXT_URL = 'https://spdx.org/rdf/3.0.1/spdx-context.jsonld';
/** Offline SHACL validation of an SPDX 3.0.1 JSON-LD document against schemas/spdx/spdx-model.ttl. */
export async function spdxShaclErrors(doc: Doc): Promise<string[]> {
  const jsonld = require('jsonld');
  const { Parser } = require('n3');
  const shaclModule = await import('rdf-validate-shacl');
  const SHACLValidator = (shaclModule as AnyObj).default ?? shaclModule;
  const rdf = (await import('@zazuko/env-node')).default;
  const context = readJson('spdx/spdx-context.jsonld');
  const documentLoader = async (url: string): Promise<unknown> => {
    if (url === CONTEXT_URL) return { contextUrl: null, documentUrl: url, document: context };
    throw new Error(`offline: refusing to load ${url}`);
  };
  const model = readFileSync(`${root}spdx/spdx-model.ttl`, 'utf8');
  const nquads: string = await jsonld.toRDF(doc, { format: 'application/n-quads', documentLoader });
  const data = rdf.dataset(new Parser({ format: 'N-Quads' }).parse(nquads));
  // Merge the ontology into the data so rdfs:subClassOf chains are visible to class targets (as pyshacl does).
  for (const q of new Parser().parse(model)) data.add(q);
  const shapes = rdf.dataset(new Parser().parse(model));
  const type = rdf.namedNode('http://www.w3.org/1999/02/22-rdf-syntax-ns#type');
  const owlClass = rdf.namedNode('http://www.w3.org/2002/07/owl#Class');
  const rdfsClass = rdf.namedNode('http://www.w3.org/2000/01/rdf-schema#Class');
  for (const q of [...shapes.match(null, type, owlClass)]) shapes.add(rdf.quad(q.subject, type, rdfsClass));
  const report = await new SHACLValidator(shapes, { factory: rdf }).validate(data);
  return report.conforms
    ? []
    : report.results.slice(0, 20).map((r: AnyObj) => `${r.focusNode?.value} ${r.path?.value ?? '-'}: ${(r.message ?? []).map((m: AnyObj) => m.value).join(' | ')}`);
}
