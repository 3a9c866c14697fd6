/// Key conversion between Swift's camelCase and the snake_case many servers use.
enum SnakeCase {
    /// `myURLProperty` → `my_url_property`, `userID` → `user_id`, `name` → `name` (the rule
    /// `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase` uses: a word starts at an uppercase letter
    /// after a lowercase one, and at the last capital of an acronym followed by lowercase letters).
    static func fromCamelCase(_ key: String) -> String {
        var needsWork = false
        for byte in key.utf8 where byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") || byte >= 0x80 {
            needsWork = true
            break
        }
        if !needsWork { return key }

        let characters = Array(key)
        var result = ""
        result.reserveCapacity(key.utf8.count + 4)
        for (index, character) in characters.enumerated() {
            if character.isUppercase {
                let previous: Character? = index > 0 ? characters[index - 1] : nil
                let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord = previous.map { $0.isLowercase || $0.isNumber }
                    ?? false
                let endsAcronym = (previous?.isUppercase ?? false) && (next?.isLowercase ?? false)
                if (startsWord || endsAcronym) && !result.isEmpty && result.last != "_" {
                    result.append("_")
                }
                result.append(contentsOf: character.lowercased())
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `my_url_property` → `myUrlProperty` (the inverse used for keys found in a query, e.g. when
    /// decoding a dictionary). Leading and trailing underscores are kept.
    static func toCamelCase(_ key: String) -> String {
        guard key.contains("_") else { return key }
        let leading = key.prefix { $0 == "_" }
        let trailing = key.reversed().prefix { $0 == "_" }
        let core = key.dropFirst(leading.count).dropLast(trailing.count)
        guard !core.isEmpty else { return key }
        let words = core.split(separator: "_", omittingEmptySubsequences: true)
        var result = String(leading)
        for (index, word) in words.enumerated() {
            result += index == 0 ? String(word) : word.prefix(1).uppercased() + word.dropFirst()
        }
        return result + String(trailing)
    }
}
