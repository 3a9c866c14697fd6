import HTTPIDLCore

// The httpidl command-line tool. Argument parsing lives here; everything else is in HTTPIDLCore.
print("httpidl: not yet implemented")
