/// One operation of an OpenAPI document: a method on a path, and the type-name stem it gets.
struct OpenAPIOperation {
    /// The path template (`/pets/{petId}`).
    let path: String
    /// The path item (for its shared parameters).
    let pathItem: YAMLNode
    /// The method.
    let method: MethodKeyword
    /// The operation object.
    let node: YAMLNode
    /// `MESSAGE(Stem)`: the UpperCamelCase `operationId`, or the path's segments.
    let stem: String
}
