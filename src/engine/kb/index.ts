// The knowledge base: loaded once per process (per worker thread) and shared. Detectors, the
// inventory builder and the findings rules all resolve names through this one object.
import { loadKnowledgeBase } from './load.js';
import { Resolver } from './resolve.js';
import { parseSuiteName } from './suites.js';
import type { KbCipherSuite, KbProtocolVersion, KnowledgeBase } from './types.js';

export type * from './types.js';
export { modulusSecurityBits } from './resolve.js';
export { unresolvedSpelling, type UnresolvedRole } from './unresolved.js';

let cached: KnowledgeBase | undefined;

function create(): KnowledgeBase {
  const data = loadKnowledgeBase();
  const resolver = new Resolver(data);
  return {
    findAlgorithm: (spelling) => resolver.findAlgorithm(spelling),
    findCurve: (spelling) => resolver.findCurve(spelling),
    findByOid: (oid) => resolver.findByOid(oid),
    findCipherSuite: (name) => findSuite(data.suiteIndex, name),
    findProtocolVersion: (spelling, protocolType) => findProtocol(data.protocolIndex, spelling, protocolType),
    resolve: (spelling, params) => resolver.resolve(spelling, params),
    resolveGroup: (spelling) => resolver.resolveGroup(spelling),
    algorithms: data.algorithms,
    curves: data.curves,
    cipherSuites: data.cipherSuites,
    protocolVersions: data.protocolVersions,
    sshAlgorithmNames: data.sshAlgorithmNames,
    sshKeyTypes: data.sshKeyTypes,
    sshGssKex: data.sshGssKex,
    sources: data.sources,
  };
}

/**
 * IANA or OpenSSL name; Java (JSSE) writes the suites that predate TLS with an SSL_ prefix. An IANA
 * name the table lacks is read from its parts (suites.ts).
 */
function findSuite(index: Map<string, KbCipherSuite>, name: string): KbCipherSuite | undefined {
  const s = name.trim().toLowerCase();
  return index.get(s) ?? (s.startsWith('ssl_') ? index.get(`tls_${s.slice(4)}`) : undefined) ?? parseSuiteName(name);
}

function findProtocol(
  index: Map<string, KbProtocolVersion[]>,
  spelling: string,
  protocolType?: KbProtocolVersion['protocolType'],
): KbProtocolVersion | undefined {
  const s = spelling.trim().toLowerCase();
  const byAlias = index.get(s)?.filter((p) => !protocolType || p.protocolType === protocolType);
  if (byAlias && byAlias.length === 1) return byAlias[0];
  // A bare version ('1.2', '2.0', 'SSL3.0') needs the protocol type to be unambiguous.
  const all = [...index.values()].flat();
  const byVersion = all.filter((p) => p.version.toLowerCase() === s && (!protocolType || p.protocolType === protocolType));
  const unique = [...new Set(byVersion)];
  return unique.length === 1 ? unique[0] : undefined;
}

/** The process-wide knowledge base (built on first use, then cached). */
export function getKnowledgeBase(): KnowledgeBase {
  cached ??= create();
  return cached;
}
