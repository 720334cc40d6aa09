/// The episodes' lines (or JSON objects) a report sets aside until its log is read: the first
/// `limit`, and how many more there were.
final class ListedLines {
    let lines: TextSpool
    private let jsonl: Bool
    private let limit: Int
    private var listed = 0
    private(set) var notListed = 0

    init(jsonl: Bool, limit: Int, spoolInMemory: Int) {
        lines = TextSpool(inMemory: spoolInMemory)
        self.jsonl = jsonl
        self.limit = limit
    }

    func add(_ text: String) {
        guard listed < limit else {
            notListed += 1
            return
        }
        if jsonl {
            if listed > 0 { lines.append(",") }
            lines.append(text)
        } else {
            lines.appendLine(text)
        }
        listed += 1
    }
}
