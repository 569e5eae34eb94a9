import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The names the program's symbol tables give code and data addresses, demangled: what
/// names a key path component the runtime prints as `<computed (String)>` — its ID is the
/// property's getter, or its method descriptor (see ``ObservedPropertyNames``).
///
/// On Linux the table is read from the file of the image that maps the address, found in
/// `/proc/self/maps`: its full symbol table (`.symtab`), which a build keeps unless it is
/// stripped, else its dynamic one. Elsewhere `dladdr` answers. Cold paths only: an
/// answer, or its absence, is kept by address.
enum SymbolTable {
  private static let found = Locked<[UInt: [String]]>([:])

  /// Whether the tables are read: a test turns it off, to see what a stripped program names.
  static let isRead = Atomic(true)

  /// The demangled names of the symbols at exactly `address`; empty where no table names it.
  static func names(at address: UInt) -> [String] {
    guard isRead.load(ordering: .relaxed) else { return [] }
    if let known = found.withLock({ $0[address] }) { return known }
    let names = mangledNames(at: address).map(demangled)
    found.withLock { $0[address] = names }
    return names
  }

  private static func demangled(_ name: String) -> String {
    name.withCString { mangled in
      guard let text = swift_demangle(mangled, strlen(mangled), nil, nil, 0) else { return name }
      defer { free(text) }
      return String(cString: text)
    }
  }

  #if os(Linux)
  private static func mangledNames(at address: UInt) -> [String] {
    guard let (path, inode, fileOffset) = mappedFile(containing: address),
      let file = ELFFile(path: path, inode: inode), let virtualAddress = file.virtualAddress(ofFileOffset: fileOffset)
    else { return [] }
    return file.symbolNames(at: virtualAddress)
  }

  /// The file mapped at `address` (its path and inode), and the offset in it that lies there.
  private static func mappedFile(containing address: UInt) -> (path: String, inode: UInt, offset: UInt)? {
    let descriptor = open("/proc/self/maps", O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var text: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while case let count = read(descriptor, &chunk, chunk.count), count > 0 { text += chunk[..<count] }
    // `start-end perms offset device inode path`, in hexadecimal where numeric.
    for line in text.split(separator: UInt8(ascii: "\n")) {
      let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: true)
      guard fields.count == 6 else { continue }
      let range = fields[0].split(separator: UInt8(ascii: "-"))
      guard range.count == 2, let start = UInt(hex: range[0]), let end = UInt(hex: range[1]),
        start <= address, address < end, let offset = UInt(hex: fields[2]),
        let inode = UInt(String(decoding: fields[4], as: UTF8.self))
      else { continue }
      let path = String(decoding: fields[5].drop(while: { $0 == UInt8(ascii: " ") }), as: UTF8.self)
      return path.hasPrefix("/") ? (path, inode, address - start + offset) : nil
    }
    return nil
  }
  #elseif canImport(Darwin)
  private static func mangledNames(at address: UInt) -> [String] {
    var info = Dl_info()
    guard let pointer = UnsafeRawPointer(bitPattern: address), dladdr(pointer, &info) != 0,
      let name = info.dli_sname, UInt(bitPattern: info.dli_saddr) == address
    else { return [] }
    return [String(cString: name)]
  }
  #else
  private static func mangledNames(at address: UInt) -> [String] { [] }
  #endif
}

/// The runtime's demangler, which every Swift runtime exports with C's calling convention.
@_silgen_name("swift_demangle")
private func swift_demangle(
  _ mangledName: UnsafePointer<CChar>,
  _ mangledNameLength: Int,
  _ outputBuffer: UnsafeMutablePointer<CChar>?,
  _ outputBufferSize: UnsafeMutablePointer<Int>?,
  _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?

extension UInt {
  fileprivate init?(hex digits: ArraySlice<UInt8>) {
    self.init(String(decoding: digits, as: UTF8.self), radix: 16)
  }
}
