/// One element of an SVG fragment as a lane draws it: its name, attributes and the text up
/// to the next tag. Enough to read what a lane drew without a full XML parser: the pictures
/// write every attribute in double quotes and escape every `<` in text.
struct SVGElement: Equatable {
    var name: String
    var attributes: [String: String]
    var text: String

    subscript(_ attribute: String) -> String? { attributes[attribute] }

    /// Every start (or empty) element of `fragment`, in order; end tags are skipped.
    static func parse(_ fragment: String) -> [SVGElement] {
        var elements: [SVGElement] = []
        for chunk in fragment.split(separator: "<", omittingEmptySubsequences: true).dropFirst(fragment.hasPrefix("<") ? 0 : 1) {
            guard !chunk.hasPrefix("/"), let close = chunk.firstIndex(of: ">") else { continue }
            let tag = chunk[..<close]
            let name = String(tag.prefix { $0 != " " && $0 != "/" })
            elements.append(SVGElement(name: name, attributes: attributes(of: tag.dropFirst(name.count)), text: String(chunk[chunk.index(after: close)...])))
        }
        return elements
    }

    /// `key="value"` pairs, in any order.
    private static func attributes(of tag: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = tag
        while let equals = rest.firstIndex(of: "=") {
            let key = String(rest[..<equals].split(separator: " ").last ?? "")
            let afterQuote = rest.index(equals, offsetBy: 2)
            guard afterQuote <= rest.endIndex, let endQuote = rest[afterQuote...].firstIndex(of: "\"") else { break }
            result[key] = String(rest[afterQuote..<endQuote])
            rest = rest[rest.index(after: endQuote)...]
        }
        return result
    }
}
