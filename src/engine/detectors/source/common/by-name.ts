// Nodes of a file by name, for the call-site readers (LanguageAdapter.callSiteArguments): a native
// query per name for the first few names a file asks for, then one query for every node of the kind,
// grouped by name. A file with thousands of helpers would otherwise pay a walk of the whole tree per
// helper (a bundle of 2,000 small functions took 14 s instead of 0.3 s).
import type { NapiConfig, SgNode } from '@ast-grep/napi';
import { escapeRegex } from './regex.js';

type Rule = NapiConfig['rule'];

/** Names looked up by a query of their own before one query collects them all. */
const QUERIES_BEFORE_ALL = 8;

export class ByName {
  private asked = 0;
  private all: Map<string, SgNode[]> | undefined;

  /**
   * `named(regex)`: the rule for the nodes of one name (`regex` matches it exactly); `every`: the rule
   * for all of them; `key`: a node's name.
   */
  constructor(
    private readonly root: SgNode,
    private readonly named: (regex: string) => Rule,
    private readonly every: Rule,
    private readonly key: (n: SgNode) => string | undefined,
  ) {}

  /** Names queried one by one so far (a name asked again, as for each call of one helper, costs nothing). */
  private readonly one = new Map<string, SgNode[]>();

  get(name: string): SgNode[] {
    const seen = this.one.get(name);
    if (seen) return seen;
    if (!this.all && ++this.asked <= QUERIES_BEFORE_ALL) {
      const found = this.root.findAll({ rule: this.named(`^${escapeRegex(name)}$`) });
      this.one.set(name, found);
      return found;
    }
    if (!this.all) {
      this.all = new Map();
      for (const n of this.root.findAll({ rule: this.every })) {
        const key = this.key(n);
        if (key === undefined) continue;
        const list = this.all.get(key);
        if (list) list.push(n);
        else this.all.set(key, [n]);
      }
    }
    return this.all.get(name) ?? [];
  }
}
