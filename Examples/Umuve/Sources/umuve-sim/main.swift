import SimCommandLine
import UmuveSim

SimCommandLine.run(apps: [UmuvePlugin()])
