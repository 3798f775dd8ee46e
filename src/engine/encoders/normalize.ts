// A copy of a ScanResult with every array in a total order and every set without repeats (assets
// already in that form are shared with the input, not copied). Encoders read only the normalized copy, so the order in which the engine (or anyone) assembled the result
// cannot change a byte of the output.
import type { Asset, CipherSuite, Finding, ScanResult, Signal } from '../inventory/model.js';
import { sortFindings, sortLocations, sortOccurrences } from './common.js';
import { cmp } from './properties.js';

const uniqueSorted = <T extends string>(xs: readonly T[]): T[] => [...new Set(xs)].sort(cmp);
/** Strictly increasing: already sorted and without repeats. */
const isUniqueSorted = (xs: readonly string[]): boolean => xs.every((x, i) => i === 0 || xs[i - 1]! < x);
/** The list itself when already sorted and unique, else a sorted copy without repeats. */
const uniqueSortedOrSame = <T extends string>(xs: T[]): T[] => (isUniqueSorted(xs) ? xs : uniqueSorted(xs));

const suiteOrder = (x: CipherSuite, y: CipherSuite): number =>
  cmp(x.name, y.name) || cmp(x.identifiers.join(), y.identifiers.join()) || cmp(x.algorithmRefs.join(), y.algorithmRefs.join());

// An asset already in normal form is returned as it is, not copied: for a large inventory the copies
// were tens of MB held for the whole encoding (encoders only read what this returns).
function normalizeAsset(a: Asset): Asset {
  const occurrences = sortOccurrences(a.occurrences);
  switch (a.kind) {
    case 'algorithm': {
      const cryptoFunctions = uniqueSortedOrSame(a.cryptoFunctions);
      const unknownParams = uniqueSortedOrSame(a.unknownParams);
      if (occurrences === a.occurrences && cryptoFunctions === a.cryptoFunctions && unknownParams === a.unknownParams) return a;
      return { ...a, occurrences, cryptoFunctions, unknownParams };
    }
    case 'protocol': {
      // Suites keep their identifiers' byte order (it is the code point); they are ordered by name.
      const suitesNormal = a.cipherSuites.every((s, i) => isUniqueSorted(s.algorithmRefs) && (i === 0 || suiteOrder(a.cipherSuites[i - 1]!, s) <= 0));
      if (occurrences === a.occurrences && suitesNormal) return a;
      return {
        ...a,
        occurrences,
        cipherSuites: a.cipherSuites.map((s) => ({ ...s, algorithmRefs: uniqueSorted(s.algorithmRefs) })).sort(suiteOrder),
      };
    }
    case 'library': {
      const providesRefs = uniqueSortedOrSame(a.providesRefs);
      if (occurrences === a.occurrences && providesRefs === a.providesRefs) return a;
      return { ...a, occurrences, providesRefs };
    }
    default:
      return occurrences === a.occurrences ? a : { ...a, occurrences };
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
