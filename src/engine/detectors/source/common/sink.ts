// Collects a file's detections with their evidence, so detectors state only what they found.
import type { SgNode } from '@ast-grep/napi';
import type {
  AlgorithmParamName,
  AlgorithmParams,
  AlgorithmRefFact,
  CryptoFunction,
  Detection,
  LibraryRef,
  ProtocolFacts,
  SignalType,
} from '../../../inventory/model.js';
import { OccurrenceFactory } from './occurrence.js';

export interface AlgorithmOptions {
  /** Parameters the API takes that could not be resolved (reported as unknown). */
  unresolved?: AlgorithmParamName[];
  functions?: CryptoFunction[];
  library?: LibraryRef;
  /** The call declares a non-security use (Occurrence.notForSecurity). */
  notForSecurity?: boolean;
}

export class DetectionSink {
  readonly detections: Detection[] = [];
  readonly occurrences: OccurrenceFactory;

  constructor(path: string, text: string, detector: string) {
    this.occurrences = new OccurrenceFactory(path, text, detector);
  }

  algorithm(node: SgNode, symbol: string, spelling: string, params: AlgorithmParams, opts: AlgorithmOptions = {}): void {
    // A blank name (`getInstance("")`) is no algorithm: an asset with an empty name would be reported.
    if (spelling.trim() === '') return;
    const clean = cleanParams(params);
    const unresolved = [...new Set(opts.unresolved ?? [])].filter((p) => clean[p] === undefined).sort();
    const occurrence = this.occurrences.at(node, symbol);
    if (opts.notForSecurity) occurrence.notForSecurity = true;
    this.detections.push({
      type: 'algorithm',
      occurrence,
      spelling,
      params: clean,
      ...(unresolved.length ? { unresolved } : {}),
      ...(opts.functions?.length ? { functions: [...opts.functions] } : {}),
      ...(opts.library ? { library: opts.library } : {}),
    });
  }

  signal(node: SgNode, symbol: string, signal: SignalType, detail: string, opts: { related?: AlgorithmRefFact; library?: LibraryRef } = {}): void {
    this.detections.push({
      type: 'signal',
      occurrence: this.occurrences.at(node, symbol),
      signal,
      detail,
      ...(opts.related ? { related: { spelling: opts.related.spelling, params: cleanParams(opts.related.params) } } : {}),
      ...(opts.library ? { library: opts.library } : {}),
    });
  }

  protocol(node: SgNode, symbol: string, protocol: ProtocolFacts, library?: LibraryRef): void {
    const facts: ProtocolFacts = { protocolType: protocol.protocolType };
    if (protocol.version) facts.version = protocol.version;
    if (protocol.cipherSuites?.length) facts.cipherSuites = [...protocol.cipherSuites];
    if (protocol.groups?.length) facts.groups = [...protocol.groups];
    this.detections.push({ type: 'protocol', occurrence: this.occurrences.at(node, symbol), protocol: facts, ...(library ? { library } : {}) });
  }
}

/** Drops undefined, NaN and non-positive numeric parameters: absent means unknown. */
export function cleanParams(params: AlgorithmParams): AlgorithmParams {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    if (typeof v === 'number' && (!Number.isFinite(v) || v <= 0)) continue;
    out[k] = v;
  }
  return out as AlgorithmParams;
}

/** One ast-grep query for every node of the given kinds (one rule with `any` is much faster than one query per kind). */
export function nodesOfKinds(root: SgNode, kinds: readonly string[]): SgNode[] {
  return root.findAll({ rule: { any: kinds.map((kind) => ({ kind })) } });
}
