/// A node's sources for one routed type, as a walk reads them on arrival; not retained
/// (the node keeps them, and the walk holds the node).
struct RouteSources {
  var interceptors: Unmanaged<EventSource>?
  var subscribers: Unmanaged<EventSource>?
  var answers: Unmanaged<EventSource>?
}
