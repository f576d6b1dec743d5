// The stream walker's partial records (stream_walker.comp writes them, walker_combine.comp adds
// them up). Slot u (of U = threads · S) has two records:
//   record 0: the sum of the run that starts at the slot's piece start, when that run is part of
//             a bucket split between pieces
//   record 1: the sum of the run that ends at the piece's end and goes on in the next piece,
//             when it is not record 0
// walker_combine.comp's levels use the same records for blocks of units (a unit of level 0 is a
// slot, of level ℓ + 1 a block of kCombineBlock units of level ℓ).
// Layout: records buffer, 4W words (an XYZZ point, Montgomery form) at (2u + record) · 4W;
// meta buffer, 2 words (bucket, flags) at 4u + 2 · record. Flags 0 = no record.
#ifndef ZKMSM_WALKER_RECORDS_GLSL
#define ZKMSM_WALKER_RECORDS_GLSL

const uint kRecordValid = 1u;       // the record holds a partial sum
const uint kRecordFromBefore = 2u;  // the bucket has entries in an earlier piece
const uint kRecordToAfter = 4u;     // the bucket has entries in a later piece
const uint kRecordEmptyPiece = 8u;  // (record 0 only) the unit has no entries

uint walker_record_base(uint u, uint record) { return (2u * u + record) * XYZZ_WORDS; }
uint walker_meta_base(uint u, uint record) { return 4u * u + 2u * record; }

#endif
