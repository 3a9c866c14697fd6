import Testing
@testable import CourierSockets

@Suite("System libraries")
struct SystemLibrariesTests {
    #if os(Linux)
    @Test("OpenSSL 3 and zlib are linked on Linux")
    func linked() {
        #expect(SystemLibraries.versions.hasPrefix("OpenSSL 3."))
        #expect(SystemLibraries.versions.contains("zlib 1."))
    }
    #endif
}
