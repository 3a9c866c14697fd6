#if os(Linux)
import CourierHTTP
import Foundation
import Glibc
import CSocketSupport

/// One I/O thread: an epoll set of non-blocking sockets, a queue of jobs other threads hand it, and the
/// deadlines of its channels. Connections live on one loop for their whole life and are touched only there, so
/// they need no locks; other threads reach them through `execute`.
///
/// `@unchecked Sendable` is safe: `channels`, `nextDeadlineScan` and `thread` are touched only on the loop thread
/// (or before it starts), like `runningJobs` and `headsToDeliver`; `jobs` is a `LockedState`; `epollFD` and `wakeFD` never change.
final class EventLoop: @unchecked Sendable {
    /// How often the deadlines of the channels are checked; time-outs fire within this much of their moment.
    static let deadlineGranularity: UInt64 = 10_000_000

    private let epollFD: Int32
    private let wakeFD: Int32
    private let jobs = LockedState<(queue: [@Sendable () -> Void], sleeping: Bool)>(([], false))
    private var channels: [Int32: any LoopChannel] = [:]
    private var nextDeadlineScan: UInt64 = 0
    private var thread: pthread_t?
    /// Response heads whose callers are resumed once the current batch of events has been handled.
    /// The jobs being run, swapped out of `jobs` (loop thread only).
    private var runningJobs: [@Sendable () -> Void] = []
    private var headsToDeliver: [(CheckedContinuation<HTTPResponse, any Error>, HTTPResponse)] = []
    /// A read buffer every connection of this loop shares: reads are synchronous on the loop thread, and what a
    /// connection keeps it copies out.
    let readBuffer: UnsafeMutableRawBufferPointer

    /// Starts the loop's thread, named `name`.
    ///
    /// - Throws: `NetworkError.transport` of kind `.other`, its `code` the `errno`, when the kernel gives no
    ///   epoll set or eventfd (at the process's descriptor limit, `EMFILE`): a caller's `send` fails, the host
    ///   app goes on.
    init(name: String) throws(NetworkError) {
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { throw Self.creationFailure("epoll_create1") }
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wakeFD >= 0 else {
            let failure = Self.creationFailure("eventfd")
            Glibc.close(epollFD)
            throw failure
        }
        var event = epoll_event(events: EPOLLIN.rawValue, data: epoll_data_t(fd: wakeFD))
        guard epoll_ctl(epollFD, EPOLL_CTL_ADD, wakeFD, &event) == 0 else {
            let failure = Self.creationFailure("epoll_ctl")
            Glibc.close(wakeFD)
            Glibc.close(epollFD)
            throw failure
        }
        readBuffer = .allocate(byteCount: 256 << 10, alignment: 16)
        let started = DispatchSemaphore(value: 0)
        let thread = Thread { [unowned self] in
            self.thread = pthread_self()
            started.signal()
            self.run()
        }
        thread.name = name
        thread.stackSize = 1 << 20
        thread.start()
        started.wait()
    }

    /// The error for a system call `call` that failed while making a loop (reads `errno`: call it first).
    private static func creationFailure(_ call: String) -> NetworkError {
        let code = errno
        return .transport(TransportFailure(
            kind: .other, code: Int(code), message: "cannot start an I/O event loop: \(call) failed: \(String(cString: strerror(code)))"))
    }

    /// Whether the caller is on this loop's thread.
    var inLoop: Bool {
        guard let thread else { return false }
        return pthread_equal(thread, pthread_self()) != 0
    }

    /// Runs `job` on the loop thread, soon (in order with the other jobs).
    func execute(_ job: @escaping @Sendable () -> Void) {
        let wake = jobs.withLock { state -> Bool in
            state.queue.append(job)
            defer { state.sleeping = false }
            return state.sleeping
        }
        if wake {
            var one: UInt64 = 1
            _ = Glibc.write(wakeFD, &one, 8)
        }
    }

    // MARK: Registration (loop thread only)

    /// Watches `fd` for `events` (epoll bits) on behalf of `channel`.
    func register(_ channel: any LoopChannel, fd: Int32, events: UInt32) {
        channels[fd] = channel
        var event = epoll_event(events: events, data: epoll_data_t(fd: fd))
        epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event)
    }

    /// Changes the events watched on a registered `fd`.
    func modify(fd: Int32, events: UInt32) {
        var event = epoll_event(events: events, data: epoll_data_t(fd: fd))
        epoll_ctl(epollFD, EPOLL_CTL_MOD, fd, &event)
    }

    /// Stops watching `fd` (before it is closed).
    func deregister(fd: Int32) {
        channels[fd] = nil
        epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, nil)
    }

    /// Resumes `continuation` with `response` after the events of this round (loop thread only).
    ///
    /// Resuming a caller wakes a thread of Swift's pool when none is awake; resuming the callers of one round
    /// back to back lets one wake-up serve several, where resuming each between the socket reads of the round
    /// woke a thread (a futex call and a context switch) for almost every response.
    func deliverAfterRound(_ continuation: CheckedContinuation<HTTPResponse, any Error>, _ response: HTTPResponse) {
        headsToDeliver.append((continuation, response))
    }

    private func deliverHeads() {
        guard !headsToDeliver.isEmpty else { return }
        for (continuation, response) in headsToDeliver { continuation.resume(returning: response) }
        headsToDeliver.removeAll(keepingCapacity: true)
    }

    // MARK: The loop

    private func run() {
        let capacity = 256
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
        defer { events.deallocate() }
        while true {
            let timeout = waitTimeout()
            let count = epoll_wait(epollFD, events, Int32(capacity), timeout)
            jobs.withLock { $0.sleeping = false }
            if count > 0 {
                for index in 0..<Int(count) {
                    let fd = events[index].data.fd
                    if fd == wakeFD {
                        var value: UInt64 = 0
                        _ = Glibc.read(wakeFD, &value, 8)
                    } else if let channel = channels[fd] {
                        channel.handleEvents(events[index].events)
                    }
                }
            }
            deliverHeads()
            runJobs()
            deliverHeads()
            scanDeadlines()
        }
    }

    /// Milliseconds epoll may sleep: 0 with jobs waiting, until the next deadline scan while any channel has a
    /// deadline, else forever. Marks the loop as sleeping so `execute` knows to wake it.
    private func waitTimeout() -> Int32 {
        let hasDeadlines = channels.values.contains { $0.deadline != nil }
        return jobs.withLock { state -> Int32 in
            guard state.queue.isEmpty else { return 0 }
            state.sleeping = true
            guard hasDeadlines else { return -1 }
            let now = MonotonicClock.now()
            guard nextDeadlineScan > now else { return 0 }
            return Int32(min(1000, (nextDeadlineScan - now) / 1_000_000 + 1))
        }
    }

    private func runJobs() {
        while true {
            // Swapped with the queue, so that neither array is copied or reallocated.
            jobs.withLock { state in swap(&state.queue, &runningJobs) }
            if runningJobs.isEmpty { return }
            for job in runningJobs { job() }
            runningJobs.removeAll(keepingCapacity: true)
        }
    }

    private func scanDeadlines() {
        let now = MonotonicClock.now()
        guard now >= nextDeadlineScan else { return }
        nextDeadlineScan = now + Self.deadlineGranularity
        for channel in channels.values {
            if let deadline = channel.deadline, deadline <= now { channel.handleDeadline(now: now) }
        }
    }
}
#endif
