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
