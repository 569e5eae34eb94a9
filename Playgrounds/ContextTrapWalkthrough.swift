// swift-format-ignore-file
// (The DocC articles quote lines of this walkthrough as they print them, within the page's 76
// columns; DocCArticles' twin check compares their lines.)
import ObservationToken

/// KVO's classic trap beside the token version: a superclass and a subclass observe the
/// same key path of the same object. With one `observeValue` per class hierarchy they
/// must sort notifications by a private context and forward the rest to `super`; with
/// tokens there is nothing to sort.
enum ContextTrapWalkthrough {
  final class Account: KeyValueObservable {
    @Observed var balance = 0
  }

  nonisolated(unsafe) private static var baseContext = 0
  nonisolated(unsafe) private static var detailContext = 0

  /// Raw version: the superclass registers with its own context…
  class BaseScreen: KeyValueObserving {
    var log: [String] = []

    init(account: Account) {
      account.addObserver(self, forKeyPath: \Account.balance,
                          options: [.new], context: &baseContext)
    }

    func observeValue(
      forKeyPath keyPath: AnyKeyPath,
      of object: AnyObject,
      change: KeyValueChange,
      context: UnsafeMutableRawPointer?
    ) {
      guard context == UnsafeMutableRawPointer(&baseContext) else { return }
      log.append("base sees \(change.newValue ?? "–")")
    }
  }

  /// …and the subclass must override the one entry point, keep its own context, and
  /// forward everything else to super, or one of them silently misses its changes.
  final class DetailScreen: BaseScreen {
    override init(account: Account) {
      super.init(account: account)
      account.addObserver(self, forKeyPath: \Account.balance,
                          options: [.new], context: &detailContext)
    }

    override func observeValue(
      forKeyPath keyPath: AnyKeyPath,
      of object: AnyObject,
      change: KeyValueChange,
      context: UnsafeMutableRawPointer?
    ) {
      guard context == UnsafeMutableRawPointer(&detailContext) else {
        return super.observeValue(forKeyPath: keyPath, of: object,
                                  change: change, context: context)
      }
      log.append("detail sees \(change.newValue ?? "–")")
    }
  }

  /// Token version: each class owns its token; nothing to override, forward or sort.
  class TokenBaseScreen {
    var log: [String] = []
    private var baseToken: ObservationToken?

    init(account: Account) {
      baseToken = account.observe(\.balance) { [unowned self] _, change in
        log.append("base sees \(change.newValue ?? 0)")
      }
    }
  }

  final class TokenDetailScreen: TokenBaseScreen {
    private var detailToken: ObservationToken?

    override init(account: Account) {
      super.init(account: account)
      detailToken = account.observe(\.balance) { [unowned self] _, change in
        log.append("detail sees \(change.newValue ?? 0)")
      }
    }
  }

  static func run() {
    page("The superclass/subclass context trap: raw KVO shape vs tokens")
    let account = Account()

    let raw = DetailScreen(account: account)
    account.balance = 10
    print("raw, with contexts and forwarding:", raw.log)
    check(raw.log == ["base sees 10", "detail sees 10"], "each class to see the change once")

    let tokens = TokenDetailScreen(account: account)
    account.balance = 20
    print("tokens:", tokens.log)
    check(tokens.log == ["base sees 20", "detail sees 20"], "each token to see the change once")

    print("the raw registrations must be removed by hand, each with its own context:")
    do {
      try account.removeObserver(raw, forKeyPath: \Account.balance, context: &detailContext)
      try account.removeObserver(raw, forKeyPath: \Account.balance, context: &baseContext)
      print("  removed both")
    } catch {
      check(false, "both removals to succeed, got \(error)")
    }
    print("the tokens end when their owner is released — nothing to remove.")
  }
}
