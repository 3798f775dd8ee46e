import { Type } from 'typebox';

export const HealthResp = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')], { description: '`ok`, or `unavailable` (503) when the database does not answer.' }),
    api_version: Type.String(),
    methodology_version: Type.String(),
    bom_formats: Type.Array(
      Type.Object(
        { format: Type.String(), name: Type.String(), spec_version: Type.String(), media_type: Type.String() },
        { additionalProperties: false },
      ),
    ),
    storage: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
    queue: Type.Union([Type.Literal('in-process'), Type.Literal('bullmq')]),
  },
  { $id: 'Health', title: 'Health', additionalProperties: false },
);
