#if canImport(os)
import os
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

#if canImport(os)
/// The platform's plain mutex.
@usableFromInline typealias LockPrimitive = os_unfair_lock
#else
/// The platform's plain mutex.
@usableFromInline typealias LockPrimitive = pthread_mutex_t
#endif

/// A value behind a lock, shared by reference: every copy of a `LockedState` guards the same value.
///
/// One allocation holds both the value and the lock (`pthread_mutex_t` on Linux, `os_unfair_lock` on Apple
/// platforms), so making one is cheap enough for every request.
///
/// ```swift
/// let counter = LockedState(0)
/// counter.withLock { $0 += 1 }
/// ```
///
/// `@unchecked Sendable` is safe: the value is only ever reached inside `withLock`, which holds the lock for the
/// whole access, and `storage` itself is a `let`.
package struct LockedState<Value>: @unchecked Sendable {
    @usableFromInline let storage: Storage

    /// Creates the state with its first value.
    package init(_ value: Value) {
        // `create` returns the ManagedBuffer base type; the instance is a `Storage` (the class it was called on).
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in value }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { lock in Storage.initialize(lock) }
    }

    /// Runs `body` with exclusive access to the value. Inlinable, so that callers in other modules (the cookie jar,
    /// the socket transport) get it specialized for their value instead of through generic metadata.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, lock in
            Storage.lock(lock)
            defer { Storage.unlock(lock) }
            return try body(&value.pointee)
        }
    }

    /// The value and its lock in one heap object: the header is the value, the one element the lock.
    @usableFromInline
    final class Storage: ManagedBuffer<Value, LockPrimitive> {
        @usableFromInline typealias Primitive = LockPrimitive

        // unsafe pointers: `lock` always points at this object's own element, initialized once in
        // `LockedState.init` and deinitialized in `deinit`, when no other reference to the object remains.
        static func initialize(_ lock: UnsafeMutablePointer<Primitive>) {
            #if canImport(os)
            lock.initialize(to: os_unfair_lock())
            #else
            lock.initialize(to: pthread_mutex_t())
            pthread_mutex_init(lock, nil)
            #endif
        }

        @usableFromInline
        static func lock(_ lock: UnsafeMutablePointer<Primitive>) {
            #if canImport(os)
            os_unfair_lock_lock(lock)
            #else
            pthread_mutex_lock(lock)
            #endif
        }

        @usableFromInline
        static func unlock(_ lock: UnsafeMutablePointer<Primitive>) {
            #if canImport(os)
            os_unfair_lock_unlock(lock)
            #else
            pthread_mutex_unlock(lock)
            #endif
        }

        deinit {
            withUnsafeMutablePointerToElements { lock in
                #if !canImport(os)
                pthread_mutex_destroy(lock)
                #endif
                _ = lock.deinitialize(count: 1)
            }
        }
    }
}
