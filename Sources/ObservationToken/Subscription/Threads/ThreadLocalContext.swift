/// What a layer keeps per thread: an object made on a thread's first use and released
/// when the thread exits. Only its own thread ever touches it, so it needs no lock.
protocol ThreadLocalContext: AnyObject {
  init()
}
