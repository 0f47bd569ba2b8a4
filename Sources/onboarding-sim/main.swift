// onboarding-sim: the command-line tool for the bundled apps, registered as any team's plug-ins
// are. The whole of it is the library's SimCommandLine; a team's own tool is this file with its
// plug-ins: see docs/your-app.md.
import SimCommandLine
import Scenarios
import FixPlanSim
import PickupSim

SimCommandLine.run(apps: [FixPlanPlugin(), PickupPlugin()])
