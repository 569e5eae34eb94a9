/// A node's sources for one routed type, as a walk reads them on arrival; not retained
/// (the node's storage keeps them, and the walk holds the storage).
struct RouteSources {
  var interceptors: Unmanaged<SubscriberSource>?
  var subscribers: Unmanaged<SubscriberSource>?
  var answers: Unmanaged<SubscriberSource>?

  /// None: the node has no subscription of the type.
  init() {}

  init(_ channel: borrowing RouteChannel) {
    interceptors = channel.interceptors.map { Unmanaged.passUnretained($0) }
    subscribers = channel.subscribers.map { Unmanaged.passUnretained($0) }
    answers = channel.answers.map { Unmanaged.passUnretained($0) }
  }
}
