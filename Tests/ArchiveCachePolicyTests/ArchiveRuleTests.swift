import ArchiveCachePolicy
import NativeErrorPolicy
import PolicyCore
import Testing

/// One test per row of the contract's rules table, in the table's order, then its timing rules.
@Suite("The archive cache's rules")
struct ArchiveRuleTests {
    @Test("the contract's Output, line for line and byte for byte")
    func contractExample() {
        let decisions = replay([
            (1200, finish(page + "?mobile_app_v2=1")),
            (3400, urlChange(lesson)),
            (9000, notConnected(page + "?mobile_offline=1")),
            (9500, notConnected(grades)),
            (9900, presented(.web(.code(-1005)), page)),
        ])
        #expect(
            decisions.map(\.jsonLine) == [
                #"{"t":1200,"capture":"https://app.example.com/courses/1","via":"finish"}"#,
                #"{"t":5400,"capture":"https://app.example.com/courses/1/lessons/2","via":"url-change"}"#,
                #"{"t":9000,"served":"https://app.example.com/courses/1?mobile_offline=1","key":"https://app.example.com/courses/1","ageMs":7800}"#,
                #"{"t":9500,"miss":"https://app.example.com/grades","toast":"Not available offline: https://app.example.com/grades"}"#,
                #"{"t":9900,"passed":"https://app.example.com/courses/1","code":-1005,"cached":true}"#,
            ])
    }

    @Test("finish: an http(s) page is captured at once, under its key")
    func finishCaptures() {
        #expect(replay([(100, finish("HTTPS://App.example.com/courses/1#top"))]) == [capture(100, page, .finish)])
    }

    @Test(
        "finish: a page whose scheme does not begin with http is not captured",
        arguments: [
            "file:///Users/me/doc.html", "about:blank", "/courses/1", "data:text/html,hi", "ftp://a.example/x",
        ])
    func finishNotHTTP(_ url: String) {
        var cache = ArchiveCache()
        #expect(cache.send(finish(url), at: 100).isEmpty)
        #expect(cache.archives.isEmpty)
    }

    @Test("url-change: captured once the URL has stayed put for the debounce")
    func urlChangeDebounces() {
        var cache = ArchiveCache()
        #expect(cache.send(urlChange(lesson), at: 3400).isEmpty)
        #expect(cache.nextDue == 5400)
        #expect(cache.advance(to: 5399.999).isEmpty)
        #expect(cache.advance(to: 5400) == [capture(5400, lesson, .urlChange)])
        #expect(cache.nextDue == nil)
    }

    @Test("url-change: a newer URL cancels the pending capture and starts its own")
    func urlChangeSupersedes() {
        #expect(
            replay([
                (1000, urlChange(page)),
                (2500, urlChange(lesson)),  // 1500 ms later: the first never settled
                (4000, urlChange(grades)),
            ]) == [capture(6000, grades, .urlChange)])
    }

    @Test("url-change to the same URL restarts the debounce")
    func urlChangeSameURL() {
        #expect(replay([(1000, urlChange(page)), (2000, urlChange(page))]) == [capture(4000, page, .urlChange)])
    }

    @Test("the capture timer: a URL whose scheme is not http is not captured when it fires, and it still superseded the last")
    func timerNotHTTP() {
        var cache = ArchiveCache()
        cache.send(urlChange(page), at: 0)
        cache.send(urlChange("about:blank"), at: 100)
        #expect(cache.finish().isEmpty)
        #expect(cache.archives.isEmpty)
    }

    @Test("a finish and its own url-change both capture, in their turn")
    func finishWithItsURLChange() {
        #expect(
            replay([(1200, finish(page)), (1200, urlChange(page))])
                == [capture(1200, page, .finish), capture(3200, page, .urlChange)])
    }

    @Test("finish does not cancel a pending capture of another page")
    func finishKeepsPending() {
        #expect(
            replay([(1000, urlChange(lesson)), (1500, finish(page))])
                == [capture(1500, page, .finish), capture(3000, lesson, .urlChange)])
    }

    @Test("launch cancels a pending capture; the archives on disk stay")
    func launch() {
        var cache = ArchiveCache()
        cache.send(finish(page), at: 100)
        cache.send(urlChange(lesson), at: 500)
        #expect(cache.send(.launch, at: 2000).isEmpty)
        #expect(cache.nextDue == nil)
        #expect(cache.finish().isEmpty)
        #expect(cache.capturedAt(page) == 100)
        #expect(cache.send(notConnected(page), at: 5000) == [served(5000, page, key: page, age: 4900)])
    }

    @Test("an app restores the archives it has on disk when it launches")
    func restored() {
        var cache = ArchiveCache(archives: [page: 1000])
        #expect(cache.send(notConnected(page + "#top"), at: 4000) == [served(4000, page + "#top", key: page, age: 3000)])
    }

    @Test("cache-clear removes every key; the pending capture stays")
    func clear() {
        var cache = ArchiveCache()
        cache.send(finish(page), at: 100)
        cache.send(finish(grades), at: 200)
        cache.send(urlChange(lesson), at: 300)
        #expect(cache.send(.cacheClear, at: 400).isEmpty)
        #expect(cache.archives.isEmpty)
        #expect(cache.finish() == [capture(2300, lesson, .urlChange)])
    }

    @Test("cache-remove removes that URL's key, whatever flags it was given with")
    func removeOne() {
        var cache = ArchiveCache()
        cache.send(finish(page), at: 100)
        cache.send(finish(grades), at: 200)
        #expect(cache.send(remove(page + "?mobile_offline=1#x"), at: 300).isEmpty)
        #expect(cache.archives == [grades: 200])
        #expect(cache.send(remove("https://app.example.com/never"), at: 400).isEmpty)
        #expect(cache.archives == [grades: 200])
    }

    @Test("−1009 on a captured page: served, with its key and the archive's age")
    func served1009() {
        #expect(
            replay([(1200, finish(page)), (9000, notConnected(page + "?mobile_offline=1#top"))])
                == [capture(1200, page, .finish), served(9000, page + "?mobile_offline=1#top", key: page, age: 7800)])
    }

    @Test("a new capture replaces the old: the age is from the latest")
    func recapture() {
        #expect(
            replay([(1000, finish(page)), (5000, finish(page)), (6000, notConnected(page))])
                == [capture(1000, page, .finish), capture(5000, page, .finish), served(6000, page, key: page, age: 1000)])
    }

    /// A never-visited page, a removed one, a superseded one.
    static let misses: [[(t: Double, input: ArchiveInput)]] = [
        [(9500, notConnected(grades + "#top"))],
        [(100, finish(grades)), (200, remove(grades)), (9500, notConnected(grades + "#top"))],
        [(100, urlChange(grades)), (1000, urlChange(page)), (9500, notConnected(grades + "#top"))],
    ]

    @Test("−1009 on a page the cache does not hold: a miss, and its toast names the URL as given", arguments: misses)
    func miss1009(_ records: [(t: Double, input: ArchiveInput)]) {
        #expect(replay(records).last == miss(9500, grades + "#top"))
    }

    @Test(
        "other offline failures pass, saying whether the cache held the page",
        arguments: [
            (NativeError.web(.code(-1005)), WebFailure.code(-1005)),
            (.web(.code(-1001)), .code(-1001)),
            (.web(.code(-1020)), .code(-1020)),
            (.web(.turbo(.timeout)), .turbo(.timeout)),
            (.web(.turbo(.networkFailure)), .turbo(.networkFailure)),
        ])
    func passes(_ error: NativeError, _ failure: WebFailure) {
        #expect(
            replay([(100, finish(page)), (200, presented(error, page)), (300, presented(error, grades))])
                == [capture(100, page, .finish), passed(200, page, failure, cached: true), passed(300, grades, failure, cached: false)])
    }

    @Test("passed lines: code, or turbo instead of it")
    func passedLines() {
        #expect(
            passed(9900, page, .turbo(.timeout), cached: false).jsonLine
                == #"{"t":9900,"passed":"https://app.example.com/courses/1","turbo":"timeout","cached":false}"#)
    }

    @Test(
        "every other presented does nothing: server errors, a 401, ssl, load, codes that are not iOS's offline list, no url",
        arguments: [
            presented(.http(status: 503), page), presented(.http(status: 401), page), presented(.http(status: 0), page),
            presented(.ssl, page), presented(.load, page), presented(.web(.code(-1200)), page),
            presented(.web(.code(-2)), page),  // Android's HOST_LOOKUP: just a code on iOS
            notConnected(nil), presented(.web(.turbo(.timeout)), nil),
        ])
    func nothing(_ input: ArchiveInput) {
        var cache = ArchiveCache()
        cache.send(finish(page), at: 100)
        #expect(cache.send(input, at: 200).isEmpty)
    }

    // MARK: - Time

    @Test("a capture timer due exactly at a record's t fires before that record")
    func dueAtRecord() {
        #expect(
            replay([(1000, urlChange(page)), (3000, notConnected(page))])
                == [capture(3000, page, .urlChange), served(3000, page, key: page, age: 0)])
        #expect(
            replay([(1000, urlChange(page)), (3000, urlChange(lesson))])
                == [capture(3000, page, .urlChange), capture(5000, lesson, .urlChange)])
        #expect(replay([(1000, urlChange(page)), (3000, .launch)]) == [capture(3000, page, .urlChange)])
    }

    @Test("due times are t + debounce in doubles")
    func doubles() {
        #expect(replay([(0.1, urlChange(page))], settings: ArchiveSettings(debounce: 0.2)) == [capture(0.1 + 0.2, page, .urlChange)])
        #expect(capture(0.1 + 0.2, page, .urlChange).jsonLine == #"{"t":0.3,"capture":"https://app.example.com/courses/1","via":"url-change"}"#)
    }

    @Test("at the end of the recording a pending capture fires")
    func endFires() {
        var cache = ArchiveCache()
        cache.send(urlChange(page), at: 10)
        #expect(cache.finish() == [capture(2010, page, .urlChange)])
        #expect(cache.finish().isEmpty)
    }

    @Test("settings: the debounce and the strip list are the policy's")
    func settings() {
        let settings = ArchiveSettings(debounce: 500, stripParams: ["utm_source"])
        #expect(
            replay(
                [(0, urlChange(page + "?utm_source=mail&mobile_offline=1")), (600, notConnected(page + "?mobile_offline=1"))],
                settings: settings)
                == [
                    capture(500, page + "?mobile_offline=1", .urlChange),
                    served(600, page + "?mobile_offline=1", key: page + "?mobile_offline=1", age: 100),
                ])
    }

    @Test("a policy that ignored an input equals itself from before it")
    func valueSemantics() {
        var cache = ArchiveCache()
        cache.send(finish(page), at: 0)
        let before = cache
        cache.send(presented(.http(status: 503), page), at: 10)
        #expect(cache == before)
    }
}
