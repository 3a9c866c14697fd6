// The FlexibleDecoding module. See DESIGN.md for its contract.
