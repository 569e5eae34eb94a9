// expected-error: requires that 'Document' conform to 'KeyValueObservable'
import ObservationToken

// @Observed in a class that forgot KeyValueObservable. The compiler reports it with no
// location (`<unknown>:0:`); the README's troubleshooting section shows the fix.
final class Document {
  @Observed var title = "Untitled"
}
