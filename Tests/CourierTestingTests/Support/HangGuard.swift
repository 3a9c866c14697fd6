/// How long a test waits for something that should happen promptly before it calls it a hang.
///
/// Only a guard: a passing test never waits this long, so it can be generous enough to hold on a loaded
/// 2-core machine, under the thread sanitizer (several times slower) and with every suite running in
/// parallel. Short waits that a test *expects* to run out ("nothing arrives within 0.2 s") stay short:
/// load only makes them more certain.
enum HangGuard {
    static let seconds: Double = 120
    static let duration: Duration = .seconds(120)
}
