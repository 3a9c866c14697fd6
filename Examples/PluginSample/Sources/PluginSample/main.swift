import Courier
import Foundation

// The request and response types below are generated from petstore.http at build time.
let list = GetPetsRequest(status: .available, token: "secret")
let get = GetPetsPetIdRequest(petId: 7)
let upload = PostPetsPetIdPhotoRequest(petId: "7", photo: URL(fileURLWithPath: "/tmp/cat.jpg"), caption: "Tom")

print("\(list.method) \(list.path)")
print("\(get.method) \(get.path)")
print("\(upload.method) \(upload.path)")

let pet = try JSONDecoder().decode(Pet.self, from: Data(#"{"id": 1, "name": "Tom", "status": "hungry"}"#.utf8))
print("decoded \(pet.name ?? "?") with status \(pet.status.rawValue) (unknown values are kept: \(pet.status == .unknown("hungry")))")
