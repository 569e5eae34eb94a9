/// One queued call: the subject and its change, crossing to the delivery queue.
struct ObservedDelivery<Subject: Sendable, Value: Sendable>: Sendable {
  let subject: Subject
  let change: ObservedChange<Value>
}
