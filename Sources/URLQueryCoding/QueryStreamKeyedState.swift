/// What a `QueryStreamKeyedContainer` reads to find its object: the encoder and the object's level.
/// A class so a container's box can be reused for the next object of the same key type
/// (`KeyedEncodingContainerCache`): the encoder points the state at the new level instead of making a
/// new container.
///
/// Exclusivity is unchecked on the fields: each access is a plain load or store by this module's
/// encoder and container, which call out to nothing while it lasts.
final class QueryStreamKeyedState {
    let encoder: QueryStreamEncoder
    /// The object's level in the encoder's stack, and its id there.
    @exclusivity(unchecked) var depth: Int
    @exclusivity(unchecked) var id: Int

    init(encoder: QueryStreamEncoder, depth: Int, id: Int) {
        self.encoder = encoder
        self.depth = depth
        self.id = id
    }
}
