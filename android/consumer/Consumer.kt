// A consumer of the published artifact, compiled by android/test with nothing on its classpath
// but the JAR it finds through the Maven repository layout (and the Kotlin stdlib the POM names).
// It is what an Android app's glue does, without the Android SDK: one log (written from its
// background thread) and one error-view policy, fed the same moments of a day on one clock. It
// prints the policy's decisions; android/test holds them, and the log, to the hand-checked
// expected-decisions.jsonl and expected-log.jsonl, and to what `turbo-replay native --format
// jsonl` decides on the log it wrote: the app decides as the tool replays its log.
//
//     Consumer LOG
import dev.turboreplay.log.AndroidVisitError
import dev.turboreplay.log.AppLog
import dev.turboreplay.log.AppRetryKind
import dev.turboreplay.log.AppVersion
import dev.turboreplay.log.LogId
import dev.turboreplay.log.LogIdSource
import dev.turboreplay.log.LogRecord
import dev.turboreplay.log.MonotonicClock
import dev.turboreplay.log.WriteMode
import dev.turboreplay.policy.Decision
import dev.turboreplay.policy.NativeError
import dev.turboreplay.policy.Platform
import dev.turboreplay.policy.PolicyInput
import dev.turboreplay.policy.PolicySettings
import dev.turboreplay.policy.Retry
import dev.turboreplay.policy.RetryPolicy
import dev.turboreplay.policy.jsonLine

/** The phone's clock, moved by the script of the day below. */
class DayClock : MonotonicClock {
    var ms = 0.0
    override fun now() = ms
}

/** The app's error views: what they show and when they retry, decided by the policy, logged as they happen. */
class ErrorViews(private val log: AppLog, private val clock: DayClock) {
    private val policy = RetryPolicy(PolicySettings(Platform.ANDROID))

    fun pathChanged(online: Boolean) = handle(PolicyInput.Path(online), LogRecord.Path(online))

    fun presented(error: NativeError, surface: String) =
        handle(PolicyInput.Presented(surface, error), LogRecord.Presented(surface, error))

    fun retryTapped(surface: String) = handle(PolicyInput.TapRetry(surface), LogRecord.TapRetry(surface))

    /** The app's timer, scheduled at `policy.nextDue`, went off. */
    fun wake() = perform(policy.advance(clock.now()))

    val nextDue: Double?
        get() = policy.nextDue

    private fun handle(input: PolicyInput, record: LogRecord) {
        log.log(record)
        perform(policy.send(input, clock.now()))
    }

    private fun perform(decisions: List<Decision>) {
        for (decision in decisions) {
            println(decision.jsonLine())
            when (decision.retry) {
                is Retry.Automatic -> log.log(LogRecord.AppRetry(decision.surface, AppRetryKind.AUTO))
                Retry.Manual -> log.log(LogRecord.AppRetry(decision.surface, AppRetryKind.MANUAL))
                null -> {}
            }
        }
    }
}

fun main(arguments: Array<String>) {
    val clock = DayClock()
    // The log's id is fixed here so that its bytes are known; an app leaves the default (random).
    val ids = object : LogIdSource {
        override fun next() = LogId(0x5eed, 1)
    }
    val log = AppLog(arguments[0], Platform.ANDROID, 1796119199000L, clock, mode = WriteMode.Background(256), app = AppVersion("2.3.1", "231"), logIds = ids)
    val views = ErrorViews(log, clock)
    log.log(LogRecord.Launch())
    // The page's bridge component reports its recorder's session.
    log.webSession("tab-1")
    views.pathChanged(false)
    clock.ms = 120.0
    views.presented(AndroidVisitError.Web(-2).toNativeError(), "tab:home")
    clock.ms = 5200.0
    views.pathChanged(true)
    clock.ms = views.nextDue!!
    views.wake()
    clock.ms = 6000.0
    views.presented(AndroidVisitError.Http(503).toNativeError(), "sheet")
    clock.ms = 6100.0
    views.presented(AndroidVisitError.Http(-1).toNativeError(), "tab:home")
    clock.ms = views.nextDue!!
    views.wake()
    clock.ms = 9000.0
    views.retryTapped("sheet")
    // The wait for the cooldown: the app's timer goes off when it ends.
    clock.ms = views.nextDue!!
    views.wake()
    check(views.nextDue == null) { "nothing left pending" }
    // Activity.onStop: what was queued reaches the file before the process may be killed.
    log.flush()
    log.close()
}
