package dev.turboreplay.policy

/**
 * The canonical launch line, byte for byte as the Swift policy writes it: a screen change as
 * `t`, `screen`, `cause` (and `surface`, `view` for `presented`); a decision as `t`, `launch`,
 * `launchMs`.
 */
fun LaunchRecord.jsonLine(): String {
    val line = JsonLine()
    line.number("t", t)
    when (this) {
        is LaunchRecord.Screen -> {
            line.string("screen", screen.key)
            line.string("cause", cause.key)
            if (cause is ScreenCause.Presented) {
                line.string("surface", cause.surface)
                line.string("view", cause.view.key)
            }
        }
        is LaunchRecord.Decided -> {
            line.string("launch", outcome.key)
            line.number("launchMs", launchMs)
        }
    }
    return line.text()
}
