import Courier
import Foundation

/// `swift run courier-demo`: the whole of Courier on this machine, with nothing to set up and no internet.
///
/// `PetStore.http` describes a small pet store; `HTTPIDLPlugin` compiles it into Swift at build time. The demo
/// starts an embedded `MockWebServer` that implements the store (`PetStoreServer`), sends every generated
/// request through a `NetworkClient` with logging and retry interceptors, prints what happens, and checks
/// each result. The exit status is 0 only if every step behaved as expected.
@main
struct CourierDemo {
    static let steps: [DemoStep] = [
        CatalogSteps.listPets,
        CatalogSteps.getPet,
        CatalogSteps.createPet,
        TransferSteps.uploadPhoto,
        TransferSteps.downloadPhoto,
        StoreSteps.orderTooMany,
        StoreSteps.inventory,
        StoreSteps.retryAfter,
        StateSteps.loginCookie,
        StateSteps.revalidation,
        StreamSteps.assistant,
        StoreSteps.redaction,
    ]

    static func main() async {
        let transcript = Transcript()
        let context: DemoContext
        do {
            context = try DemoContext(transcript: transcript)
        } catch {
            transcript.print("courier-demo: could not start the embedded pet store: \(error)")
            exit(2)
        }
        let start = ContinuousClock.now
        transcript.print("Courier demo — a pet store described in Sources/courier-demo/PetStore.http")
        transcript.print("server: MockWebServer at \(context.origin) (embedded, loopback only)", indent: 2)
        transcript.print("client: NetworkClient sending the generated requests through", indent: 2)
        transcript.print("        retry (3 attempts, honours Retry-After) → network LoggingInterceptor (Authorization redacted)", indent: 2)

        let failures = await StepRunner(context: context).run(steps)
        let elapsed = ContinuousClock.now - start
        transcript.print(String(format: "Finished in %.1f s.", Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
        context.finish()
        if failures > 0 {
            FileHandle.standardError.write(Data("courier-demo: \(failures) step(s) failed, see above\n".utf8))
            exit(1)
        }
    }
}
