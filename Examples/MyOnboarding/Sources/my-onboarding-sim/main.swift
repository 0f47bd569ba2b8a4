import SimCommandLine
import MyOnboardingSim

SimCommandLine.run(apps: [MyOnboardingApp()])
