// Reads a native log (JSON Lines) record by record with Gson, for the policy driver only: the
// first record is the `meta`, each other one a time and the record's fields. Strict JSON, one
// object a line; blank lines are skipped, and a last line with no line end that is not a
// whole JSON object is the log's cut, as the Swift reader has it. Anything else this driver
// does not expect stops it with the file and line (it is fed valid logs: the Swift CLI is the
// reader that refuses bad ones).
import com.google.gson.JsonElement
import com.google.gson.JsonObject
import com.google.gson.JsonPrimitive
import com.google.gson.internal.bind.TypeAdapters
import com.google.gson.stream.JsonReader
import com.google.gson.stream.JsonToken
import dev.turboreplay.policy.NativeError
import dev.turboreplay.policy.Platform
import dev.turboreplay.policy.TurboFailure
import java.io.File
import java.io.StringReader

class LogProblem(message: String) : Exception(message)

/** One timed record: its line, `t`, `type` and the whole object. */
class TimedRecord(val line: Int, val t: Double, val type: String, val fields: JsonObject) {
    fun problem(message: String) = LogProblem("line $line: $message")

    fun string(key: String): String {
        val value = fields.get(key)
        if (value == null || !value.isJsonPrimitive || !value.asJsonPrimitive.isString) throw problem("\"$key\" on \"$type\" must be a string")
        return value.asString
    }

    fun bool(key: String, default: Boolean? = null): Boolean {
        val value = fields.get(key) ?: return default ?: throw problem("missing \"$key\" on \"$type\"")
        if (!value.isJsonPrimitive || !value.asJsonPrimitive.isBoolean) throw problem("\"$key\" on \"$type\" must be a boolean")
        return value.asBoolean
    }

    /** The `error` of a `presented` line. */
    fun error(): NativeError {
        val error = fields.get("error")?.takeIf { it.isJsonObject }?.asJsonObject ?: throw problem("\"error\" must be an object")
        fun integer(key: String): Int = integerOf(error.get(key)) ?: throw problem("\"$key\" must be an integer within a Kotlin Int")
        return when (error.get("kind")?.asString) {
            "http" -> NativeError.Http(integer("status"))
            "web" -> if (error.has("turbo")) {
                NativeError.Turbo(TurboFailure.fromKey(error.get("turbo").asString) ?: throw problem("unknown \"turbo\""))
            } else {
                NativeError.WebCode(integer("code"))
            }
            "ssl" -> NativeError.Ssl
            "load" -> NativeError.Load
            else -> throw problem("unknown error kind")
        }
    }
}

/** An integer as the readers take one: a JSON number written without a fraction or an exponent. */
fun integerOf(value: JsonElement?): Int? {
    if (value !is JsonPrimitive || !value.isNumber) return null
    return value.asString.toIntOrNull()
}

class NativeLogReader(val path: String) {
    private val text = File(path).readBytes().toString(Charsets.UTF_8)
    private val lines = text.split("\n")
    private var index = 0

    /** The `meta`'s platform, once [readMeta] has run. */
    var platform: Platform? = null
        private set

    fun readMeta() {
        val (line, meta) = nextObject() ?: throw LogProblem("$path: no meta")
        if (meta.get("type")?.asString != "meta" || meta.get("recording")?.asString != "native") throw LogProblem("$path:$line: not a native log's meta")
        val name = meta.get("platform") ?: return
        platform = Platform.fromKey(name.asString) ?: throw LogProblem("$path:$line: unknown platform")
    }

    /** The next timed record, or null at the end (or at the cut). */
    fun next(): TimedRecord? {
        val (line, record) = nextObject() ?: return null
        val t = record.get("t")
        if (t !is JsonPrimitive || !t.isNumber) throw LogProblem("$path:$line: \"t\" must be a number")
        val type = record.get("type")?.takeIf { it.isJsonPrimitive }?.asString ?: throw LogProblem("$path:$line: missing \"type\"")
        return TimedRecord(line, t.asDouble, type, record)
    }

    private fun nextObject(): Pair<Int, JsonObject>? {
        while (index < lines.size) {
            val number = index + 1
            val raw = lines[index]
            index += 1
            if (raw.isBlank()) continue
            // The last piece after the final "\n" is only a line when the file does not end with one.
            val unterminated = index == lines.size
            val element = try {
                strictParse(raw)
            } catch (malformed: Exception) {
                if (unterminated) return null
                throw LogProblem("$path:$number: not valid JSON (${malformed.message})")
            }
            if (!element.isJsonObject) throw LogProblem("$path:$number: not a JSON object")
            return Pair(number, element.asJsonObject)
        }
        return null
    }

    /** One JSON value and nothing after it, read strictly (Gson's own entry points read leniently). */
    private fun strictParse(line: String): JsonElement {
        val reader = JsonReader(StringReader(line))
        val element = TypeAdapters.JSON_ELEMENT.read(reader)
        if (reader.peek() != JsonToken.END_DOCUMENT) throw LogProblem("more after the object")
        return element
    }
}
