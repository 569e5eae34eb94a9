#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A 64-bit little-endian ELF file, open for reading the symbols at an address: what
/// ``SymbolTable`` reads on Linux. Anything that does not fit that format reads as
/// nothing.
struct ELFFile: ~Copyable {
  private let descriptor: Int32
  private let header: [UInt8]

  /// Opens the file at `path`, which must still be the file numbered `inode` that was
  /// mapped (a program rebuilt while it runs has a new file there, of other symbols).
  init?(path: String, inode: UInt) {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    let header = fstat(descriptor, &status) == 0 && UInt(status.st_ino) == inode ? Self.read(descriptor, 64, at: 0) : []
    // The magic, then the 64-bit class and little-endian data.
    guard header.starts(with: [0x7F, 0x45, 0x4C, 0x46, 2, 1]) else {
      close(descriptor)
      return nil
    }
    self.descriptor = descriptor
    self.header = header
  }

  deinit { close(descriptor) }

  /// The virtual address, as the file's symbols give addresses, that the byte at
  /// `fileOffset` is loaded at: through the loadable segment that holds it.
  func virtualAddress(ofFileOffset fileOffset: UInt) -> UInt? {
    let entrySize = Int(header.load(UInt16.self, at: 0x36))
    let count = Int(header.load(UInt16.self, at: 0x38))
    let table = Self.read(descriptor, entrySize * count, at: Int(header.load(UInt64.self, at: 0x20)))
    for entry in stride(from: 0, to: table.count, by: max(entrySize, 1)) {
      // A `PT_LOAD` segment: its offset, address and size in the file.
      guard table.load(UInt32.self, at: entry) == 1 else { continue }
      let offset = UInt(table.load(UInt64.self, at: entry + 8))
      let address = UInt(table.load(UInt64.self, at: entry + 16))
      let size = UInt(table.load(UInt64.self, at: entry + 32))
      if offset <= fileOffset, fileOffset < offset + size { return fileOffset - offset + address }
    }
    return nil
  }

  /// The names of the symbols at `address`: from the full symbol table, or the dynamic one
  /// when the file was stripped of it.
  func symbolNames(at address: UInt) -> [String] {
    let entrySize = Int(header.load(UInt16.self, at: 0x3A))
    let count = Int(header.load(UInt16.self, at: 0x3C))
    let sections = Self.read(descriptor, entrySize * count, at: Int(header.load(UInt64.self, at: 0x28)))
    guard entrySize >= 0x40, sections.count == entrySize * count else { return [] }
    func section(_ index: Int) -> (type: UInt32, offset: Int, size: Int, link: Int) {
      let start = index * entrySize
      return (
        sections.load(UInt32.self, at: start + 4), Int(sections.load(UInt64.self, at: start + 0x18)),
        Int(sections.load(UInt64.self, at: start + 0x20)), Int(sections.load(UInt32.self, at: start + 0x28))
      )
    }
    // `SHT_SYMTAB`, then `SHT_DYNSYM`.
    for wanted: UInt32 in [2, 11] {
      guard let table = (0..<count).map(section).first(where: { $0.type == wanted }), table.link < count else {
        continue
      }
      let strings = section(table.link)
      // Each `Elf64_Sym` is 24 bytes: its name's offset in the string table first, its value
      // at 8. Scanned in one tight loop: a table holds tens of thousands.
      let nameOffsets = Self.read(descriptor, table.size, at: table.offset).withUnsafeBytes { symbols in
        var found: [Int] = []
        var symbol = 0
        while symbol + 24 <= symbols.count {
          if UInt(UInt64(littleEndian: symbols.loadUnaligned(fromByteOffset: symbol + 8, as: UInt64.self))) == address {
            found.append(Int(UInt32(littleEndian: symbols.loadUnaligned(fromByteOffset: symbol, as: UInt32.self))))
          }
          symbol += 24
        }
        return found
      }
      let names = nameOffsets.filter { $0 > 0 && $0 < strings.size }.compactMap { string(at: strings.offset + $0) }
      if !names.isEmpty { return names }
    }
    return []
  }

  /// The NUL-terminated string at `offset` in the file.
  private func string(at offset: Int) -> String? {
    var bytes: [UInt8] = []
    while bytes.count < 1 << 16 {
      let chunk = Self.read(descriptor, 256, at: offset + bytes.count, allowingShort: true)
      guard !chunk.isEmpty else { return nil }
      if let end = chunk.firstIndex(of: 0) { return String(decoding: bytes + chunk[..<end], as: UTF8.self) }
      bytes += chunk
    }
    return nil
  }

  private static func read(_ descriptor: Int32, _ count: Int, at offset: Int, allowingShort: Bool = false) -> [UInt8] {
    guard count > 0, offset >= 0 else { return [] }
    var bytes = [UInt8](repeating: 0, count: count)
    let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
    if read == count { return bytes }
    return allowingShort && read > 0 ? Array(bytes[..<read]) : []
  }
}

extension [UInt8] {
  /// The little-endian integer at `offset`; zero beyond the end.
  fileprivate func load<Integer: FixedWidthInteger>(_: Integer.Type, at offset: Int) -> Integer {
    guard offset >= 0, offset + MemoryLayout<Integer>.size <= count else { return 0 }
    return withUnsafeBytes { Integer(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: Integer.self)) }
  }
}
#endif
