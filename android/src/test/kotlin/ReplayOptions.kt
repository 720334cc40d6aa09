// The options of `turbo-replay native` and `turbo-replay launch` that set the policies, read
// as the CLI reads them (a `--config` file first, the single options over it, the log's meta
// under both), for the policy driver only.
import com.google.gson.JsonObject
import com.google.gson.JsonParser
import dev.turboreplay.policy.LaunchSettings
import dev.turboreplay.policy.OfflineCodes
import dev.turboreplay.policy.Platform
import dev.turboreplay.policy.PolicySettings
import dev.turboreplay.policy.RetryVariant
import java.io.File

class ReplayOptions(arguments: List<String>) {
    val command: String
    val path: String
    private var platform: Platform? = null
    private var settle: Double? = null
    private var probe: Double? = null
    /** Unset: the platform's default; `none`: no cooldown. */
    private var cooldown: String? = null
    private var variant: RetryVariant? = null
    private var stall: Double? = null
    private val offlineCodes = HashMap<Platform, Set<Int>>()

    init {
        require(arguments.size >= 2) { "a job is COMMAND [OPTIONS] FILE" }
        command = arguments.first()
        require(command == "native" || command == "launch") { "unknown command $command" }
        path = arguments.last()
        val options = arguments.subList(1, arguments.size - 1)
        var given = ReplayOptionsGiven()
        var index = 0
        while (index < options.size) {
            val name = options[index]
            val value = options.getOrNull(index + 1) ?: throw IllegalArgumentException("$name takes a value")
            when (name) {
                "--format" -> require(value == "jsonl") { "only --format jsonl" }
                "--config" -> readConfig(value)
                "--platform" -> given = given.copy(platform = Platform.fromKey(value) ?: throw IllegalArgumentException("unknown platform $value"))
                "--settle-ms" -> given = given.copy(settle = value.toDouble())
                "--probe-ms" -> given = given.copy(probe = value.toDouble())
                "--cooldown-ms" -> given = given.copy(cooldown = if (value == "none") value else value.toDouble().toString())
                "--variant" -> given = given.copy(variant = RetryVariant.fromKey(value) ?: throw IllegalArgumentException("unknown variant $value"))
                "--stall-ms" -> given = given.copy(stall = value.toDouble())
                else -> throw IllegalArgumentException("unknown option $name")
            }
            index += 2
        }
        // The single options win over the config file, wherever they stand.
        given.platform?.let { platform = it }
        given.settle?.let { settle = it }
        given.probe?.let { probe = it }
        given.cooldown?.let { cooldown = it }
        given.variant?.let { variant = it }
        given.stall?.let { stall = it }
    }

    private fun readConfig(file: String) {
        val root = JsonParser.parseString(File(file).readText()).asJsonObject
        for ((key, value) in root.entrySet()) {
            when (key) {
                "platform" -> platform = Platform.fromKey(value.asString) ?: throw IllegalArgumentException("$file: unknown platform")
                "settleMs" -> settle = value.asDouble
                "probeMs" -> probe = value.asDouble
                "cooldownMs" -> cooldown = if (value.isJsonNull) "none" else value.asDouble.toString()
                "variant" -> variant = RetryVariant.fromKey(value.asString) ?: throw IllegalArgumentException("$file: unknown variant")
                "offlineCodes" -> for ((name, list) in value.asJsonObject.entrySet()) {
                    val codes = list.asJsonArray.map { integerOf(it) ?: throw IllegalArgumentException("$file: offlineCodes.$name holds a non-integer") }
                    offlineCodes[Platform.fromKey(name) ?: throw IllegalArgumentException("$file: unknown platform $name")] = codes.toSet()
                }
                "launch" -> readLaunch(value.asJsonObject, file)
                // Read by the findings, the archive cache and `check`, not by these two policies.
                "toleranceMs", "findings", "archive" -> {}
                else -> throw IllegalArgumentException("$file: unknown key $key")
            }
        }
    }

    private fun readLaunch(launch: JsonObject, file: String) {
        for ((key, value) in launch.entrySet()) {
            when (key) {
                "stallMs" -> stall = value.asDouble
                "toleranceMs" -> {}
                else -> throw IllegalArgumentException("$file: unknown key launch.$key")
            }
        }
    }

    private fun codes(): OfflineCodes {
        var codes = OfflineCodes.DEFAULTS
        for ((platform, list) in offlineCodes) codes = codes.with(platform, list)
        return codes
    }

    fun policySettings(recorded: Platform?): PolicySettings {
        val platform = this.platform ?: recorded ?: Platform.IOS
        val cooldown = when (val given = cooldown) {
            null -> PolicySettings.defaultCooldown(platform)
            "none" -> null
            else -> given.toDouble()
        }
        return PolicySettings(
            platform, settle ?: PolicySettings.DEFAULT_SETTLE, probe ?: PolicySettings.DEFAULT_PROBE, cooldown, codes(),
            variant?.let { setOf(it) } ?: emptySet())
    }

    fun launchSettings(recorded: Platform?): LaunchSettings =
        LaunchSettings(platform ?: recorded ?: Platform.IOS, stall ?: LaunchSettings.DEFAULT_STALL, codes())
}

/** The single options, kept apart so that they win over a `--config` given after them. */
data class ReplayOptionsGiven(
    val platform: Platform? = null,
    val settle: Double? = null,
    val probe: Double? = null,
    val cooldown: String? = null,
    val variant: RetryVariant? = null,
    val stall: Double? = null
)
