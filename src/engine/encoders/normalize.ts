// A copy of a ScanResult with every array in a total order and every set without repeats. Encoders
// read only the normalized copy, so the order in which the engine (or anyone) assembled the result
// cannot change a byte of the output.
import type { Asset, Finding, ScanResult, Signal } from '../inventory/model.js';
import { sortFindings, sortLocations, sortOccurrences } from './common.js';
import { cmp } from './properties.js';

const uniqueSorted = <T extends string>(xs: readonly T[]): T[] => [...new Set(xs)].sort(cmp);

function normalizeAsset(a: Asset): Asset {
  const occurrences = sortOccurrences(a.occurrences);
  switch (a.kind) {
    case 'algorithm':
      return { ...a, occurrences, cryptoFunctions: uniqueSorted(a.cryptoFunctions), unknownParams: uniqueSorted(a.unknownParams) };
    case 'protocol':
      return {
        ...a,
        occurrences,
        // Suites keep their identifiers' byte order (it is the code point); they are ordered by name.
        cipherSuites: a.cipherSuites
          .map((s) => ({ ...s, algorithmRefs: uniqueSorted(s.algorithmRefs) }))
          .sort((x, y) => cmp(x.name, y.name) || cmp(x.identifiers.join(), y.identifiers.join()) || cmp(x.algorithmRefs.join(), y.algorithmRefs.join())),
      };
    case 'library':
      return { ...a, occurrences, providesRefs: uniqueSorted(a.providesRefs) };
    default:
      return { ...a, occurrences };
  }
}

function sortSignals(list: readonly Signal[]): Signal[] {
  return [...list].sort(
    (a, b) =>
      cmp(a.signal, b.signal) ||
      cmp(a.occurrence.path, b.occurrence.path) ||
      a.occurrence.line - b.occurrence.line ||
      a.occurrence.column - b.occurrence.column ||
      cmp(a.detail, b.detail) ||
      cmp(a.assetRef ?? '', b.assetRef ?? ''),
  );
}

export function normalizeResult(result: ScanResult): ScanResult {
  const findings: Finding[] = sortFindings(result.findings).map((f) => ({ ...f, locations: sortLocations(f.locations) }));
  return {
    ...result,
    inventory: {
      ...result.inventory,
      assets: result.inventory.assets.map(normalizeAsset).sort((a, b) => cmp(a.id, b.id)),
      signals: sortSignals(result.inventory.signals),
    },
    findings,
  };
}
