/// A question that can be asked of an ``EventNode`` and is answered by the nearest node
/// that knows.
///
/// ```swift
/// struct CurrentAccount: RoutedRequest { typealias Response = String }
/// ```
public protocol RoutedRequest {
  /// What an answer gives.
  associatedtype Response
}
