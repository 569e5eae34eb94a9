import ObservationToken

final class Document: KeyValueObservable {
  @Observed var title = "Untitled"
  @Observed var isFavorite = false
  @Observed var tags: [String] = []
  var displayTitle: String { isFavorite ? "★ " + title : title }
}
class Base: KeyValueObservable { @Observed var name = "base" }
final class Sub: Base {}
final class Cell: KeyValueObservable { @Observed var document: Document? }

final class Printer: KeyValueObserving {
  let label: String
  init(_ label: String) { self.label = label }
  func observeValue(forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange, context: UnsafeMutableRawPointer?) {
    print(label, change.kind, change.oldValue ?? "-", change.newValue ?? "-", change.indexes.map { Array($0.ranges) } ?? [], change.isPrior)
  }
}
let d = Document()
let p = Printer("title")
d.addObserver(p, forKeyPath: \.title, options: [.old, .new, .initial, .prior])
d.title = "Draft"
let t = Printer("tags")
d.addObserver(t, forKeyPath: \.tags, options: [.old, .new])
d.$tags.append("swift")
let dp = Printer("display")
d.addObserver(dp, forKeyPath: \.displayTitle, options: [.old, .new])
d.isFavorite = true
d.title = "Final"
print(d.observationDescription)
try d.removeObserver(p, forKeyPath: \.title)
do { try d.removeObserver(p, forKeyPath: \.title) } catch { print(error) }
let s = Sub()
let sp = Printer("sub")
s.addObserver(sp, forKeyPath: \.name, options: [.old, .new])
s.name = "x"
let c = Cell()
let cp = Printer("chain")
c.addObserver(cp, forKeyPath: \.document?.title, options: [.old, .new])
c.document = d
d.title = "Chained"
let d2 = Document()
c.document = d2
d.title = "old doc, silent"
d2.title = "new doc"
