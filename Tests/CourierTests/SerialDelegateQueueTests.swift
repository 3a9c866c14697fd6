@testable import Courier
import Foundation
import Testing

/// `SerialDelegateQueue`: URLSession's delegate callbacks run one at a time and in the order they were added.
@Suite struct SerialDelegateQueueTests {
    @Test func blocksRunInOrderOneAtATime() async {
        let queue = SerialDelegateQueue(label: "test")
        let log = LockedState<(order: [Int], running: Int, overlapped: Bool)>(([], 0, false))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            for index in 0..<2_000 {
                queue.addOperation {
                    log.withLock { state in
                        state.running += 1
                        if state.running > 1 { state.overlapped = true }
                    }
                    log.withLock { state in
                        state.order.append(index)
                        state.running -= 1
                    }
                }
            }
            queue.addOperation { done.resume() }
        }
        let state = log.withLock { $0 }
        #expect(state.order == Array(0..<2_000))
        #expect(!state.overlapped)
    }

    @Test func operationsAndBarriersShareTheSameOrder() async {
        let queue = SerialDelegateQueue(label: "test")
        let order = LockedState<[String]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.addOperation { order.withLock { $0.append("block") } }
            queue.addOperation(BlockOperation { order.withLock { $0.append("operation") } })
            queue.addBarrierBlock { order.withLock { $0.append("barrier") } }
            queue.addOperation { done.resume() }
        }
        #expect(order.withLock { $0 } == ["block", "operation", "barrier"])
    }
}
