// Minimal reproductions of what the fuzzer has hit, next to neighbours that must keep working.

const frameWith = (members: string) =>
  `{"type":"frames","result":{"frames":[{"id":"a","kind":"k","title":"t",${members}}],"truncated":false}}`;
const queryWith = (members: string) => `{"type":"query","query":{"goal":"g",${members}}}`;

/** [name, line] pairs for the round-trip property at range edges, signed zeros, non-f32 doubles, nulls and empty lists. */
export const BOUNDARY_LINES: readonly (readonly [string, string])[] = [
  ["u32 4294967295 (U32_MAX)", frameWith('"score":1,"token_cost":4294967295')],
  ["u32 -0 (max_frames)", queryWith('"max_frames":-0,"max_tokens":1')],
  ["u32 -0 (token_cost)", frameWith('"score":1,"token_cost":-0')],
  [
    "usize 9007199254740991 (leaf_index)",
    '{"type":"frames","result":{"frames":[],"truncated":false,"frame_attestations":[{"frame":{"provider_id":"p","frame_id":"f"},"inclusion_proof":{"leaf_index":9007199254740991,"leaf_count":1,"path":[]}}]}}',
  ],
  ["f32 -0 (score)", frameWith('"score":-0,"token_cost":1')],
  ["f32 0.1 (score)", frameWith('"score":0.1,"token_cost":1')],
  ["f32 1e-45 (embedding)", queryWith('"embedding":[1e-45],"max_frames":1,"max_tokens":1')],
  ["f32 0.123456789, not an f32 (score)", frameWith('"score":0.123456789,"token_cost":1')],
  ["f32 16777217, not an f32 (embedding)", queryWith('"embedding":[16777217],"max_frames":1,"max_tokens":1')],
  [
    "f32 3.4028234663852886e38 = f32::MAX as a double (score)",
    frameWith('"score":3.4028234663852886e38,"token_cost":1'),
  ],
  ["f32 3.4028235e38 = f32::MAX as the reference writes it (score)", frameWith('"score":3.4028235e38,"token_cost":1')],
  [
    "f32 -3.4028235e38 = f32::MIN as the reference writes it (embedding)",
    queryWith('"embedding":[-3.4028235e38],"max_frames":1,"max_tokens":1'),
  ],
  ["optional member null (error.id)", '{"type":"error","id":null,"message":"m"}'],
  ["optional member null (frame.content)", frameWith('"content":null,"score":1,"token_cost":1')],
  ["empty list that is omitted when empty (query.anchors)", queryWith('"anchors":[],"max_frames":1,"max_tokens":1')],
  ["absent list that is omitted when empty (query.anchors)", queryWith('"max_frames":1,"max_tokens":1')],
];
