#if canImport(Glibc)
import CMallocInfo
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Defeating dead-code elimination

/// Where results go so the optimizer cannot delete the work that produced them.
nonisolated(unsafe) var opaqueStorage = 0
nonisolated(unsafe) var opaqueObject: AnyObject?

/// Consumes a result. Not inlined and not optimized, so the value must really exist.
@_optimize(none) @inline(never)
func blackHole(_ value: Int) {
  opaqueStorage &+= value
}

/// Returns `value` unchanged, through code the optimizer cannot see into, so it can assume
/// nothing about the object (for example that a closure stored in it is still `nil`).
@_optimize(none) @inline(never)
func opaque<T: AnyObject>(_ value: T) -> T {
  opaqueObject = value
  defer { opaqueObject = nil }
  return unsafeDowncast(opaqueObject!, to: T.self)
}

/// Every observer in every subject does exactly this with what it receives: two adds on
/// a class-held counter. The check pass reads `calls` and `sum`; the timing loop hands
/// `sum` to ``blackHole(_:)``.
final class Counter {
  var calls = 0
  var sum = 0

  @inline(__always)
  func record(old: Int, new: Int) {
    calls &+= 1
    sum &+= new &- old
  }

  func reset() {
    calls = 0
    sum = 0
  }
}

// MARK: - Values

/// The titles the string cases cycle through: small strings (at most 13 UTF-8 bytes, so
/// `"★ " + title` is still a small string and nothing allocates), of varying lengths so
/// that the check sees wrong old or new values. An observer records their UTF-8 counts.
let titles: [String] = (0..<16).map { index in
  String(repeating: "t", count: 1 + (index * 7) % 13)
}

@inline(__always)
func title(at op: Int) -> String { titles[op & 15] }

/// The length an observer of `displayTitle` records for op `op` (favorite is on).
func displayLength(at op: Int) -> Int { ("★ " + title(at: op)).utf8.count }

/// What the check expects from the string cases: for each op in `ops`, the observer sees
/// the title set by the op before as old and this op's as new — or, for a subject whose
/// handler only learns of a change before it happens (`lagging`), one op earlier.
func expectedStringSum(ops: Range<Int>, lagging: Bool, length: (Int) -> Int) -> Int {
  var sum = 0
  for op in ops {
    let new = lagging ? op - 1 : op
    sum &+= length(new) &- length(new - 1)
  }
  return sum
}

// MARK: - Time

let clock = ContinuousClock()

extension Duration {
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}

// MARK: - Heap and RSS

/// Bytes currently allocated through malloc, all arenas (`uordblks`), plus the blocks
/// malloc serves with mmap (`hblkhd`), which `uordblks` does not count.
func heapInUse() -> Int {
  #if canImport(Glibc)
  let info = mallinfo2()
  return Int(info.uordblks) + Int(info.hblkhd)
  #else
  return 0
  #endif
}

/// The resident set size, from /proc/self/statm (0 where there is none).
func residentBytes() -> Int {
  #if canImport(Glibc)
  guard let file = fopen("/proc/self/statm", "r") else { return 0 }
  defer { fclose(file) }
  var buffer = [UInt8](repeating: 0, count: 256)
  let read = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count - 1, file) }
  let fields = buffer[..<read].split(separator: UInt8(ascii: " "))
  guard fields.count >= 2, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  #else
  return 0
  #endif
}

/// Gives freed memory back where glibc can, so RSS readings mean something.
func trimHeap() {
  #if canImport(Glibc)
  _ = malloc_trim(0)
  #endif
}

// MARK: - Memory and scale

/// What a memory run measures, per handle made.
struct MemoryResult {
  var heapBytesPerToken: Double
  var residentBytesPerToken: Double
  var nanosecondsPerToken: Double
}

