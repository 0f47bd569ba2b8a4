import SimCommandLine
import TrendySim

SimCommandLine.run(apps: [TrendyApp()])
