// The HTTPIDLCore module. See DESIGN.md for its contract.
