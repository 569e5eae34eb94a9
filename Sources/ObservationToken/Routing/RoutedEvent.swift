/// Something that can be posted on an ``EventNode`` and travel up its chain of owners.
///
/// Events are addressed by their type: a subscriber to one type never sees another.
///
/// ```swift
/// struct RowDeleted: RoutedEvent { var row: Int }
/// ```
public protocol RoutedEvent {}
