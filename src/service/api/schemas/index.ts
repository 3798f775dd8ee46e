// Every named (shared) schema, registered once with app.addSchema: validation and serialization
// resolve `ref(...)`s against them and the OpenAPI document lists them under their $id.
// Add a new named schema to this list.
import { ErrorResponse, HTTPValidationError, ValidationError } from './common.js';
import { CbomScanCreateReq, CbomScanCreateResp, ScanComponent, ScanDetail, ScanFinding, ScanList, ScanListItem, UsageResp } from './scans.js';
import { ApiKeyCreateReq, ApiKeyCreateResp, ApiKeyList, ApiKeyRecord, ApiKeyRevokeResp } from './keys.js';
import { HealthResp } from './health.js';
import { Branding, BrandingResp, BrandingUpdateReq, PublicBranding, PublicBrandingResp } from './branding.js';
import { DemoScan, DemoScanCreated, DemoScanCreateReq } from './demo.js';

export const SHARED_SCHEMAS = [
  ValidationError,
  HTTPValidationError,
  ErrorResponse,
  CbomScanCreateReq,
  CbomScanCreateResp,
  ScanListItem,
  ScanList,
  ScanFinding,
  ScanComponent,
  ScanDetail,
  UsageResp,
  ApiKeyRecord,
  ApiKeyList,
  ApiKeyCreateReq,
  ApiKeyCreateResp,
  ApiKeyRevokeResp,
  HealthResp,
  BrandingUpdateReq,
  Branding,
  BrandingResp,
  PublicBranding,
  PublicBrandingResp,
  DemoScanCreateReq,
  DemoScanCreated,
  DemoScan,
] as const;

export { ref } from './common.js';
