// The CourierTesting module. See DESIGN.md for its contract.
