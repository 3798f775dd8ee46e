// The scan shapes named by the specification. Defined here with the foundation so the OpenAPI
// document carries them from the start; the scan routes use them through `ref(...)`.
import { Type, type Static } from 'typebox';

export const CbomScanCreateReq = Type.Object(
  {
    repo_url: Type.String({
      minLength: 8,
      maxLength: 400,
      description: 'Public GitHub repository: `https://github.com/{owner}/{repo}` (optional `.git`, trailing slash or `/tree/{ref}`).',
      examples: ['https://github.com/pyca/cryptography'],
    }),
    project_name: Type.Optional(Type.Union([Type.String({ maxLength: 120 }), Type.Null()], { description: 'Name shown in the BOM; defaults to the repository name.' })),
    project_version: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), Type.Null()], { description: 'Version shown in the BOM; defaults to `1.0.0`.' })),
  },
  { $id: 'CbomScanCreateReq', title: 'CbomScanCreateReq', additionalProperties: false },
);
export type CbomScanCreateReqT = Static<typeof CbomScanCreateReq>;

export const CbomScanCreateResp = Type.Object(
  {
    id: Type.String({ description: 'Scan id, `cbom_` + 16 characters.' }),
    status: Type.String({ description: 'Initial status: `queued`.' }),
    tenant_id: Type.String(),
    tenant_kind: Type.String(),
    methodology_version: Type.String(),
  },
  { $id: 'CbomScanCreateResp', title: 'CbomScanCreateResp', additionalProperties: false },
);
export type CbomScanCreateRespT = Static<typeof CbomScanCreateResp>;

// ---------------------------------------------------------------- reading scans (DESIGN.md §4)

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });
const NullableTimestamp = (description: string) => Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

export const SCAN_STATUS_VALUES = ['queued', 'downloading', 'scanning', 'completed', 'failed'] as const;
const ScanStatusSchema = Type.Enum([...SCAN_STATUS_VALUES], { description: 'queued → downloading → scanning → completed | failed.' });

export const ScanListItem = Type.Object(
  {
    id: Type.String({ description: 'Scan id, `cbom_` + 16 characters.' }),
    status: ScanStatusSchema,
    repo_url: Type.String({ description: 'The repository URL as normalised when the scan was accepted.' }),
    project_name: Type.Union([Type.String(), Type.Null()]),
    project_version: Type.String(),
    methodology_version: Type.String(),
    created_at: Timestamp('When the scan was accepted (UTC).'),
    completed_at: NullableTimestamp('When the scan completed or failed (UTC).'),
    score: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()], { description: 'Score 0–100 once completed; null before.' }),
  },
  { $id: 'ScanListItem', title: 'ScanListItem', additionalProperties: false },
);
export type ScanListItemT = Static<typeof ScanListItem>;

export const ScanList = Type.Object(
  {
    scans: Type.Array(Type.Unsafe<ScanListItemT>({ $ref: 'ScanListItem#' }), { description: 'Most recent first.' }),
    count: Type.Integer({ description: 'Number of scans returned.' }),
    next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `cursor` to get the next page; null on the last page.' }),
  },
  { $id: 'ScanList', title: 'ScanList', additionalProperties: false },
);

export const ScanListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'Scans per page, 1–200.' })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: '`next_cursor` of the previous page.' })),
  },
  { additionalProperties: false },
);

export const ScanIdParams = Type.Object({ scan_id: Type.String({ minLength: 1, maxLength: 64, description: 'Scan id.' }) }, { additionalProperties: false });

export const ScanDetailQuery = Type.Object(
  { include_bom: Type.Optional(Type.Boolean({ default: false, description: 'Add the CycloneDX document as `bom`.' })) },
  { additionalProperties: false },
);

export const BomQuery = Type.Object(
  { format: Type.Optional(Type.String({ pattern: '^(cyclonedx|spdx)$', default: 'cyclonedx', description: '`cyclonedx` (1.6, default) or `spdx` (3.0.1).' })) },
  { additionalProperties: false },
);

const Location = Type.Object(
  { path: Type.String(), line: Type.Integer(), column: Type.Integer(), end_line: Type.Optional(Type.Integer()) },
  { additionalProperties: false },
);

const Occurrence = Type.Object(
  { path: Type.String(), line: Type.Integer(), column: Type.Integer(), symbol: Type.String(), detector: Type.String() },
  { additionalProperties: false },
);

export const ScanFinding = Type.Object(
  {
    id: Type.String(),
    rule_id: Type.String(),
    severity: Type.Enum(['critical', 'high', 'medium', 'low', 'info']),
    title: Type.String(),
    detail: Type.String(),
    remediation: Type.String(),
    asset_ref: Type.Union([Type.String(), Type.Null()], { description: 'The component concerned (its `id`).' }),
    locations: Type.Array(Location),
  },
  { $id: 'ScanFinding', title: 'ScanFinding', additionalProperties: false },
);

export const ScanComponent = Type.Object(
  {
    id: Type.String({ description: 'Content-derived id; the BOMs derive their refs from it.' }),
    kind: Type.Enum(['algorithm', 'certificate', 'related-crypto-material', 'protocol', 'library']),
    name: Type.String(),
    occurrences: Type.Array(Occurrence),
  },
  {
    $id: 'ScanComponent',
    title: 'ScanComponent',
    additionalProperties: true,
    description: 'A cryptographic asset or crypto library. Further fields depend on `kind` (e.g. `primitive`, `params`, `nist_quantum_level` for algorithms).',
  },
);

