// The URLQueryCoding module. See DESIGN.md for its contract.
