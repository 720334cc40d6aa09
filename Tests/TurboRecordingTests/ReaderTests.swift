import Foundation
import OfflineBanner
import Replay
import Testing
import TurboRecording

@testable import TestSupport

/// recording-format.md, "What is an error", one case per kind of malformed line, and the
/// shapes of valid input (CRLF, blank lines, empty file, no final newline).
@Suite("Reading recordings")
struct ReaderTests {
    func records(_ text: String) throws -> [Record] {
        let reader = try RecordingReader(path: try Fixtures.file(text))
        var records: [Record] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    func error(_ text: String) throws -> RecordingError? {
        do {
            _ = try records(text)
            return nil
        } catch let error as RecordingError {
            return error
        }
    }

    static let malformed: [(line: String, message: String)] = [
        ("garbage", "not valid JSON: unexpected character"),
        ("{oops}", "not valid JSON: quoted object property name expected"),
        (#"{"t":11,"type":"x",}"#, "not valid JSON: unexpected character"),
        (#"{"t":1,"type":"offline""#, "not valid JSON: unexpected end of data"),
        (#"{"t":1,"type":"offline"} {"t":2}"#, "not valid JSON: unexpected character"),
        ("[1,2]", "expected a JSON object, found an array"),
        ("42", "expected a JSON object, found a number"),
        ("null", "expected a JSON object, found null"),
        (#""offline""#, "expected a JSON object, found a string"),
        (#"{"t":1}"#, #"missing "type""#),
        (#"{"t":1,"type":7}"#, #""type" must be a string"#),
        (#"{"type":"offline"}"#, #"missing "t""#),
        (#"{"t":"1","type":"offline"}"#, #""t" must be a finite number"#),
        (#"{"t":null,"type":"offline"}"#, #""t" must be a finite number"#),
        (#"{"t":1e999,"type":"offline"}"#, #""t" must be a finite number"#),
        (#"{"t":5,"type":"offline"}"#, #""t" goes back in time: 5 after 10"#),
        (#"{"t":11,"type":"turbo:submit-end","success":"false"}"#, #""success" must be a boolean"#),
        (#"{"t":11,"type":"turbo:submit-end","success":null}"#, #""success" must be a boolean"#),
        (#"{"t":11,"type":"connect","online":null}"#, #""online" must be a boolean"#),
        (#"{"t":11,"type":"connect","online":"true"}"#, #""online" must be a boolean"#),
        (#"{"t":11,"type":"turbo:submit-end","fetchResponse":422}"#, #""fetchResponse" must be an object or null"#),
        (#"{"t":11,"type":"turbo:submit-end","fetchResponse":[]}"#, #""fetchResponse" must be an object or null"#),
        (#"{"t":11,"type":"connect","context":3}"#, #""context" must be a string or null"#),
        (#"{"t":11,"type":"connect","context":{"name":"ride"}}"#, #""context" must be a string or null"#),
        (#"{"t":11,"type":"seen","visible":"true","text":""}"#, #""visible" must be a boolean"#),
        (#"{"t":11,"type":"seen","visible":null,"text":""}"#, #""visible" must be a boolean"#),
        (#"{"t":11,"type":"seen","text":""}"#, #""visible" must be a boolean"#),
        (#"{"t":11,"type":"seen","visible":true,"text":null}"#, #""text" must be a string"#),
        (#"{"t":11,"type":"seen","visible":true,"text":7}"#, #""text" must be a string"#),
        (#"{"t":11,"type":"seen","visible":false}"#, #""text" must be a string"#),
        (String(repeating: "[", count: 40) + String(repeating: "]", count: 40), "not valid JSON: nested deeper than 32 levels"),
    ]

    @Test("a malformed line is an error naming the file and its line", arguments: malformed)
    func malformedLine(line: String, message: String) throws {
        let text = "{\"type\":\"meta\",\"version\":1}\n\n{\"t\":10,\"type\":\"offline\"}\n\(line)\n{\"t\":20,\"type\":\"online\"}\n"
        let error = try #require(try error(text))
        #expect(error.kind == .malformed)
        #expect(error.line == 4)
        #expect(error.message == message)
        #expect(error.description.hasSuffix("recording.jsonl:4: \(message)"))
    }

    @Test("invalid UTF-8 is malformed")
    func invalidUTF8() throws {
        let path = try Fixtures.file("")
        // With its newline: a last line without one that fails to parse also says the log looks truncated.
        try [UInt8]((#"{"t":1,"type":"x","url":"\#u{0}"}"# + "\n").utf8).enumerated().map { $0.element == 0 ? 0xFF : $0.element }
            .withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: path)) }
        let reader = try RecordingReader(path: path)
        #expect(throws: RecordingError(.malformed, path: path, line: 1, "not valid JSON: invalid UTF-8 at column 26")) { try reader.next() }
    }

    @Test("a line over 1 MiB is an error naming it, not an allocation")
    func overlongLine() throws {
        let long = #"{"t":1,"type":"x","pad":""# + String(repeating: "a", count: 2 << 20) + "\"}"
        let error = try #require(try error("{\"t\":0,\"type\":\"offline\"}\n" + long + "\n"))
        #expect(error.line == 2)
        #expect(error.message == "line is longer than 1048576 bytes")
    }

    @Test("unknown types, unknown fields and informative fields of any type are accepted")
    func permissive() throws {
        let records = try records(
            """
            {"t":1,"type":"turbo:brand-new-event","anything":[1,{"a":null}]}
            {"t":2,"type":"turbo:fetch-request-error","url":5,"target":null,"error":{"name":"TypeError"}}
            {"t":3,"type":"connect","context":null,"page":42}
            {"t":4,"type":"meta","version":1}
            {"t":3,"type":"turbo:submit-end","success":false,"fetchResponse":{"statusCode":422.0}}
            """)
        #expect(records.count == 5)
        #expect(records[1].event == .input(t: 2, .fetchRequestError(FetchRequestError())))
        #expect(records[2].event == .input(t: 3, .connect(context: nil, online: true)))
        #expect(records[4].event == .input(t: 3, .submitEnd(SubmitEnd(success: false, fetchResponse: FetchResponse(statusCode: nil)))))
    }

    @Test("textCut (the recorder's texts cut short) is read on every record, its texts as written")
    func textCut() throws {
        let records = try records(
            """
            {"type":"meta","version":1,"page":"/p","textCut":{"page":913}}
            {"t":1,"type":"connect","context":"ride\u{FFFD}cc","online":true,"page":"/p","textCut":{"context":909,"page":913}}
            {"t":2,"type":"offline"}
            {"t":3,"type":"turbo:fetch-request-error","url":"/x","target":"html","error":"boom","textCut":{"error":2093056}}
            {"t":4,"type":"seen","visible":true,"text":"Sin conexión xx","textCut":{"text":1126400}}
            {"t":5,"type":"online","textCut":"any other shape"}
            """)
        #expect(records.count == 6)
        #expect(records[1].event == .input(t: 1, .connect(context: "ride\u{FFFD}cc", online: true)))
        #expect(records[4].event == .seen(BannerSeen(t: 4, visible: true, text: "Sin conexión xx")))
        #expect(records[5].event == .input(t: 5, .online))
    }

    @Test("seen is what the page's banner showed, kept by every reader; preview is true only for the boolean true")
    func seen() throws {
        let text = """
            {"t":1,"type":"seen","visible":false,"text":""}
            {"t":2,"type":"seen","visible":true,"text":"Sin conexión","preview":true}
            {"t":3,"type":"seen","visible":true,"text":"Sin conexión","preview":"yes","extra":1}
            """
        let expected: [Record.Event] = [
            .seen(BannerSeen(t: 1, visible: false, text: "")),
            .seen(BannerSeen(t: 2, visible: true, text: "Sin conexión", preview: true)),
            .seen(BannerSeen(t: 3, visible: true, text: "Sin conexión")),
        ]
        #expect(try records(text).map(\.event) == expected)
        for (keepObserved, keepDetails) in [(false, false), (true, false)] {
            let reader = try RecordingReader(path: try Fixtures.file(text), keepObserved: keepObserved, keepDetails: keepDetails)
            var events: [Record.Event] = []
            while let record = try reader.next() { events.append(record.event) }
            #expect(events == expected)
        }
    }

    @Test("absent fields take the contract's defaults")
    func defaults() throws {
        let records = try records(
            """
            {"t":1,"type":"connect"}
            {"t":2,"type":"turbo:submit-end"}
            {"t":3,"type":"turbo:submit-end","success":true,"fetchResponse":{"statusCode":204,"redirected":false}}
            """)
        #expect(
            records.map(\.event) == [
                .input(t: 1, .connect(context: nil, online: true)),
                .input(t: 2, .submitEnd(SubmitEnd(success: false, fetchResponse: nil))),
                .input(t: 3, .submitEnd(SubmitEnd(success: true, fetchResponse: FetchResponse(statusCode: 204)))),
            ])
    }

    @Test("pagehide is an input: persisted is true only for the boolean true, and no other value is an error")
    func pagehidePersisted() throws {
        let records = try records(
            """
            {"t":1,"type":"pagehide","persisted":true}
            {"t":2,"type":"pagehide","persisted":false}
            {"t":3,"type":"pagehide"}
            {"t":4,"type":"pagehide","persisted":null}
            {"t":5,"type":"pagehide","persisted":"true"}
            {"t":6,"type":"pagehide","persisted":1}
            {"t":7,"type":"pageshow","persisted":true}
            """)
        #expect(
            records.map(\.event) == [
                .input(t: 1, .pagehide(persisted: true)),
                .input(t: 2, .pagehide(persisted: false)),
                .input(t: 3, .pagehide(persisted: false)),
                .input(t: 4, .pagehide(persisted: false)),
                .input(t: 5, .pagehide(persisted: false)),
                .input(t: 6, .pagehide(persisted: false)),
                .observed(t: 7, Observed(type: "pageshow")),  // as long as pagehide, and only observed
            ])
    }

    @Test("turbo:before-fetch-response is an input (a variant acts on it); a replay's reader keeps only its time")
    func beforeFetchResponse() throws {
        let text = """
            {"t":1,"type":"turbo:before-fetch-response","statusCode":200,"target":"turbo-frame#comments"}
            {"t":2,"type":"turbo:before-fetch-response","statusCode":"200","target":7}
            {"t":3,"type":"turbo:before-fetch-respons"}
            """
        #expect(
            try records(text).map(\.event) == [
                .input(t: 1, .beforeFetchResponse(BeforeFetchResponse(statusCode: 200, target: "turbo-frame#comments"))),
                .input(t: 2, .beforeFetchResponse(BeforeFetchResponse())),  // informative fields of any type
                .observed(t: 3, Observed(type: "turbo:before-fetch-respons")),
            ])
        let replaying = RecordingReader(lines: JSONLines(bytes: Array(text.utf8), name: "r"), keepObserved: false)
        var events: [Record.Event] = []
        while let record = try replaying.next() { events.append(record.event) }
        #expect(events == [.input(t: 1, .beforeFetchResponse()), .input(t: 2, .beforeFetchResponse()), .passing(t: 3)])
    }

    @Test("turbo:render and turbo:morph are renders every reader keeps; only renderMethod \"morph\" makes a render a morph")
    func renders() throws {
        let text = """
            {"t":1,"type":"turbo:render","renderMethod":"replace"}
            {"t":2,"type":"turbo:render","renderMethod":"morph"}
            {"t":3,"type":"turbo:render"}
            {"t":4,"type":"turbo:render","renderMethod":7}
            {"t":5,"type":"turbo:morph"}
            {"t":6,"type":"turbo:morpH"}
            {"t":7,"type":"turbo:rendeR"}
            """
        let expected: [Record.Event] = [
            .render(PageRender(t: 1, morph: false)), .render(PageRender(t: 2, morph: true)), .render(PageRender(t: 3, morph: false)),
            .render(PageRender(t: 4, morph: false)), .render(PageRender(t: 5, morph: true)),
        ]
        #expect(try Array(records(text).map(\.event).prefix(5)) == expected)
        for (keepObserved, keepDetails) in [(false, false), (true, false)] {
            let reader = RecordingReader(
                lines: JSONLines(bytes: Array(text.utf8), name: "r"), keepObserved: keepObserved, keepDetails: keepDetails)
            var events: [Record.Event] = []
            while let record = try reader.next() { events.append(record.event) }
            #expect(events == expected + [.passing(t: 6), .passing(t: 7)], "keepObserved \(keepObserved)")
        }
    }

    /// A lean read (`keepDetails: false`, as stats reads) keeps the observed records the findings
    /// decide on as markers, one row per type, judged by their one field exactly; the rest pass as time.
    @Test(
        "a lean read keeps what the findings decide on as markers",
        arguments: [
            (#"{"t":1,"type":"turbo:load","url":"/a"}"#, Record.Event.marker(t: 1, .load)),
            (#"{"t":1,"type":"turbo:frame-load","target":"turbo-frame#feed"}"#, .marker(t: 1, .frameLoad(target: "turbo-frame#feed"))),
            (#"{"t":1,"type":"turbo:frame-load","target":7}"#, .marker(t: 1, .frameLoad(target: nil))),
            (#"{"t":1,"type":"turbo:visit","action":"restore"}"#, .marker(t: 1, .visit(restore: true))),
            (#"{"t":1,"type":"turbo:visit","action":"restored"}"#, .marker(t: 1, .visit(restore: false))),
            (#"{"t":1,"type":"turbo:visit","action":"Restore"}"#, .marker(t: 1, .visit(restore: false))),
            (#"{"t":1,"type":"turbo:visit"}"#, .marker(t: 1, .visit(restore: false))),
            (#"{"t":1,"type":"turbo:reload","reason":"request_failed"}"#, .marker(t: 1, .reload(requestFailed: true))),
            (#"{"t":1,"type":"turbo:reload","reason":"request_faile"}"#, .marker(t: 1, .reload(requestFailed: false))),
            (#"{"t":1,"type":"turbo:reload","reason":true}"#, .marker(t: 1, .reload(requestFailed: false))),
            (#"{"t":1,"type":"turbo:submit-start"}"#, .marker(t: 1, .submitStart)),
            (#"{"t":1,"type":"visibilitychange","state":"hidden"}"#, .passing(t: 1)),
            (#"{"t":1,"type":"turbo:loads"}"#, .passing(t: 1)),
            // Types told apart by length, then by their bytes in words: a last or first byte off is another type.
            (#"{"t":1,"type":"online"}"#, .input(t: 1, .online)),
            (#"{"t":1,"type":"onlinE"}"#, .passing(t: 1)),
            (#"{"t":1,"type":"Offline"}"#, .passing(t: 1)),
            (#"{"t":1,"type":"turbo:frame-loaD","target":"x"}"#, .passing(t: 1)),
            (#"{"t":1,"type":"turbo:before-fetch-responsE"}"#, .passing(t: 1)),
            (#"{"t":1,"type":"turbo:submit-enc","success":true}"#, .passing(t: 1)),
        ])
    func leanRead(line: String, event: Record.Event) throws {
        let reader = RecordingReader(lines: JSONLines(bytes: Array(line.utf8), name: "r"), keepDetails: false)
        #expect(try reader.next()?.event == event)
        // What explain would read of the same line, as the marker gives it back.
        if case .marker(_, let marker) = event, case .observed(_, let full)? = try records(line).first?.event {
            #expect(marker.observed.type == full.type)
            #expect(marker.observed.target == full.target)
        }
    }

    @Test("CRLF line ends, blank and whitespace-only lines, and no final newline")
    func lineShapes() throws {
        let records = try records("{\"t\":1,\"type\":\"offline\"}\r\n\r\n   \t \n{\"t\":2,\"type\":\"online\"}\r\n{\"t\":3,\"type\":\"disconnect\"}")
        #expect(records.map(\.line) == [1, 4, 5])
        #expect(records.map(\.event) == [.input(t: 1, .offline), .input(t: 2, .online), .input(t: 3, .disconnect)])
    }

    @Test("an empty file is a recording with nothing in it")
    func emptyFile() throws {
        #expect(try records("").isEmpty)
        #expect(try records("\n\n").isEmpty)
    }

    @Test("a line longer than the read buffer is read whole")
    func lineAcrossBuffers() throws {
        let url = String(repeating: "x", count: 200_000)
        let records = try records("{\"t\":1,\"type\":\"turbo:visit\",\"url\":\"\(url)\"}\n{\"t\":2,\"type\":\"offline\"}")
        #expect(records.count == 2)
        if case .observed(_, let observed) = records[0].event { #expect(observed.url == url) } else { Issue.record("not observed") }
    }

    @Test("lenient mode skips malformed lines, reports each, and counts them")
    func lenient() throws {
        var reported: [Int?] = []
        let reader = try RecordingReader(
            path: try Fixtures.file(
                """
                {"t":1,"type":"offline"}
                oops
                {"t":0,"type":"online"}
                {"t":2,"type":"online"}
                """), lenient: true
        ) { reported.append($0.line) }
        var events: [Record.Event] = []
        while let record = try reader.next() { events.append(record.event) }
        #expect(events == [.input(t: 1, .offline), .input(t: 2, .online)])
        #expect(reported == [2, 3])
        #expect(reader.skipped == 2)
    }

    @Test("a missing file is unreadable, not malformed")
    func missingFile() {
        #expect(throws: RecordingError(.unreadable, path: "/nonexistent/x.jsonl", line: nil, "cannot open: No such file or directory")) {
            try RecordingReader(path: "/nonexistent/x.jsonl")
        }
    }
}