const FindingsSummary = Type.Object(
  { critical: Type.Integer(), high: Type.Integer(), medium: Type.Integer(), low: Type.Integer(), info: Type.Integer(), total: Type.Integer() },
  { additionalProperties: false },
);

const ScanProgressSchema = Type.Object(
  {
    phase: Type.String({ description: 'queued, downloading, walking, detecting, analysing, encoding, completed or failed.' }),
    percent: Type.Integer({ minimum: 0, maximum: 100 }),
    files_done: Type.Integer(),
    files_total: Type.Integer(),
  },
  { additionalProperties: false },
);

const ScanErrorSchema = Type.Object(
  {
    code: Type.String({ description: 'repo_not_found, repo_too_large, download_failed, archive_invalid, scan_timeout or internal.' }),
    message: Type.String(),
  },
  { additionalProperties: false },
);

const RepositoryMeta = Type.Object(
  { owner: Type.String(), name: Type.String(), ref: Type.String(), commit: Type.String(), committed_at: Timestamp('Committer date of the commit scanned.') },
  { additionalProperties: false },
);

const ScanStatsSchema = Type.Object(
  {
    files_seen: Type.Integer(),
    files_scanned: Type.Integer(),
    bytes_scanned: Type.Integer(),
    truncated: Type.Boolean({ description: 'A cap stopped the walk early: the inventory is partial.' }),
    skipped: Type.Record(Type.String(), Type.Integer(), { description: 'Files not parsed, per reason.' }),
    files_by_detector: Type.Record(Type.String(), Type.Integer()),
    reused: Type.Boolean({ description: 'The engine result came from an earlier scan of the same commit and methodology version.' }),
  },
  { additionalProperties: false },
);

export const ScanDetail = Type.Object(
  {
    id: Type.String(),
    status: ScanStatusSchema,
    tenant_id: Type.String(),
    tenant_kind: Type.String(),
    methodology_version: Type.String(),
    repo_url: Type.String(),
    project_name: Type.Union([Type.String(), Type.Null()]),
    project_version: Type.String(),
    created_at: Timestamp('When the scan was accepted (UTC).'),
    updated_at: Timestamp('Last change of status or progress (UTC).'),
    completed_at: NullableTimestamp('When the scan completed or failed (UTC).'),
    progress: ScanProgressSchema,
    error: Type.Union([ScanErrorSchema, Type.Null()], { description: 'Why the scan failed; null otherwise.' }),
    score: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()]),
    findings_summary: Type.Union([FindingsSummary, Type.Null()]),
    findings: Type.Array(Type.Unsafe({ $ref: 'ScanFinding#' }), { description: 'Empty until completed.' }),
    components: Type.Array(Type.Unsafe({ $ref: 'ScanComponent#' }), { description: 'Empty until completed.' }),
    metadata: Type.Object(
      {
        repository: Type.Union([RepositoryMeta, Type.Null()], { description: 'Known once the commit has been resolved.' }),
        bom_sha256: Type.Union([Type.Object({ cyclonedx: Type.String(), spdx: Type.String() }, { additionalProperties: false }), Type.Null()]),
        stats: Type.Union([ScanStatsSchema, Type.Null()]),
      },
      { additionalProperties: false },
    ),
    bom: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'With include_bom=true on a completed scan: the CycloneDX 1.6 document.' })),
  },
  { $id: 'ScanDetail', title: 'ScanDetail', additionalProperties: false },
);

// ---------------------------------------------------------------- usage

const UsageTotals = Type.Object(
  {
    scans: Type.Integer({ description: 'Scans that did not fail.' }),
    billable_scans: Type.Integer({ description: 'Of those, made with live keys.' }),
    spend_cents: Type.Integer({ description: 'Billable scans times the price per scan, in cents of `currency`.' }),
  },
  { additionalProperties: false },
);

export const UsageResp = Type.Object(
  {
    tenant_id: Type.String(),
    tenant_kind: Type.String(),
    currency: Type.String({ description: 'ISO 4217 code of spend amounts.' }),
    billing_cycle: Type.Object(
      { start: Timestamp('First instant of the calendar month (UTC).'), end: Timestamp('First instant of the next month (UTC), exclusive.') },
      { additionalProperties: false },
    ),
    current_cycle: Type.Object(
      {
        scans: Type.Integer({ description: 'Scans this cycle that did not fail: what the monthly cap counts.' }),
        billable_scans: Type.Integer(),
        spend_cents: Type.Integer(),
        monthly_cap: Type.Union([Type.Integer(), Type.Null()], { description: 'Scans allowed per cycle; null: no cap.' }),
        remaining: Type.Union([Type.Integer(), Type.Null()], { description: 'Scans left this cycle; null: no cap.' }),
      },
      { additionalProperties: false },
    ),
    all_time: UsageTotals,
    recent_scans: Type.Array(Type.Unsafe<ScanListItemT>({ $ref: 'ScanListItem#' }), { description: 'Most recent first.' }),
  },
  { $id: 'UsageResp', title: 'UsageResp', additionalProperties: false },
);

export const UsageQuery = Type.Object(
  { recent_limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 50, default: 5, description: 'Recent scans to include, 0–50.' })) },
  { additionalProperties: false },
);
