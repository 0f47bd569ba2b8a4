// onboarding-mutate: mutation testing of the app models (docs/mutation.md).
import Foundation
import Mutation

let exitCode = MutateCommand.main(Array(CommandLine.arguments.dropFirst()))
exit(exitCode)
