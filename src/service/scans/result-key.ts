// Scans of the same commit with the same methodology version produce the same engine result (the
// engine is deterministic by design), so the result is stored once under this key and reused.
import { createHash } from 'node:crypto';

export function resultKey(owner: string, repo: string, commit: string, methodologyVersion: string): string {
  // GitHub owner and repository names are case-insensitive.
  return createHash('sha256').update(`${owner.toLowerCase()}/${repo.toLowerCase()}@${commit}#${methodologyVersion}`).digest('hex');
}
