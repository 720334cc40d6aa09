"""`turbo-replay stats` (or `tune`) over a fleet's logs with Spark: the map and reduce of
docs/stats-at-scale.md, with nothing lost on the way.

    spark-submit --files /path/to/turbo-replay scale/spark/turbo_stats_job.py \
        --output REPORT [--partitions N] [--tune] [--map-options='…'] [--merge-options='…'] LISTING

    PYSPARK_SUBMIT_ARGS='--master … --files /path/to/turbo-replay pyspark-shell' \
        python3 scale/spark/turbo_stats_job.py [options] LISTING > REPORT

LISTING is a text file (any path Spark's textFile reads) naming one log per line, on storage
every executor can read. Each of N partitions runs `turbo-replay stats --partial --jobs 1 -`
(with --tune: `tune --partial`) on its paths; the driver checks that every listed log came
back exactly once, then feeds the partials to `turbo-replay stats --merge -`, which writes the
report: exactly what one `stats` over the logs prints. spark-submit joins the driver's standard
error to its standard output, so there the report goes to --output; run with python3, the report
is on standard output and the errors apart on standard error. The errors are the merge's
warnings and errors (as one run prints them) and this job's own (turbo_stats_job: …).

Exit status: the worst of the mappers' and the merge's: 0 ok, 65 some log malformed (or the
listing names a log twice, or a golden), 66 some log unreadable, 73/74 the report could not be
created/written, 64 bad options, 70 a mapper died (killed by a signal) or lost logs, or Spark
itself failed. When a mapper failed or a log is missing the job writes no report: a report short
of some logs would look like a whole one.

Why not RDD.pipe: it runs its command with an empty environment (so a binary on PATH is not
found), and its exit status is either ignored (checkCode=False: a mapper killed mid-way looks
like a short partial) or thrown away in an exception. Here each partition's status, stderr and
the paths it was given travel as data, next to its partial.
"""
import argparse
import json
import os
import shlex
import signal
import stat
import subprocess
import sys
import tempfile

BINARY_NAME = "turbo-replay"
# A test hook (scale/spark/run): the mapper of this partition runs turbo-replay on its first
# path only and then kill -9s itself, as a mapper killed by the OOM killer would end.
KILL_HOOK = "TURBO_STATS_JOB_KILL_PARTITION"
# Lines of a partial that count logs but name none (a header or trailer with a count, should a
# later partial format carry one): `{"logs": N}`.
COUNT_KEY = "logs"

EX_OK, EX_USAGE, EX_DATAERR, EX_NOINPUT, EX_SOFTWARE, EX_CANTCREAT, EX_IOERR = 0, 64, 65, 66, 70, 73, 74


def worst(statuses):
    """The status the job exits with: a data error (65) outranks a missing file (66), as in one
    `stats` run; anything else (a mapper that died, a write that failed, bad options) outranks
    both, since then the report itself is missing or wrong."""
    rank = {EX_OK: 0, EX_NOINPUT: 1, EX_DATAERR: 2}
    return max(statuses, key=lambda s: (rank.get(s, 3), s), default=EX_OK)


def is_golden(path):
    return path.endswith(".expected.jsonl")


def listed_path(line):
    # As `turbo-replay … --partial -` reads its standard input: spaces and tabs around a path
    # are dropped, blank lines skipped.
    return line.strip(" \t")


def mapper_env(extra):
    """The mapper's whole environment: the executor's own is not the login shell's (Spark's
    workers start with whatever the cluster manager gives them), so nothing is inherited by
    accident. LC_ALL=C keeps any sorting and messages the same on every node."""
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LC_ALL": "C", "LANG": "C"}
    env.update(extra)
    return env


