// What a findings rule is: a stable id, a title, and a pure function from the inventory to hits.
// Each rule module holds a few closely related rules; rules/index.ts lists them all.
import type { Asset, AssetId, Inventory, Location, Occurrence, Severity, Signal } from '../inventory/model.js';
import type { KnowledgeBase } from '../kb/types.js';

export interface RuleContext {
  inventory: Inventory;
  assets: ReadonlyMap<AssetId, Asset>;
  kb: KnowledgeBase;
  /** ISO 8601 instant that "now" means for validity checks (see findings/index.ts). */
  asOf: string | null;
}

export interface Hit {
  severity: Severity;
  detail: string;
  remediation: string;
  assetRef: AssetId | null;
  locations: Location[];
}

export interface Rule {
  /** Stable id: part of every finding id; never reuse one for a different check. */
  id: string;
  title: string;
  evaluate(ctx: RuleContext): Hit[];
}

export function toLocation(o: Occurrence): Location {
  const l: Location = { path: o.path, line: o.line, column: o.column };
  if (o.endLine !== undefined) l.endLine = o.endLine;
  if (o.offset !== undefined) l.offset = o.offset;
  return l;
}

/** A place as `path:line:column`: the anchor of a finding without an asset, and how rules compare places. */
export function locationKey(l: Location): string {
  return `${l.path}:${l.line}:${l.column}`;
}

export function assetLocations(a: Asset): Location[] {
  return a.occurrences.map(toLocation);
}

/** One hit per signal of the given type (findings/index.ts merges hits that share an id). */
export function signalHits(ctx: RuleContext, type: Signal['signal'], severity: Severity, remediation: string, prefix: string): Hit[] {
  return ctx.inventory.signals
    .filter((s) => s.signal === type)
    .map((s) => ({ severity, detail: `${prefix}: ${s.detail}`, remediation, assetRef: s.assetRef, locations: [toLocation(s.occurrence)] }));
}
