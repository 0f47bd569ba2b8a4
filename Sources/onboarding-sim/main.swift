// onboarding-sim: the command-line tool. Thin: parses arguments and calls the library.
import Foundation
import Exploration

// Restarts once with a bigger allocator cache (about 10% faster on many seeds; see AllocatorTuning).
AllocatorTuning.restartTunedIfNeeded()
let exitCode = CommandLineTool.main(Array(CommandLine.arguments.dropFirst()))
exit(exitCode)
