// Every named (shared) schema, registered once with app.addSchema: validation and serialization
// resolve `ref(...)`s against them and the OpenAPI document lists them under their $id.
// Add a new named schema to this list.
import { ErrorResponse, HTTPValidationError, ValidationError } from './common.js';
import { CbomScanCreateReq, CbomScanCreateResp } from './scans.js';
import { ApiKeyCreateReq, ApiKeyCreateResp, ApiKeyList, ApiKeyRecord, ApiKeyRevokeResp } from './keys.js';
import { HealthResp } from './health.js';

export const SHARED_SCHEMAS = [
  ValidationError,
  HTTPValidationError,
  ErrorResponse,
  CbomScanCreateReq,
  CbomScanCreateResp,
  ApiKeyRecord,
  ApiKeyList,
  ApiKeyCreateReq,
  ApiKeyCreateResp,
  ApiKeyRevokeResp,
  HealthResp,
] as const;

export { ref } from './common.js';
