import MyStack
import StackConformance
import Testing

@Test(arguments: Catalogue.all)
func conformance(_ property: ConformanceProperty) async {
    await expectConforms(MyStackEngine(), property: property, options: RunOptions(cases: 20))
}
