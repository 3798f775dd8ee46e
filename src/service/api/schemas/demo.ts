// The public demo API's shapes (TypeBox: validation, TypeScript types and OpenAPI from one
// definition). The landing page's browser code imports these types too (type-only), so the page and
// the API cannot drift apart. Field names follow the tenant scan detail (snake_case); `components` is flattened for
// display: one row per asset with where it was found.
import { Type, type Static } from 'typebox';
import { SCAN_STATUSES } from '../../store/scan-tables.js';
import { CbomScanCreateReq } from './scans.js';
import { ASSET_KINDS, PRIMITIVES, SEVERITIES } from '../../../engine/inventory/model.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const DemoScanCreateReq = Type.Object(
  // The same repository URL rules as partner scans.
  { repo_url: CbomScanCreateReq.properties.repo_url },
  { $id: 'DemoScanCreateReq', title: 'DemoScanCreateReq', additionalProperties: false },
);
export type DemoScanCreateReq = Static<typeof DemoScanCreateReq>;

export const DemoScanIdParams = Type.Object({ scan_id: Type.String({ maxLength: 64 }) });

export const DemoScanCreated = Type.Object(
  {
    id: Type.String({ description: 'Scan id, `cbom_` + 16 characters.' }),
    status: Type.Enum(SCAN_STATUSES),
    cached: Type.Boolean({ description: 'True when an earlier demo scan of the same repository was returned.' }),
  },
  { $id: 'DemoScanCreated', title: 'DemoScanCreated', additionalProperties: false },
);
export type DemoScanCreated = Static<typeof DemoScanCreated>;

export const DemoLocation = Type.Object(
  {
    path: Type.String(),
    line: Type.Integer({ minimum: 1 }),
    end_line: Nullable(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type DemoLocation = Static<typeof DemoLocation>;

export const DemoComponent = Type.Object(
  {
    ref: Type.String({ description: 'Stable asset id within the scan, e.g. `algorithm/aes-256-gcm`.' }),
    kind: Type.Enum(ASSET_KINDS),
    name: Type.String(),
    primitive: Nullable(Type.Enum(PRIMITIVES)),
    nist_quantum_level: Nullable(Type.Integer({ minimum: 0, maximum: 5 })),
    classical_security_bits: Nullable(Type.Integer({ minimum: 0 })),
    broken: Type.Boolean(),
    deprecated: Nullable(Type.String({ description: 'Why and by whom the algorithm is deprecated, when it is.' })),
    detail: Nullable(Type.String({ description: 'A short human description: parameters, subject, package URL.' })),
    occurrence_count: Type.Integer({ minimum: 0 }),
    occurrences: Type.Array(DemoLocation, { description: 'Up to 20 places the asset was seen, in path/line order.' }),
  },
  { additionalProperties: false },
);
export type DemoComponent = Static<typeof DemoComponent>;

export const DemoFinding = Type.Object(
  {
    id: Type.String(),
    rule_id: Type.String(),
    severity: Type.Enum(SEVERITIES),
    title: Type.String(),
    detail: Type.String(),
    remediation: Type.String(),
    asset_ref: Nullable(Type.String()),
    locations: Type.Array(DemoLocation),
  },
  { additionalProperties: false },
);
export type DemoFinding = Static<typeof DemoFinding>;

const SeverityCounts = Type.Object(
  {
    critical: Type.Integer({ minimum: 0 }),
    high: Type.Integer({ minimum: 0 }),
    medium: Type.Integer({ minimum: 0 }),
    low: Type.Integer({ minimum: 0 }),
    info: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

export const DemoScan = Type.Object(
  {
    id: Type.String(),
    status: Type.Enum(SCAN_STATUSES),
    repo_url: Type.String(),
    methodology_version: Type.String(),
    created_at: Type.String(),
    updated_at: Type.String(),
    completed_at: Nullable(Type.String()),
    progress: Type.Object(
      {
        phase: Type.String(),
        percent: Type.Integer({ minimum: 0, maximum: 100 }),
        files_done: Type.Integer({ minimum: 0 }),
        files_total: Type.Integer({ minimum: 0 }),
      },
      { additionalProperties: false },
    ),
    error: Nullable(Type.Object({ code: Type.String(), message: Type.String() }, { additionalProperties: false })),
    score: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
    findings_summary: Nullable(SeverityCounts),
    findings: Type.Array(DemoFinding),
    components: Type.Array(DemoComponent),
    repository: Nullable(
      Type.Object(
        {
          owner: Type.String(),
          name: Type.String(),
          ref: Type.String(),
          commit: Type.String(),
          committed_at: Type.String(),
          /** `https://github.com/{owner}/{name}/blob/{commit}/`: prefix of every source link. */
          blob_base_url: Type.String(),
        },
        { additionalProperties: false },
      ),
    ),
    downloads: Nullable(
      Type.Object(
        { cyclonedx: Type.String(), spdx: Type.String() },
        { additionalProperties: false, description: 'Relative URLs of the two BOMs, once the scan completed.' },
      ),
    ),
  },
  { $id: 'DemoScan', title: 'DemoScan', additionalProperties: false },
);
export type DemoScan = Static<typeof DemoScan>;
