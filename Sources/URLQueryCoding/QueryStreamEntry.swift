/// One entry of an open object in `QueryStreamEncoder`: where its bytes begin in the output and where
/// its key (as written, unescaped ASCII) lies in the key buffer, so the object's entries can be put in
/// key order when it closes. An entry runs to the start of the next one (or the end of the output).
struct QueryStreamEntry {
    let outputStart: Int
    let keyStart: Int
    let keyLength: Int
}
