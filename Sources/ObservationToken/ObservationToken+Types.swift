/// The package's public types, named through the token class, so that a qualified name
/// such as `ObservationToken.Event<URL>` resolves on every Swift 6.
///
/// The module and its main class share a name, and Swift looks a qualified name up in the
/// class first: without these, `ObservationToken.Event` would name nothing, and an app
/// with a type of its own called `Event` could not name the package's (the module
/// selector `ObservationToken::Event` needs Swift 6.3). Each alias is the very type.
extension ObservationToken {
  /// ``Event``, as `ObservationToken.Event<Parameter>`.
  public typealias Event<Parameter> = _ModuleTypes.EventType<Parameter>
  /// ``EventSender``, as `ObservationToken.EventSender<Parameter>`.
  public typealias EventSender<Parameter> = _ModuleTypes.EventSenderType<Parameter>
  /// ``SendableEvent``, as `ObservationToken.SendableEvent<Parameter>`.
  public typealias SendableEvent<Parameter: Sendable> = _ModuleTypes.SendableEventType<Parameter>
  /// ``SendableEventSender``, as `ObservationToken.SendableEventSender<Parameter>`.
  public typealias SendableEventSender<Parameter: Sendable> = _ModuleTypes.SendableEventSenderType<Parameter>
  /// ``EventNode``, as `ObservationToken.EventNode`.
  public typealias EventNode = _ModuleTypes.EventNodeType
  /// ``RoutedEvent``, as `ObservationToken.RoutedEvent`.
  public typealias RoutedEvent = _ModuleTypes.RoutedEventType
  /// ``RoutedRequest``, as `ObservationToken.RoutedRequest`.
  public typealias RoutedRequest = _ModuleTypes.RoutedRequestType
  /// ``RouteTrace``, as `ObservationToken.RouteTrace`.
  public typealias RouteTrace = _ModuleTypes.RouteTraceType
  /// ``ObservationBag``, as `ObservationToken.ObservationBag`.
  public typealias ObservationBag = _ModuleTypes.ObservationBagType
  /// ``ObservedChange``, as `ObservationToken.ObservedChange<Value>`.
  public typealias ObservedChange<Value> = _ModuleTypes.ObservedChangeType<Value>
  /// ``ObservedValues``, as `ObservationToken.ObservedValues<Element>`.
  public typealias ObservedValues<Element: Sendable> = _ModuleTypes.ObservedValuesType<Element>
  /// ``Observed``, as `ObservationToken.Observed<Value>`.
  public typealias Observed<Value> = _ModuleTypes.ObservedType<Value>
  /// ``ObservedProjection``, as `ObservationToken.ObservedProjection<Value>`.
  public typealias ObservedProjection<Value> = _ModuleTypes.ObservedProjectionType<Value>
  /// ``KeyValueObservable``, as `ObservationToken.KeyValueObservable`.
  public typealias KeyValueObservable = _ModuleTypes.KeyValueObservableType
  /// ``KeyValueObserving``, as `ObservationToken.KeyValueObserving`.
  public typealias KeyValueObserving = _ModuleTypes.KeyValueObservingType
  /// ``KeyValueChange``, as `ObservationToken.KeyValueChange`.
  public typealias KeyValueChange = _ModuleTypes.KeyValueChangeType
  /// ``KeyValueObservingOptions``, as `ObservationToken.KeyValueObservingOptions`.
  public typealias KeyValueObservingOptions = _ModuleTypes.KeyValueObservingOptionsType
  /// ``KeyValueObservingError``, as `ObservationToken.KeyValueObservingError`.
  public typealias KeyValueObservingError = _ModuleTypes.KeyValueObservingErrorType
  /// ``KeyValueObservingContext``, as `ObservationToken.KeyValueObservingContext`.
  public typealias KeyValueObservingContext = _ModuleTypes.KeyValueObservingContextType
}

/// The module's types under names the token class's aliases can refer to: inside the
/// class, `Event` is the alias itself, and the module's name is the class's.
///
/// Public because the aliases are; not API.
public enum _ModuleTypes {
  /// ``Event``.
  public typealias EventType<Parameter> = Event<Parameter>
  /// ``EventSender``.
  public typealias EventSenderType<Parameter> = EventSender<Parameter>
  /// ``SendableEvent``.
  public typealias SendableEventType<Parameter: Sendable> = SendableEvent<Parameter>
  /// ``SendableEventSender``.
  public typealias SendableEventSenderType<Parameter: Sendable> = SendableEventSender<Parameter>
  /// ``EventNode``.
  public typealias EventNodeType = EventNode
  /// ``RoutedEvent``.
  public typealias RoutedEventType = RoutedEvent
  /// ``RoutedRequest``.
  public typealias RoutedRequestType = RoutedRequest
  /// ``RouteTrace``.
  public typealias RouteTraceType = RouteTrace
  /// ``ObservationBag``.
  public typealias ObservationBagType = ObservationBag
  /// ``ObservedChange``.
  public typealias ObservedChangeType<Value> = ObservedChange<Value>
  /// ``ObservedValues``.
  public typealias ObservedValuesType<Element: Sendable> = ObservedValues<Element>
  /// ``Observed``.
  public typealias ObservedType<Value> = Observed<Value>
  /// ``ObservedProjection``.
  public typealias ObservedProjectionType<Value> = ObservedProjection<Value>
  /// ``KeyValueObservable``.
  public typealias KeyValueObservableType = KeyValueObservable
  /// ``KeyValueObserving``.
  public typealias KeyValueObservingType = KeyValueObserving
  /// ``KeyValueChange``.
  public typealias KeyValueChangeType = KeyValueChange
  /// ``KeyValueObservingOptions``.
  public typealias KeyValueObservingOptionsType = KeyValueObservingOptions
  /// ``KeyValueObservingError``.
  public typealias KeyValueObservingErrorType = KeyValueObservingError
  /// ``KeyValueObservingContext``.
  public typealias KeyValueObservingContextType = KeyValueObservingContext
}
