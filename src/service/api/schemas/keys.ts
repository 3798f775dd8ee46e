// API-key shapes (DESIGN.md section 4: keys).
import { Type, type Static } from 'typebox';
import { KEY_LOOKUP_PATTERN } from '../../auth/api-key.js';
import { SCOPES } from '../../auth/scopes.js';

const ScopeSchema = Type.Enum([...SCOPES], { description: 'A permission of an API key.' });

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });
// A type list rather than anyOf: the response serializer handles it without a validation per value.
const NullableTimestamp = (description: string) => Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date-time', description });

export const ApiKeyRecord = Type.Object(
  {
    key_lookup: Type.String({ description: 'Public id of the key (its 16-character lookup part).' }),
    key_prefix: Type.String({ description: 'Non-secret start of the key: `svc_{env}_{lookup}`.' }),
    name: Type.String(),
    env: Type.Union([Type.Literal('live'), Type.Literal('test')]),
    status: Type.Union([Type.Literal('active'), Type.Literal('revoked')]),
    scopes: Type.Array(ScopeSchema),
    created_at: Timestamp('When the key was created (UTC).'),
    last_used_at: NullableTimestamp('Last authenticated request, recorded at most once a minute (UTC).'),
    revoked_at: NullableTimestamp('When the key was revoked (UTC).'),
  },
  { $id: 'ApiKeyRecord', title: 'ApiKeyRecord', additionalProperties: false },
);
export type ApiKeyRecordT = Static<typeof ApiKeyRecord>;

export const ApiKeyList = Type.Object(
  {
    keys: Type.Array(Type.Unsafe<ApiKeyRecordT>({ $ref: 'ApiKeyRecord#' }), { description: 'Newest first.' }),
    count: Type.Integer({ description: 'Number of keys returned.' }),
  },
  { $id: 'ApiKeyList', title: 'ApiKeyList', additionalProperties: false },
);

export const ApiKeyCreateReq = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, description: 'A label for the key.' }),
    env: Type.String({
      maxLength: 20,
      description: 'Must be `test`. Live keys are issued by an administrator (`cbom admin key create --env live`).',
      examples: ['test'],
    }),
    scopes: Type.Optional(
      Type.Array(ScopeSchema, {
        uniqueItems: true,
        maxItems: SCOPES.length,
        description: "Scopes of the new key; default: all of the calling key's scopes. Never more than the calling key holds.",
      }),
    ),
  },
  { $id: 'ApiKeyCreateReq', title: 'ApiKeyCreateReq', additionalProperties: false },
);

export const ApiKeyCreateResp = Type.Object(
  {
    key: Type.String({ description: 'The full plaintext key. Shown once: store it in a secrets manager.' }),
    key_lookup: Type.String(),
    key_prefix: Type.String(),
    name: Type.String(),
    env: Type.Literal('test'),
    status: Type.Literal('active'),
    scopes: Type.Array(ScopeSchema),
    created_at: Timestamp('When the key was created (UTC).'),
  },
  { $id: 'ApiKeyCreateResp', title: 'ApiKeyCreateResp', additionalProperties: false },
);

export const ApiKeyRevokeResp = Type.Object(
  {
    key_lookup: Type.String(),
    status: Type.Literal('revoked'),
    revoked_at: Timestamp('When the key was revoked (UTC).'),
  },
  { $id: 'ApiKeyRevokeResp', title: 'ApiKeyRevokeResp', additionalProperties: false },
);

export const KeyIdParams = Type.Object(
  { key_id: Type.String({ pattern: KEY_LOOKUP_PATTERN, description: 'The key_lookup of the key.' }) },
  { additionalProperties: false },
);
