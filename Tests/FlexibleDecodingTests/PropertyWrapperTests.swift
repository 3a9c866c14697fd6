import Foundation
import Testing
@testable import FlexibleDecoding

@Suite("Property wrappers")
struct PropertyWrapperTests {
    struct WrappedDTO: Codable, Equatable {
        @FlexibleInt var userId: Int
        @FlexibleInt var size: UInt64
        @FlexibleOptionalInt var parentId: Int?
        @FlexibleIntArray var ids: [Int16]
        let name: String
    }

    @Test func decodesWithFoundationJSONDecoder() throws {
        let json = #"{"userId":"123","size":"18446744073709551615","parentId":"7","ids":["1",2,3.0],"name":"kim"}"#
        let dto = try foundation(WrappedDTO.self, json)
        #expect(dto.userId == 123)
        #expect(dto.size == .max)
        #expect(dto.parentId == 7)
        #expect(dto.ids == [1, 2, 3])
    }

    @Test func optionalWrapperHandlesMissingKeyAndNull() throws {
        #expect(try foundation(WrappedDTO.self, #"{"userId":1,"size":2,"ids":[],"name":""}"#).parentId == nil)
        #expect(try foundation(WrappedDTO.self, #"{"userId":1,"size":2,"parentId":null,"ids":[],"name":""}"#).parentId == nil)
        let failure = decodingFailure { _ = try foundation(WrappedDTO.self, #"{"userId":1,"size":2,"parentId":"x","ids":[],"name":""}"#) }
        #expect(failure?.kind == .typeMismatch)
        #expect(failure?.path == ["parentId"])
    }

    @Test func wrappersRejectGarbageWithPath() {
        let failure = decodingFailure { _ = try foundation(WrappedDTO.self, #"{"userId":"1","size":2,"ids":["1","z"],"name":""}"#) }
        #expect(failure?.kind == .typeMismatch)
        #expect(failure?.path == ["ids", "Index 1"])
        let fraction = decodingFailure { _ = try foundation(WrappedDTO.self, #"{"userId":1.5,"size":2,"ids":[],"name":""}"#) }
        #expect(fraction?.kind == .dataCorrupted)
        #expect(fraction?.path == ["userId"])
    }

    @Test func encodesBackAsNumbersAndOmitsNil() throws {
        let dto = WrappedDTO(userId: 5, size: 6, parentId: nil, ids: [1, 2], name: "kim")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(dto), as: UTF8.self)
        #expect(json == #"{"ids":[1,2],"name":"kim","size":6,"userId":5}"#)
        #expect(try foundation(WrappedDTO.self, json) == dto)
    }

    @Test func wrappersWorkWithFlexibleJSONDecoderToo() throws {
        let dto = try flexible(WrappedDTO.self, #"{"userId":"1","size":"2","ids":["3"],"name":"n"}"#) { $0.numberDecodingStrategy = .strict }
        #expect(dto == WrappedDTO(userId: 1, size: 2, parentId: nil, ids: [3], name: "n"))
    }
}
