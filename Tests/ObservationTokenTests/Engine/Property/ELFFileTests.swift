#if os(Linux)
import Glibc
@testable import ObservationToken
import Testing

/// The symbol reader reads only the file that is mapped: a file at the same path that is
/// not the one mapped (a program rebuilt while it runs) reads as nothing.
@Suite("The ELF reader opens only the file that is mapped")
struct ELFFileTests {
  @Test("The running program's file opens with its own inode, and with no other")
  func opensOnlyTheMappedFile() throws {
    var status = stat()
    try #require(stat("/proc/self/exe", &status) == 0)
    let inode = UInt(status.st_ino)
    #expect(opens(inode: inode))
    #expect(!opens(inode: inode &+ 1))
  }

  private func opens(inode: UInt) -> Bool {
    guard let file = ELFFile(path: "/proc/self/exe", inode: inode) else { return false }
    _ = consume file
    return true
  }
}
#endif