def executable(path):
    # --files copies the binary without its mode on some cluster managers.
    mode = os.stat(path).st_mode
    if not mode & stat.S_IXUSR:
        os.chmod(path, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def log_lines(partial):
    """The paths of the logs a partial holds (read, malformed or unreadable: each has a line
    with its "path"), and the count any header or trailer states."""
    paths, counted = [], None
    for line in partial.splitlines():
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except ValueError:
            continue  # the merge names such a line with its place; here it names no log
        if not isinstance(value, dict):
            continue
        if isinstance(value.get("path"), str) and "format" not in value:
            paths.append(value["path"])
        elif isinstance(value.get(COUNT_KEY), int):
            counted = (counted or 0) + value[COUNT_KEY]
    return paths, counted


def run_mapper(index, rows, binary_name, command, options, env, kill_partition):
    """One partition: its paths into `turbo-replay COMMAND --partial --jobs 1 -`, out a single
    record with the partial, the exit status, stderr, and the paths (with their listing lines)
    it was given."""
    from pyspark import SparkFiles

    given = [(number, path) for number, path in rows]
    if not given:
        return  # repartition can leave a partition empty; a partial of no logs says nothing
    binary = executable(SparkFiles.get(binary_name))
    argv = [binary, command, "--partial", *options, "--jobs", "1", "-"]
    if kill_partition == index:
        argv = ["/bin/sh", "-c", 'head -n 1 | "$@"; kill -9 $$', "sh", *argv]
    stdin = "".join(path + "\n" for _, path in given).encode("utf-8", "surrogateescape")
    try:
        done = subprocess.run(argv, input=stdin, capture_output=True, env=mapper_env(env))
        status, out, err = done.returncode, done.stdout, done.stderr
    except OSError as error:
        status, out, err = 127, b"", ("cannot run %s: %s\n" % (binary, error)).encode()
    partial = out.decode("utf-8", "surrogateescape")
    logs, counted = log_lines(partial)
    yield {
        "partition": index,
        "status": status,
        "stderr": err.decode("utf-8", "replace"),
        "given": given,
        "logs": logs,
        "counted": counted,
        "partial": partial,
    }


def say(message):
    print("turbo_stats_job: " + message, file=sys.stderr, flush=True)


def named(paths, limit=20):
    shown = ", ".join(paths[:limit])
    return shown + (" and %d more" % (len(paths) - limit) if len(paths) > limit else "")


def check_listing(listed, listing):
    """Refuses a listing that names a log twice or names a golden, with the lines: either would
    make the report wrong (a log counted twice, a golden read as a malformed log)."""
    problems = []
    twice = (listed.map(lambda entry: (entry[1], [entry[0]]))
             .reduceByKey(lambda a, b: a + b)
             .filter(lambda entry: len(entry[1]) > 1)
             .sortByKey().take(21))
    for path, numbers in twice[:20]:
        numbers = sorted(numbers)
        problems.append("%s:%d: %s is listed twice (first at line %d): a log must be read once"
                        % (listing, numbers[1], path, numbers[0]))
    if len(twice) > 20:
        problems.append("%s: more logs listed twice" % listing)
    for number, path in listed.filter(lambda entry: is_golden(entry[1])).takeOrdered(20):
        problems.append("%s:%d: %s is a golden, not a log: list recordings only "
                        "(find … ! -name '*.expected.jsonl')" % (listing, number, path))
    return problems


def account(results, listing):
    """Every listed log once in the partials, or the reasons why not, naming logs and mappers.
    Returns (problems, statuses)."""
    problems, statuses = [], []
    given_by_path, seen = {}, {}
    for result in results:
        index, status = result["partition"], result["status"]
        for line in result["stderr"].splitlines():
            say("partition %d: %s" % (index, line))
        if status < 0:
            try:
                name = signal.Signals(-status).name
            except ValueError:
                name = "signal %d" % -status
            problems.append("partition %d: %s was killed by signal %d (%s) with %d logs to read"
                            % (index, BINARY_NAME, -status, name, len(result["given"])))
            statuses.append(EX_SOFTWARE)
        elif status != 0:
            problems.append("partition %d: %s exited %d" % (index, BINARY_NAME, status))
            statuses.append(status)
        for number, path in result["given"]:
            given_by_path[path] = (number, index)
        for path in result["logs"]:
            seen.setdefault(path, []).append(index)
        if result["counted"] is not None and result["counted"] != len(result["logs"]):
            problems.append("partition %d: its partial says %d logs but holds %d"
                            % (index, result["counted"], len(result["logs"])))
            statuses.append(EX_SOFTWARE)
    missing = sorted((number, path, index) for path, (number, index) in given_by_path.items() if path not in seen)
    for number, path, index in missing[:20]:
        problems.append("%s:%d: %s is in no partial (its mapper, partition %d, did not finish)"
                        % (listing, number, path, index))
    if len(missing) > 20:
        problems.append("%d more listed logs are in no partial" % (len(missing) - 20))
    twice = sorted(path for path, indices in seen.items() if len(indices) > 1)
    extra = sorted(path for path in seen if path not in given_by_path)
    if twice:
        problems.append("logs in two partials: " + named(twice))
    if extra:
        problems.append("logs in the partials that are not listed: " + named(extra))
    if missing or twice or extra:
        statuses.append(EX_SOFTWARE)
    return problems, statuses


def main(argv):
    parser = argparse.ArgumentParser(prog="turbo_stats_job.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("listing", help="a text file naming one log per line")
    parser.add_argument("--partitions", type=int, default=None,
                        help="mappers (default: the cluster's default parallelism)")
    parser.add_argument("--tune", action="store_true", help="run tune instead of stats")
    parser.add_argument("--map-options", default="",
                        help="options for every mapper, e.g. '--debounce-ms 300 --lenient'")
    parser.add_argument("--merge-options", default="", help="options for the merge, e.g. '--format json'")
    parser.add_argument("--output", metavar="FILE",
                        help="write the report to FILE (on the driver) instead of standard output; "
                             "needed under spark-submit, which merges the driver's stderr into its stdout")
    parser.add_argument("--binary", default=BINARY_NAME,
                        help="the name the binary was shipped under with --files (default turbo-replay)")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="add to the mappers' and the merge's environment (e.g. LD_LIBRARY_PATH=…)")
    args = parser.parse_args(argv)
    if args.partitions is not None and args.partitions < 1:
        parser.error("--partitions takes 1 or more")
    env = {}
    for item in args.env:
        name, sep, value = item.partition("=")
        if not sep or not name:
            parser.error("--env takes NAME=VALUE (got %r)" % item)
        env[name] = value
    command = "tune" if args.tune else "stats"
    map_options, merge_options = shlex.split(args.map_options), shlex.split(args.merge_options)
    kill_partition = int(os.environ[KILL_HOOK]) if os.environ.get(KILL_HOOK) else None

    # spark-submit runs this driver with its standard error joined to its standard output (one
    # pipe into the JVM): a report there would carry the errors inside it.
    if args.output is None and "PYSPARK_GATEWAY_PORT" in os.environ:
        say("under spark-submit, standard error is merged into standard output: give --output FILE "
            "for the report (or run this file with python3, PYSPARK_SUBMIT_ARGS='--files … pyspark-shell')")
        return EX_USAGE

    from pyspark.sql import SparkSession

    spark = SparkSession.builder.appName("turbo-replay %s" % command).getOrCreate()
    try:
        return run_job(spark, args, command, map_options, merge_options, env, kill_partition)
    finally:
        spark.stop()


def run_job(spark, args, command, map_options, merge_options, env, kill_partition):
    from pyspark import SparkFiles

    spark.sparkContext.setLogLevel("ERROR")
    context = spark.sparkContext
    try:
        binary = executable(SparkFiles.get(args.binary))
    except OSError as error:
        say("no %s shipped with the job (spark-submit --files /path/to/%s …): %s" % (args.binary, args.binary, error))
        return EX_USAGE
    try:
        listed = (context.textFile(args.listing)
                  .zipWithIndex()
                  .map(lambda entry: (entry[1] + 1, listed_path(entry[0])))
                  .filter(lambda entry: entry[1] != ""))
        listed.cache()
        problems = check_listing(listed, args.listing)
        if problems:
            for problem in problems:
                say(problem)
            return EX_DATAERR
        partitions = args.partitions or context.defaultParallelism
        binary_name = args.binary
        results = (listed.repartition(partitions)
                   .mapPartitionsWithIndex(lambda index, rows: run_mapper(
                       index, rows, binary_name, command, map_options, env, kill_partition))
                   .collect())
    except Exception as error:  # noqa: BLE001 - Spark raises Py4J and Python errors alike
        text = str(error).strip()
        say("the Spark job failed: " + (text.splitlines()[0] if text else repr(error)))
        return EX_SOFTWARE

    problems, statuses = account(results, args.listing)
    if problems:
        for problem in problems:
            say(problem)
        say("no report: %d listed logs, not all of them read" % sum(len(r["given"]) for r in results))
        return worst(statuses)

    # The merge reads the partials in partition order, each header before its own logs (the
    # merge also accepts them sorted or interleaved, as Hadoop's shuffle delivers them). It
    # writes the report straight to this job's standard output, its errors to standard error.
    partials = "".join(result["partial"] for result in sorted(results, key=lambda r: r["partition"]))
    merge = [binary, command, "--merge", *merge_options, "-"]
    stdin = partials.encode("utf-8", "surrogateescape")
    sys.stdout.flush()
    sys.stderr.flush()
    if args.output is None:
        status = subprocess.run(merge, input=stdin, env=mapper_env(env)).returncode
    else:
        status = merge_into(args.output, merge, stdin, mapper_env(env))
    return worst(statuses + [status if status >= 0 else EX_SOFTWARE])


def merge_into(output, merge, stdin, env):
    """The merge with its report into `output`, whole or not at all: written beside it and
    renamed once the merge has finished (a report that counts malformed or unreadable logs is a
    whole report; one cut short by a failed write is not)."""
    folder = os.path.dirname(os.path.abspath(output))
    try:
        handle, temporary = tempfile.mkstemp(prefix="." + os.path.basename(output) + ".", dir=folder)
    except OSError as error:
        say("cannot create %s: %s" % (output, error.strerror))
        return EX_CANTCREAT
    try:
        with os.fdopen(handle, "wb") as report:
            status = subprocess.run(merge, input=stdin, stdout=report, env=env).returncode
        if status in (EX_OK, EX_DATAERR, EX_NOINPUT):
            os.replace(temporary, output)
            temporary = None
        return status
    except OSError as error:
        say("cannot write %s: %s" % (output, error.strerror))
        return EX_IOERR
    finally:
        if temporary is not None:
            os.unlink(temporary)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
