// The bytes we serve are the RFC 8785 canonical form of the document itself (plus the digest entry):
// compact, object members in UTF-16 code-unit order, strings and numbers as JSON.stringify writes
// them. Encoders build every object with its members already in that order, so the native
// JSON.stringify produces canonical JSON directly: the fastest serialization available, and the
// digest is a hash of the very bytes served. Tests check the output against the `canonicalize`
// package for every fixture, which catches any object built out of order.

/** A shallow copy of `o` with members in canonical order (for the few objects not built in order). */
export function sortedKeys<T extends object>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o).sort()) {
    const v = (o as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = v;
  }
  return out as T;
}

/** Like sortedKeys, through nested objects and arrays (small structures such as cryptoProperties). */
export function sortedKeysDeep<T>(v: T): T {
  if (Array.isArray(v)) return v.map(sortedKeysDeep) as T;
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) {
      const item = (v as Record<string, unknown>)[k];
      if (item !== undefined) out[k] = sortedKeysDeep(item);
    }
    return out as T;
  }
  return v;
}
