import StackLayout
import StackConformance
print("stackcheck \(StackConformance.suiteVersion)")