/// Bytes per live handle: `count` handles made by `create`, all recording into one
/// counter, spread over `ownerCount` owners made by `makeOwner` (objects or senders),
/// measured as the heap delta (and the RSS delta as a cross-check). The owners and the
/// array holding the handles exist before the first reading, so only what `create`
/// allocates is counted. Not timed or measured: `check` then gets the owners, the counter
/// and the number of handles while every handle is live, and `end` the handles and the
/// owners before the owners are released. Inlined into each subject's caller, so that
/// what it measures is specialized and inlined there as if written out; making the handles
/// is the ``countedWork(_:)`` of the live-token scaling cases.
@inline(__always)
func measureHeap<Owner, Handle>(
  creating count: Int, on ownerCount: Int, makeOwner: () -> Owner, create: (Owner, Counter) -> Handle,
  check: ([Owner], Counter, Int) throws(BenchmarkFailure) -> Void,
  end: (inout [Handle], [Owner]) -> Void
) throws(BenchmarkFailure) -> MemoryResult {
  let counter = Counter()
  var owners = (0..<ownerCount).map { _ in makeOwner() }
  var handles: [Handle] = []
  handles.reserveCapacity(count)
  let perOwner = count / ownerCount

  trimHeap()
  let heapBefore = heapInUse()
  let residentBefore = residentBytes()
  let start = clock.now
  countedWork {
    for owner in owners {
      for _ in 0..<perOwner { handles.append(create(owner, counter)) }
    }
  }
  let elapsed = clock.now - start
  let heapAfter = heapInUse()
  let residentAfter = residentBytes()
  let total = handles.count

  try check(owners, counter, total)

  end(&handles, owners)
  owners.removeAll()
  return MemoryResult(
    heapBytesPerToken: Double(heapAfter - heapBefore) / Double(total),
    residentBytesPerToken: Double(residentAfter - residentBefore) / Double(total),
    nanosecondsPerToken: elapsed.nanoseconds / Double(total)
  )
}

/// What a scale run measures: the time per handle of making them all and of ending them
/// all, and what was still allocated at the end compared with before the owners were made.
struct ScaleResult {
  var createNanosecondsPerToken: Double
  var endNanosecondsPerToken: Double
  var bytesLeft: Int
}

/// Makes `ownerCount` owners and `count` handles spread over them, as
/// ``measureHeap(creating:on:makeOwner:create:check:end:)``, ends them all with `end`,
/// then releases the owners. In between, `notify` sets or sends once on each owner: any
/// handler call that makes fails the run with the message `failure` makes from the
/// number of handles and the calls. Inlined, as ``measureHeap(creating:on:makeOwner:create:check:end:)``.
@inline(__always)
func measureScale<Owner, Handle>(
  creating count: Int, on ownerCount: Int, makeOwner: () -> Owner, create: (Owner, Counter) -> Handle,
  end: (inout [Handle], [Owner]) -> Void,
  notify: (Owner) -> Void,
  failure: (_ total: Int, _ calls: Int) -> String
) throws(BenchmarkFailure) -> ScaleResult {
  let counter = Counter()
  var handles: [Handle] = []
  handles.reserveCapacity(count)
  let perOwner = count / ownerCount

  let heapBefore = heapInUse()
  var owners = (0..<ownerCount).map { _ in makeOwner() }
  let start = clock.now
  for owner in owners {
    for _ in 0..<perOwner { handles.append(create(owner, counter)) }
  }
  let created = clock.now
  let total = handles.count
  end(&handles, owners)
  let ended = clock.now
  counter.reset()
  for owner in owners { notify(owner) }
  let calls = counter.calls
  owners.removeAll()
  let heapAfter = heapInUse()
  withExtendedLifetime(handles) {}

  try failIfNeeded(calls == 0, failure(total, calls))
  return ScaleResult(
    createNanosecondsPerToken: (created - start).nanoseconds / Double(total),
    endNanosecondsPerToken: (ended - created).nanoseconds / Double(total),
    bytesLeft: heapAfter - heapBefore
  )
}

// MARK: - Output

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
  let count = text.count
  guard count < width else { return text }
  let padding = String(repeating: " ", count: width - count)
  return right ? padding + text : text + padding
}

func format(_ value: Double, digits: Int = 2) -> String {
  guard value.isFinite else { return "—" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = String(rounded)
  // Print a fixed number of decimals.
  if let dot = text.firstIndex(of: ".") {
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    if digits == 0 { text = String(text[..<dot]) }
  }
  return text
}

/// Formats ns/op with enough digits for values from well under 1 ns to milliseconds.
func formatNanos(_ value: Double) -> String {
  if value < 10 { return format(value, digits: 2) }
  if value < 100 { return format(value, digits: 1) }
  return format(value, digits: 0)
}

struct BenchmarkFailure: Error {
  let message: String
}

func failIfNeeded(_ condition: Bool, _ message: @autoclosure () -> String) throws(BenchmarkFailure) {
  if !condition { throw BenchmarkFailure(message: message()) }
}

func printError(_ text: String) {
  flushOutput()
  var line = text + "\n"
  line.withUTF8 { buffer in
    _ = write(2, buffer.baseAddress, buffer.count)
  }
}

/// Flushes standard output (all C streams), so progress shows when piped.
func flushOutput() {
  fflush(nil)
}
