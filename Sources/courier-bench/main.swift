// courier-bench: `swift run -c release courier-bench <suite>`; each suite prints figures next to a baseline.
print("usage: courier-bench <suite>")
