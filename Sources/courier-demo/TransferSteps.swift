import Courier
import Foundation

/// Uploading a photo as multipart/form-data and downloading it to disk, both with progress.
enum TransferSteps {
    static let uploadPhoto = DemoStep(title: "Upload a photo as multipart/form-data, with progress (POST /pets/$id/photos)") { demo in
        let pet = try require(demo.results.createdPet, "needs the pet created in an earlier step")
        let file = demo.directory.appendingPathComponent("pip.png")
        let original = SamplePhoto.make(byteCount: 768 * 1024)
        try original.write(to: file)
        demo.transcript.print("let task = client.upload(PostPetPhotosRequest(id: \(pet.id), photo: pip.png, caption: \"Pip on his perch\"))", indent: 3)
        demo.transcript.print("for await progress in task.progress { … }; let stored = try await task.value", indent: 3)

        let task = demo.client.upload(PostPetPhotosRequest(id: pet.id, photo: file, caption: "Pip on his perch"))
        var events: [TransferProgress] = []
        for await progress in task.progress { events.append(progress) }
        let response = try await task.value
        demo.transcript.print("progress: \(describe(events))", indent: 5)

        let wire = try require(demo.serverRequests(path: "/pets/\(pet.id)/photos").last, "the server saw no upload")
        try expect(wire.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true,
                   "expected a multipart Content-Type, got \(wire.headers["Content-Type"] ?? "none")")
        let form = try MultipartForm(body: wire.body, contentType: wire.headers["Content-Type"] ?? "")
        let parts = form.parts.map { part in
            part.filename.map { "\(part.name) (filename=\"\($0)\", \(part.contentType ?? "no type"), \(kib(Int64(part.data.count))))" }
                ?? "\(part.name) = \"\(String(decoding: part.data.prefix(40), as: UTF8.self))\""
        }
        demo.transcript.print("parts on the wire: \(parts.joined(separator: ", "))", indent: 5)
        demo.transcript.print("= \(response.statusCode), photo \(response.value.photoId): \(response.value.size) bytes, \(response.value.contentType), checksum \(response.value.checksum)", indent: 3)
        try expect(form.part(named: "caption").map { String(decoding: $0.data, as: UTF8.self) } == "Pip on his perch",
                   "the caption part is missing or wrong")
        try expect(form.part(named: "photo")?.filename == "pip.png", "the photo part should carry filename=\"pip.png\"")
        try expect(response.value.size == Int64(original.count), "the server stored \(response.value.size) bytes, the file has \(original.count)")
        try expect(response.value.checksum == Checksum.fnv1a(original), "the checksum the server computed differs from the file's")
        try checkProgress(events, expectedTotal: wire.bodySize)
        demo.record {
            $0.photoID = response.value.photoId
            $0.photoFile = file
        }
        return "\(form.parts.count) parts arrived intact (\(Self.kib(wire.bodySize)) streamed from disk); \(events.count) progress events"
    }

    static let downloadPhoto = DemoStep(title: "Download the photo to a file, with progress (GET /pets/$id/photos/$photo_id)") { demo in
        let pet = try require(demo.results.createdPet, "needs the pet created in an earlier step")
        let photoID = try require(demo.results.photoID, "needs the photo uploaded in the previous step")
        let original = try Data(contentsOf: try require(demo.results.photoFile, "needs the uploaded file"))
        let destination = demo.directory.appendingPathComponent("downloaded.png")
        demo.transcript.print("let task = client.download(GetPetPhotoRequest(id: \(pet.id), photoId: \"\(photoID)\"), to: downloaded.png)", indent: 3)

        let task = demo.client.download(GetPetPhotoRequest(id: pet.id, photoId: photoID), to: destination)
        var events: [TransferProgress] = []
        for await progress in task.progress { events.append(progress) }
        let response = try await task.value
        demo.transcript.print("progress: \(describe(events))", indent: 5)
        let downloaded = try Data(contentsOf: response.value)
        demo.transcript.print("= \(response.statusCode), \(downloaded.count) bytes written to \(response.value.lastPathComponent)", indent: 3)

        try expect(downloaded == original, "the downloaded file (\(downloaded.count) bytes) differs from the uploaded one (\(original.count) bytes)")
        try checkProgress(events, expectedTotal: Int64(original.count))
        return "the file on disk is byte-for-byte the photo uploaded; \(events.count) progress events"
    }

    /// Checks that progress was reported, never went backwards, and ended at `expectedTotal`.
    static func checkProgress(_ events: [TransferProgress], expectedTotal: Int64) throws {
        let last = try require(events.last, "no progress was reported")
        try expect(zip(events, events.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes },
                   "progress went backwards: \(events)")
        try expect(last.completedBytes == expectedTotal,
                   "progress ended at \(last.completedBytes) bytes, the body has \(expectedTotal)")
    }

    /// `12% → 48% → 100% of 768.0 KiB`: the distinct percentages, at most eight of them.
    static func describe(_ events: [TransferProgress]) -> String {
        guard let last = events.last else { return "none reported" }
        var percents: [Int] = []
        for event in events {
            guard let fraction = event.fractionCompleted else { continue }
            let percent = Int(fraction * 100)
            if percents.last != percent { percents.append(percent) }
        }
        if percents.count > 8 {
            let stride = Double(percents.count - 1) / 7
            percents = (0..<8).map { percents[Int((Double($0) * stride).rounded())] }
        }
        let total = last.totalBytes.map(kib) ?? "\(kib(last.completedBytes)) (size unknown)"
        return percents.map { "\($0)%" }.joined(separator: " → ") + " of \(total)"
    }

    static func kib(_ bytes: Int64) -> String {
        String(format: "%.1f KiB", Double(bytes) / 1024)
    }
}
