package dev.turboreplay.policy

/** The screen at the root of the app while it starts, and after, written as its [key]. */
enum class RootScreen(val key: String) {
    /** Before the first `launch`: there is no root yet. */
    NONE("none"),

    /** The native loading screen, with the web view behind it at opacity 0. */
    LOADING("loading"),

    /** The web view, faded in. */
    WEB("web"),

    /** The offseason information screen (a remote flag; testers pass through). */
    OFFSEASON("offseason"),

    /** A first visit failed while the loading screen was up. */
    ERROR("error")
}
