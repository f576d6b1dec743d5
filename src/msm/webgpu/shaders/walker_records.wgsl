// The stream walker's partial records (stream_walker.wgsl writes them, walker_combine.wgsl adds
// them up; the Vulkan shaders' walker_records.glsl). Slot u (of U = threads · S) has two records:
//   record 0: the sum of the run that starts at the slot's piece start, when that run is part of
//             a bucket split between pieces
//   record 1: the sum of the run that ends at the piece's end and goes on in the next piece,
//             when it is not record 0
// walker_combine.wgsl's levels use the same records for blocks of units (a unit of level 0 is a
// slot, of level ℓ + 1 a block of kCombineBlock units of level ℓ).
// Layout: records buffer, XYZZ_WORDS words (an XYZZ point, Montgomery form) at (2u + record) ·
// XYZZ_WORDS;
// meta buffer, 2 words (bucket, flags) at 4u + 2 · record. Flags 0 = no record.

const kRecordValid = 1u;       // the record holds a partial sum
const kRecordFromBefore = 2u;  // the bucket has entries in an earlier piece
const kRecordToAfter = 4u;     // the bucket has entries in a later piece
const kRecordEmptyPiece = 8u;  // (record 0 only) the unit has no entries

fn walker_record_base(u: u32, record: u32) -> u32 { return (2u * u + record) * XYZZ_WORDS; }
fn walker_meta_base(u: u32, record: u32) -> u32 { return 4u * u + 2u * record; }
