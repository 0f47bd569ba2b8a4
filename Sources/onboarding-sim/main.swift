// onboarding-sim: the command-line tool for the bundled apps. The whole of it is the library's
// SimCommandLine; a team's own tool is this file with its plug-ins: see docs/your-app.md.
import SimCommandLine

SimCommandLine.run()
