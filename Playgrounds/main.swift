// Runnable walkthroughs of ObservationToken: `swift run Playgrounds`.
// Each page prints what happens and checks what it claims; a broken claim exits non-zero.

EngineWalkthrough.run()
CellBindingWalkthrough.run()
ReadmeTour.run()
await ReadmeSnippets.run()
ContextTrapWalkthrough.run()
await ThreadingWalkthrough.run()
await CellListWalkthrough.run()
await DocCommentExamples.run()
await DocCArticles.run()
await EventsWalkthrough.run()
await EventsWalkthrough.isolation()
RoutingWalkthrough.run()
await RoutingDeliveryWalkthrough.run()
await SwiftUIWalkthrough.run()
#if canImport(ObjectiveC) || KVO_SHIM
KVOWalkthrough.run()
#endif
print("\nAll walkthroughs finished.")
