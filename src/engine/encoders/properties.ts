// Names of the properties this service adds to both encodings (CycloneDX `properties`, SPDX
// `extension_CdxPropertyEntry`). One place, so the encoders, `cbom verify` and the docs agree.
export const METHODOLOGY_PROPERTY = 'svc_methodology_version';
export const DIGEST_PROPERTY = 'svc_bom_sha256';
/** On a component / package: one per finding about it, `<severity> <ruleId>: <title>`. */
export const FINDING_PROPERTY = 'svc_finding';

export interface NameValue {
  name: string;
  value: string;
}

/** Properties in a total order: by name, then value (names may repeat, e.g. svc_finding). */
export function sortProperties(props: NameValue[]): NameValue[] {
  return props.sort((a, b) => cmp(a.name, b.name) || cmp(a.value, b.value));
}

/** Code-unit string order (locale-independent, the order RFC 8785 also uses). */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
