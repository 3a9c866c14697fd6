import Foundation
import HTTPIDLCore

// The httpidl command-line tool. Argument parsing lives here; everything else is in HTTPIDLCore.
let status = CommandLineTool(arguments: Array(CommandLine.arguments.dropFirst())).run()
exit(status)
