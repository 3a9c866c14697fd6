import Courier
import Foundation

/// `jsonvalue`: decoding and encoding untyped JSON as `JSONValue` against Foundation's untyped way,
/// `JSONSerialization` (`Any` trees of `NSNumber`/`NSString`/`NSArray`/`NSDictionary`), on ~250 KB of records.
enum JSONValueBenchmarks {
    static let suite = BenchmarkSuite(
        name: "jsonvalue",
        summary: "JSONValue decode (FlexibleJSONDecoder, JSONDecoder) and encode vs JSONSerialization on ~250 KB"
    ) {
        run()
    }

    static func payload() -> Data {
        var records: [String] = []
        for index in 0..<1000 {
            records.append("""
                {"id":\(index),"big":\(UInt64.max - UInt64(index)),"name":"user \(index)","score":\(Double(index) / 7),\
                "active":\(index % 2 == 0),"parent":null,"tags":["a","b\\n\(index)"],"meta":{"zip":"\(10000 + index)",\
                "counts":[1,2,3],"ratio":0.\(index)}}
                """)
        }
        return Data(("[" + records.joined(separator: ",") + "]").utf8)
    }

    static func run() {
        let data = payload()
        let flexible = FlexibleJSONDecoder()
        let foundation = JSONDecoder()
        let encoder = JSONEncoder()
        let value: JSONValue
        do {
            value = try flexible.decode(JSONValue.self, from: data)
            guard try foundation.decode(JSONValue.self, from: data) == value,
                  value[999]?["big"]?.numberValue?.uint64Value == UInt64.max - 999,
                  try flexible.decode(JSONValue.self, from: encoder.encode(value)) == value
            else {
                print("  jsonvalue: decoders disagree; not measuring")
                return
            }
        } catch {
            print("  jsonvalue: failed to decode the payload: \(error)")
            return
        }
        print("  payload: \(value.arrayValue?.count ?? 0) records, \(data.count / 1024) KiB")
        let serialization = Measure.nanosecondsPerOp(iterations: 10) {
            Measure.blackHole(try? JSONSerialization.jsonObject(with: data))
        }
        let viaFlexible = Measure.nanosecondsPerOp(iterations: 10) {
            Measure.blackHole(try? flexible.decode(JSONValue.self, from: data))
        }
        Measure.report("decode, FlexibleJSONDecoder", courier: viaFlexible / 1000, baseline: serialization / 1000, unit: "µs")
        let viaFoundation = Measure.nanosecondsPerOp(iterations: 10) {
            Measure.blackHole(try? foundation.decode(JSONValue.self, from: data))
        }
        Measure.report("decode, JSONDecoder", courier: viaFoundation / 1000, baseline: serialization / 1000, unit: "µs")
        guard let object = try? JSONSerialization.jsonObject(with: data) else { return }
        let encodeSerialization = Measure.nanosecondsPerOp(iterations: 10) {
            Measure.blackHole(try? JSONSerialization.data(withJSONObject: object))
        }
        let encodeValue = Measure.nanosecondsPerOp(iterations: 10) {
            Measure.blackHole(try? encoder.encode(value))
        }
        Measure.report("encode, JSONEncoder", courier: encodeValue / 1000, baseline: encodeSerialization / 1000, unit: "µs")
        let describe = Measure.nanosecondsPerOp(iterations: 10) {
            Measure.blackHole(value.description)
        }
        Measure.report("description (compact, sorted keys)", courier: describe / 1000, baseline: encodeSerialization / 1000, unit: "µs")
    }
}
