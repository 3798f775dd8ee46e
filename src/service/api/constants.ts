// Facts about the API that several modules show: one place each.
export const API_PREFIX = '/api/v1/cbom';
export const API_VERSION = '0.1.0';
export const API_TITLE = 'CBOM Partner API';

/** The BOM formats one scan is encoded into (advertised by /health and the OpenAPI document). */
export const BOM_FORMATS = [
  { format: 'cyclonedx', name: 'CycloneDX', spec_version: '1.6', media_type: 'application/vnd.cyclonedx+json; version=1.6' },
  { format: 'spdx', name: 'SPDX', spec_version: '3.0.1', media_type: 'application/spdx+json' },
] as const;
