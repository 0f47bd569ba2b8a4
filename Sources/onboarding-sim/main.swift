// onboarding-sim: the command-line tool. Thin: parses arguments and calls the library.
import Foundation

let exitCode = CommandLineTool.main(Array(CommandLine.arguments.dropFirst()))
exit(exitCode)
