package dev.turboreplay.log

import dev.turboreplay.policy.NativeError

/** The `error` object of a `presented` line, keys in the format's order. */
fun errorJson(error: NativeError): String = when (error) {
    is NativeError.Http -> """{"kind":"http","status":${error.status}}"""
    is NativeError.WebCode -> """{"kind":"web","code":${error.code}}"""
    is NativeError.Turbo -> """{"kind":"web","turbo":"${error.failure.key}"}"""
    NativeError.Ssl -> """{"kind":"ssl"}"""
    NativeError.Load -> """{"kind":"load"}"""
}
