"""`turbo-replay stats` (or `tune`) over a fleet's logs with Spark: map, a tree of merges on the
executors, one report; nothing lost, nothing counted twice, nothing half-written.

    spark-submit --files /path/to/turbo-replay scale/spark/turbo_stats_job.py \
        --output REPORT [--work LOCATION] [--partitions N] [--fan-in N] [--tune] \
        [--map-options='…'] [--merge-options='…'] SOURCE...

    PYSPARK_SUBMIT_ARGS='--master … --files /path/to/turbo-replay pyspark-shell' \
        python3 scale/spark/turbo_stats_job.py [options] SOURCE... > REPORT

A SOURCE is a listing (a text file Spark's textFile reads, one entry per line), a directory, or
`s3://bucket/prefix`. An entry is a log, a directory (its logs found as `stats DIR` finds them)
or an `s3://bucket/key` object or prefix. docs/stats-at-scale.md part 4c is the manual: the
stages, the work location, object storage, the exit statuses.

Exit status (the table in the docs): 0, 65, 66 the report is written (as one `stats` run: 65 some
log malformed, 66 some log unreadable); with no report: 64 bad options, 67 the listing is
refused (cannot be read, names no log, names a path that does not exist, names a log twice
or in two spellings), 69 the binary
cannot run on an executor (not shipped, not executable, a library missing), 70 a task failed
past Spark's retries or a merge refused its partials, 72 a `--files` entry does not exist,
73 the report or the work location cannot be created, 74 the report could not be written,
75 the object store kept failing (refused, reset, timed out, throttled, 5xx) past
--store-attempts tries of a call, named with its last error.

Standard error holds the job's lines: a line as each stage starts and ends and, within one, every
--progress-seconds (none with --quiet); each log's problems as one `stats` run prints them; and,
when there is no report, the one line that says why. Spark's own log lines and a failure's
stack traces go to --log.
"""
import argparse
import heapq
import json
import os
import re
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import uuid

BINARY_NAME = "turbo-replay"
# The test hook of scale/spark/run: the FIRST attempt of map task N reads one log and is then
# killed with SIGKILL, as the OOM killer ends a mapper; Spark's retry must then succeed.
KILL_HOOK = "TURBO_STATS_JOB_KILL_ONCE"
# --store-attempts travels to the executors in their environment (spark.executorEnv).
STORE_ATTEMPTS_ENV, STORE_ATTEMPTS = "TURBO_STATS_JOB_STORE_ATTEMPTS", 6

EX_OK, EX_USAGE, EX_DATAERR, EX_NOINPUT = 0, 64, 65, 66
EX_LISTING, EX_BINARY, EX_SOFTWARE, EX_FILES, EX_CANTCREAT, EX_IOERR, EX_STORE = 67, 69, 70, 72, 73, 74, 75
REPORT_WRITTEN = (EX_OK, EX_DATAERR, EX_NOINPUT)
# A task's failure that no retry can mend travels to the driver inside Spark's exception text.
FAILURE = re.compile(r"turbo_stats_job\[(\d+)\]: ([^\n]*)")


class JobError(Exception):
    def __init__(self, status, message):
        super().__init__("turbo_stats_job[%d]: %s" % (status, message))
        self.status, self.message = status, message


def say(message):
    print("turbo_stats_job: " + message, file=sys.stderr, flush=True)


# ---- names and places -------------------------------------------------------------------------

def is_s3(location):
    return location.startswith("s3://")


def split_s3(url):
    bucket, _, key = url[len("s3://"):].partition("/")
    return bucket, key


def s3_client():
    # The standard chain: environment, shared files, the instance's or the pod's role.
    # AWS_ENDPOINT_URL (boto3 1.28+) points it at any S3-compatible server. botocore's own
    # retries are off: `store` retries every call, reads of the body too, which botocore's do not.
    import boto3
    from botocore.config import Config
    return boto3.client("s3", config=Config(retries={"total_max_attempts": 1, "mode": "standard"},
                                            connect_timeout=STORE_CONNECT_TIMEOUT, read_timeout=STORE_READ_TIMEOUT))


# ---- the object store: every call retried while the store fails ------------------------------

# Answers that say the store failed, not the object: throttling and server errors.
STORE_CODES = {"SlowDown", "Throttling", "ThrottlingException", "TooManyRequests", "RequestTimeout",
               "RequestTimeoutException", "InternalError", "ServiceUnavailable", "BadGateway", "GatewayTimeout"}
STORE_CONNECT_TIMEOUT, STORE_READ_TIMEOUT = 10, 60


class StoreError(JobError):
    """The object store kept failing (refused, reset, timed out, throttled, 5xx) after every
    attempt: no report, status 75, the store and its last error named."""

    def __init__(self, message):
        super().__init__(EX_STORE, message)


def store_failed(error):
    """True when `error` is the store failing (worth another try), False when the store
    answered about the object (missing, denied: that log is unreadable, 66)."""
    from botocore.exceptions import ClientError, ConnectionError, HTTPClientError, IncompleteReadError
    if isinstance(error, ClientError):
        answer = error.response.get("ResponseMetadata", {}).get("HTTPStatusCode") or 0
        code = error.response.get("Error", {}).get("Code", "")
        return answer >= 500 or answer == 429 or code in STORE_CODES
    # Connection refused or reset, timeouts, a body cut short: botocore's, or urllib3's and the
    # socket's when a streamed body breaks. Not botocore's other errors (no credentials, a bad
    # parameter): no try mends them.
    return (isinstance(error, (ConnectionError, HTTPClientError, IncompleteReadError, OSError))
            or type(error).__module__.startswith("urllib3"))


def store_name():
    return os.environ.get("AWS_ENDPOINT_URL_S3") or os.environ.get("AWS_ENDPOINT_URL") or "S3"


def store(what, action, attempts=None):
    """`action()`, tried again with exponential backoff and jitter (0.5 s doubling to 8 s)
    while the store fails, at most `attempts` times (--store-attempts, 6 by default: about 15 s
    of waiting); then StoreError naming the store, `what` and the last error."""
    import random
    import time
    attempts = attempts or int(os.environ.get(STORE_ATTEMPTS_ENV, STORE_ATTEMPTS))
    start = time.monotonic()
    for attempt in range(1, attempts + 1):
        try:
            return action()
        except Exception as error:  # noqa: BLE001 - botocore's, urllib3's and socket errors alike
            if not store_failed(error):
                raise
            if attempt == attempts:
                raise StoreError("the object store %s failed: %s: %s (%d attempts over %.1f s)" % (
                    store_name(), what, one_line(error), attempts, time.monotonic() - start)) from error
            time.sleep(min(8.0, 0.5 * 2 ** (attempt - 1)) * random.uniform(0.5, 1.0))
    raise AssertionError("unreachable")


def one_line(error):
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0]


def get_object(client, bucket, key, out):
    """One GET, its body streamed into the open file `out` (rewound on each try)."""
    def action():
        out.seek(0)
        out.truncate()
        body = client.get_object(Bucket=bucket, Key=key)["Body"]
        for chunk in body.iter_chunks(1 << 20):
            out.write(chunk)
    store("GET s3://%s/%s" % (bucket, key), action)


def is_log_name(name):
    # As `stats DIR` and `--partial -` take them: *.jsonl, not a golden, nothing hidden.
    return name.endswith(".jsonl") and not name.endswith(".expected.jsonl") and not name.startswith(".")


def skipped_by_listing(path):
    # `--partial -` skips goldens and settings files in a listing made with find; so does the job.
    return path.endswith(".expected.jsonl") or path.endswith(".config.json")


def walk(directory):
    """The logs under a local directory, spelled as `stats DIR` spells them (DIR/name/...):
    hidden names skipped, links to directories not followed."""
    try:
        names = sorted(os.listdir(directory))
    except OSError:
        return [directory]  # the read fails under the name given, as `stats` reports it
    found = []
    for name in names:
        if name.startswith("."):
            continue
        path = directory + "/" + name
        if os.path.isdir(path):
            if not os.path.islink(path):
                found.extend(walk(path))
        elif is_log_name(name):
            found.append(path)
    return found


def s3_objects(client, url):
    """(url, size, role) of the object `url` names, or of every log under it as a prefix, from
    one LIST call per page of a thousand keys: no HEAD. An object named alone comes with its
    app's log NAME.native.jsonl when the listing shows one (role "twin": fetched beside it, as
    `stats` reads it from beside the web log on a disk, not counted as a log of its own)."""
    bucket, key = split_s3(url)
    prefix = key if key == "" or key.endswith("/") else key + "/"
    web = key.endswith(".jsonl") and not key.endswith(".native.jsonl")
    twin = stem(key) + ".native.jsonl" if web else None
    found, exact, twin_found = [], None, None
    for page in list_pages(client, bucket, stem(key) if web else key):
        for item in page.get("Contents", []):
            name = item["Key"]
            if name == key:
                exact = ("s3://%s/%s" % (bucket, name), item["Size"], "log")
            elif name == twin:
                twin_found = ("s3://%s/%s" % (bucket, name), item["Size"], "twin")
            elif name.startswith(prefix):
                parts = name[len(prefix):].split("/")
                if not any(part.startswith(".") for part in parts) and is_log_name(parts[-1]):
                    found.append(("s3://%s/%s" % (bucket, name), item["Size"], "log"))
    if exact is not None:
        return [exact] + ([twin_found] if twin_found else [])
    return found  # nothing there: refused as a path that does not exist is


def list_pages(client, bucket, prefix):
    """The pages of ListObjectsV2 under `prefix`, each call tried as `store` tries it (a
    paginator's iterator is dead once a call in it raised: it would end the listing early)."""
    token = None
    while True:
        request = {"Bucket": bucket, "Prefix": prefix}
        if token:
            request["ContinuationToken"] = token
        page = store("LIST s3://%s/%s" % (bucket, prefix), lambda: client.list_objects_v2(**request))
        yield page
        token = page.get("NextContinuationToken")
        if not page.get("IsTruncated") or not token:
            return


def expand(rows):
    """Executors: each listed entry into its logs, with the identity that makes two spellings
    one log (the real path; an s3 URL is its own), its size in bytes, and its role: "log", or
    "twin" for an app's log fetched beside a web log named alone."""
    client = None
    for number, entry in rows:
        if is_s3(entry):
            client = client or s3_client()
            try:
                objects = s3_objects(client, entry)
            except StoreError:
                raise
            except Exception as error:  # noqa: BLE001 - the store answered: no such bucket, denied
                raise JobError(EX_LISTING, "%s: cannot list %s: %s" % (number, entry, one_line(error)))
            for url, size, role in objects:
                yield number, entry, url, url, size, role
            if not objects:
                yield number, entry, entry, None, -1, "log"
            continue
        if not os.path.lexists(entry):
            yield number, entry, entry, None, -1, "log"  # as `stats PATH` refuses a PATH that is not there
            continue
        paths = walk(entry) if os.path.isdir(entry) else [entry]
        for path in paths:
            real = os.path.realpath(path) if os.path.exists(path) else path
            size = os.path.getsize(path) if os.path.isfile(path) else 0
            yield number, entry, path, real, size, "log"


# ---- the binary on an executor ---------------------------------------------------------------

def binary_path(name):
    from pyspark import SparkFiles
    path = SparkFiles.get(name)
    if not os.path.isfile(path):
        raise JobError(EX_BINARY, "no %s shipped with the job: spark-submit --files /path/to/%s (or --binary NAME)"
                       % (name, BINARY_NAME))
    mode = os.stat(path).st_mode
    if not mode & stat.S_IXUSR:  # --files drops the mode on some cluster managers
        os.chmod(path, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def mapper_env(extra):
    """The child's whole environment: an executor's own is whatever the cluster manager gave
    it. LC_ALL=C keeps messages and any sorting the same on every node."""
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LC_ALL": "C", "LANG": "C"}
    for name in ("TMPDIR",):
        if name in os.environ:
            env[name] = os.environ[name]
    env.update(extra)
    return env


def run(argv, env, where, stdin=None, stdout=None, cwd=None):
    """Runs turbo-replay; a child killed by a signal raises (Spark retries the task), a binary
    that cannot start raises JobError(69) (no retry can mend it: it fails the job by name)."""
    try:
        done = subprocess.run(argv, input=stdin, stdout=stdout if stdout is not None else subprocess.PIPE,
                              stderr=subprocess.PIPE, env=env, cwd=cwd)
    except OSError as error:
        raise JobError(EX_BINARY, "%s: cannot run %s: %s" % (where, argv[0], error.strerror))
    err = done.stderr.decode("utf-8", "replace")
    if done.returncode == 127 or "error while loading shared libraries" in err:
        first = err.strip().splitlines()[0] if err.strip() else "exit 127"
        raise JobError(EX_BINARY, "%s: %s cannot run here: %s" % (where, argv[0], first))
    if done.returncode < 0:
        try:
            name = signal.Signals(-done.returncode).name
        except ValueError:
            name = "signal %d" % -done.returncode
        raise RuntimeError("%s: turbo-replay was killed by signal %d (%s); Spark retries the task"
                           % (where, -done.returncode, name))
    return done.returncode, done.stdout, err


def probe(index, _rows, binary_name, env):
    binary = binary_path(binary_name)
    run([binary, "stats", "--help"], mapper_env(env), "executor check %d" % index)
    yield index


# ---- the work location: partials between stages ----------------------------------------------

class Work:
    """A folder (local, or one every node mounts) or an s3:// prefix, written whole or not at
    all: a local file beside its name and renamed, an S3 object by one PUT."""

    def __init__(self, location):
        self.location = location.rstrip("/")

    def name(self, *parts):
        return "/".join([self.location, *parts])

    def put(self, source_file, name):
        if is_s3(name):
            bucket, key = split_s3(name)
            client = s3_client()

            def action():
                with open(source_file, "rb") as body:
                    client.put_object(Bucket=bucket, Key=key, Body=body)
            store("PUT " + name, action)
        else:
            os.makedirs(os.path.dirname(name), exist_ok=True)
            handle, temporary = tempfile.mkstemp(prefix=".part.", dir=os.path.dirname(name))
            os.close(handle)
            shutil.copyfile(source_file, temporary)
            os.replace(temporary, name)

    def fetch(self, name, into):
        """A local path holding `name`'s bytes."""
        if not is_s3(name):
            return name
        bucket, key = split_s3(name)
        local = os.path.join(into, "%d.jsonl" % len(os.listdir(into)))
        with open(local, "wb") as out:
            get_object(s3_client(), bucket, key, out)
        return local

    def remove(self):
        if is_s3(self.location):
            bucket, key = split_s3(self.location)
            client = s3_client()
            for page in list_pages(client, bucket, key + "/"):
                objects = [{"Key": item["Key"]} for item in page.get("Contents", [])]
                if objects:
                    store("DELETE under %s/" % self.location,
                          lambda: client.delete_objects(Bucket=bucket, Delete={"Objects": objects}))
        else:
            shutil.rmtree(self.location, ignore_errors=True)


def task_scratch():
    from pyspark import TaskContext
    context = TaskContext.get()
    return tempfile.mkdtemp(prefix="turbo-stats-s%d-p%d-a%d." % (
        context.stageId(), context.partitionId(), context.attemptNumber()))


def mirror_s3(items, root):
    """s3://bucket/key streamed to ROOT/s3:/bucket/key, so that turbo-replay, run in ROOT, reads
    it under its own name `s3://bucket/key` (turbo-replay takes logs by path, not on standard
    input). One GET an object, and only the objects the listing showed: a web log's
    NAME.native.jsonl is among `items` when it exists, never probed for; an object the listing
    says is empty is no GET at all. An object the store answers for but does not give (deleted
    since the listing, access denied) is left out, and turbo-replay reports it unreadable by
    name (66); a store that keeps failing fails the task."""
    from botocore.exceptions import ClientError
    client = s3_client()
    notes = []
    for path, size, _ in items:
        if not is_s3(path):
            continue
        bucket, key = split_s3(path)
        local = mirror_path(root, path)
        os.makedirs(os.path.dirname(local), exist_ok=True)
        if size == 0:
            open(local, "wb").close()
            continue
        try:
            with open(local + ".part", "wb") as out:
                get_object(client, bucket, key, out)
            os.replace(local + ".part", local)
        except ClientError as error:
            os.unlink(local + ".part")
            notes.append("%s: the store answered %s %s to its GET; turbo-replay reports it unreadable" % (
                path, error.response.get("ResponseMetadata", {}).get("HTTPStatusCode", "?"),
                error.response.get("Error", {}).get("Code", "")))
    return notes


def mirror_path(root, url):
    bucket, key = split_s3(url)
    return os.path.join(root, "s3:", bucket, key)


def unmirror(paths, root):
    # Only this task's objects: the balancing keeps NAME.jsonl and NAME.native.jsonl in one
    # task, so no other task reads these files.
    for path in paths:
        if is_s3(path):
            for name in (mirror_path(root, path), mirror_path(root, path) + ".part"):
                try:
                    os.unlink(name)
                except OSError:
                    pass


def map_task(index, rows, ctx):
    """Executors: one group of logs into `turbo-replay COMMAND --partial --jobs 1 -`, the
    partial into WORK/map/part-N.jsonl. The same logs in the same order give the same bytes, so
    a retried task writes what the killed one would have (s3 logs too: their mirror's place is
    the same for every try)."""
    from pyspark import TaskContext
    items = [item for group in rows for item in group]
    if not items:
        return
    paths = [path for path, _, _ in items]  # the logs, and the twins fetched beside them
    logs = [path for path, _, role in items if role == "log"]
    binary = binary_path(ctx["binary"])
    scratch = task_scratch()
    cwd, notes = None, []
    try:
        if any(is_s3(path) for path in paths):
            cwd = ctx["mirror"]
            notes = mirror_s3(items, cwd)
        # `stats` says how far it is every 10 s to a pipe: the job's own stages say it instead.
        quiet = ["--quiet"] if ctx["command"] == "stats" else []
        rows = os.path.join(scratch, "rows.jsonl")
        per_log = ["--per-log", rows] if ctx.get("rows_name") else []
        argv = [binary, ctx["command"], "--partial", *quiet, *per_log, *ctx["map_options"], "--jobs", "1", "-"]
        if ctx["kill"] == index and TaskContext.get().attemptNumber() == 0:
            argv = ["/bin/sh", "-c", 'head -n 1 | "$@"; kill -9 $$', "sh", *argv]
        partial = os.path.join(scratch, "partial.jsonl")
        with open(partial, "wb") as out:
            status, _, err = run(argv, mapper_env(ctx["env"]), "map task %d" % index,
                                 stdin="".join(p + "\n" for p in logs).encode("utf-8", "surrogateescape"),
                                 stdout=out, cwd=cwd)
        if status == 0:
            Work(ctx["work"]).put(partial, ctx["name"])
            if per_log:
                Work(ctx["work"]).put(rows, ctx["rows_name"])
        ctx["done"].add(1)
        ctx["read"][0].add(len(logs))
        ctx["read"][1].add(sum(size for _, size, _ in items))
        err = "".join(note + "\n" for note in notes) + err
        yield {"task": index, "status": status, "stderr": err, "logs": len(logs)}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        if cwd is not None:
            unmirror(paths, cwd)


def merge_task(index, rows, ctx):
    """Executors: a group of partials into one, `COMMAND --merge --partial` (a tree level), or
    the last merge, `COMMAND --merge [merge options]`, whose report comes back to the driver."""
    names = [name for group in rows for name in group]
    if not names:
        return
    binary = binary_path(ctx["binary"])
    scratch = task_scratch()
    work = Work(ctx["work"])
    try:
        inputs = os.path.join(scratch, "in")
        os.makedirs(inputs)
        local = [work.fetch(name, inputs) for name in names]
        if ctx["final"]:
            argv = [binary, ctx["command"], "--merge", *ctx["merge_options"], *local]
        else:
            argv = [binary, ctx["command"], "--merge", "--partial", *local]
        output = os.path.join(scratch, "out")
        with open(output, "wb") as out:
            status, _, err = run(argv, mapper_env(ctx["env"]), "merge task %d" % index, stdout=out)
        # Messages name the partials as the work location holds them, not as fetched here.
        for name, path in zip(names, local):
            err = err.replace(path, name)
        record = {"task": index, "status": status, "stderr": err}
        if ctx["final"]:
            with open(output, "rb") as report:
                record["report"] = report.read()
        elif status == 0:
            work.put(output, ctx["name"] % index)
        ctx["done"].add(1)
        yield record
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def per_log_schema(columns):
    """The per-log table's types, by its columns' names (docs/cli.md, `--per-log`): the
    identity and the paths are text, `seen` a flag, every `_ms` column milliseconds, every
    other (the counts, and a column per finding id) a whole number."""
    from pyspark.sql import types
    text = {"path", "kind", "app_version", "app_build", "session", "web_session", "platform", "day", "started_at",
            "session_native", "error"}

    def kind(name):
        if name in text:
            return types.StringType()
        if name == "seen":
            return types.BooleanType()
        if name.endswith("_ms"):
            return types.DoubleType()
        return types.LongType()
    return types.StructType([types.StructField(name, kind(name), True) for name in columns])


def per_log_rows(names, work_location, columns):
    """Executors: the rows the map tasks wrote (JSON Lines, in the work location), as tuples in
    the table's column order."""
    work = Work(work_location)
    scratch = task_scratch()
    try:
        for name in names:
            local = work.fetch(name, scratch)
            with open(local, encoding="utf-8", errors="surrogateescape") as rows:
                for line in rows:
                    row = json.loads(line)
                    yield tuple(float(row[c]) if c.endswith("_ms") and row[c] is not None else row[c] for c in columns)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def write_per_log(context, work, names, location):
    """The per-log table as Parquet at `location` (replaced): read from the map tasks' rows by
    the executors, never collected on the driver. The columns are the first rows file's."""
    from pyspark.sql import SparkSession
    scratch = tempfile.mkdtemp(prefix="turbo-stats-columns.")  # the driver's: no task here
    try:
        with open(work.fetch(names[0], scratch), encoding="utf-8", errors="surrogateescape") as first:
            columns = list(json.loads(first.readline()).keys())
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    spark = SparkSession.builder.getOrCreate()
    rows = context.parallelize(names, len(names)).mapPartitions(
        lambda part, location=work.location: per_log_rows(part, location, columns))
    try:
        spark.createDataFrame(rows, per_log_schema(columns)).write.mode("overwrite").parquet(location)
    except Exception as error:  # noqa: BLE001 - Py4J's, naming the Hadoop file system's error
        raise JobError(EX_IOERR, "cannot write the per-log table %s: %s" % (location, one_line(error)))


# ---- the driver --------------------------------------------------------------------------------

def stem(path):
    for suffix in (".native.jsonl", ".jsonl"):
        if path.endswith(suffix):
            return path[:-len(suffix)]
    return path


def balanced(items, partitions):
    """Greedy by bytes: the largest first, each to the lightest partition so far, so no
    partition is a straggler of big logs. An app session's two logs (NAME.jsonl,
    NAME.native.jsonl) go together as one unit. Deterministic: ties go by path. Each group is
    its (path, size, role) items in path order."""
    units = {}
    for path, size, role in items:
        members, total = units.get(stem(path), ([], 0))
        units[stem(path)] = (members + [(path, size, role)], total + size)
    partitions = max(1, min(partitions, len(units)))
    heap = [(0, k) for k in range(partitions)]
    groups = [[] for _ in range(partitions)]
    for key, (members, size) in sorted(units.items(), key=lambda item: (-item[1][1], item[0])):
        load, k = heapq.heappop(heap)
        groups[k].extend(members)
        heapq.heappush(heap, (load + size, k))
    return [sorted(group) for group in groups if group]


def check_output(output):
    """Before any map work: the report can be created where it is asked for (73 if not)."""
    if output is None:
        return None
    if is_s3(output):
        bucket, key = split_s3(output)
        if not key or key.endswith("/"):
            return "%s names no object (s3://bucket/key)" % output
        client = s3_client()
        probe_key = key + ".turbo-stats-check"
        try:  # a store that keeps failing raises StoreError (75); one that refuses says why (73)
            store("PUT " + output, lambda: client.put_object(Bucket=bucket, Key=probe_key, Body=b""))
            store("DELETE " + output, lambda: client.delete_object(Bucket=bucket, Key=probe_key))
        except StoreError:
            raise
        except Exception as error:  # noqa: BLE001
            return "cannot create %s: %s" % (output, one_line(error))
        return None
    if os.path.isdir(output):
        return "cannot create %s: it is a directory" % output
    folder = os.path.dirname(os.path.abspath(output))
    try:
        handle, temporary = tempfile.mkstemp(prefix="." + os.path.basename(output) + ".", dir=folder)
        os.close(handle)
        os.unlink(temporary)
    except OSError as error:
        return "cannot create %s: %s" % (output, error.strerror)
    return None


def write_report(output, report):
    """The report whole or not at all: a temporary file beside it, renamed when complete, with
    the mode a new file gets under the umask (0644 under 022), not mkstemp's 0600."""
    if is_s3(output):
        bucket, key = split_s3(output)
        client = s3_client()  # one PUT: whole or absent
        store("PUT " + output, lambda: client.put_object(Bucket=bucket, Key=key, Body=report))
        return
    folder = os.path.dirname(os.path.abspath(output))
    handle, temporary = tempfile.mkstemp(prefix="." + os.path.basename(output) + ".", dir=folder)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(handle, 0o666 & ~umask)
        with os.fdopen(handle, "wb") as out:
            out.write(report)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, output)
        temporary = None
    finally:
        if temporary is not None:
            os.unlink(temporary)


def listed_entries(context, sources):
    """(line, entry) of every SOURCE: a listing's lines (numbered across all listings), or a
    directory or s3:// prefix as one entry."""
    entries, plain = [], []
    for source in sources:
        if is_s3(source) or os.path.isdir(source):
            entries.append(context.parallelize([(source, source)], 1))
        else:
            plain.append(source)
    for listing in plain:
        lines = (context.textFile(listing).zipWithIndex()
                 .map(lambda entry, name=listing: (name, entry[1] + 1, entry[0].strip(" \t")))
                 .filter(lambda entry: entry[2] != "" and not skipped_by_listing(entry[2]))
                 .map(lambda entry: ("%s:%d" % (entry[0], entry[1]), entry[2])))
        entries.append(lines)
    return context.union(entries) if entries else context.parallelize([], 1)


def check_logs(found):
    """Refuses a listing that names one log twice, or in two spellings, naming both (67).
    A twin fetched beside its web log is not a log the listing names: it is dropped (in place)
    when the listing names it as a log too."""
    logs = {item[3] for item in found if item[5] == "log"}
    found[:] = [item for item in found if item[5] == "log" or item[3] not in logs]
    by_identity = {}
    problems = []
    for where, entry, path, identity, _, role in found:
        if role == "twin":
            continue
        if identity is None:
            problems.append("%s: %s does not exist%s" % (
                where, entry, " (no object at or under it)" if is_s3(entry) else ""))
        elif identity in by_identity:
            first_where, first_path = by_identity[identity]
            if first_path == path:
                problems.append("%s: %s is listed twice (first at %s): a log is read once"
                                % (where, path, first_where))
            else:
                problems.append("%s: %s and %s (%s) are one log, %s: a log is read once"
                                % (where, path, first_path, first_where, identity))
        else:
            by_identity[identity] = (where, path)
    return problems


def failure(error):
    """The status and cause a failed Spark job carries: a JobError's, or 70 with the first line."""
    text = str(error)
    found = FAILURE.search(text)
    if found:
        return int(found.group(1)), found.group(2)
    retried = re.search(r"(map|merge) task \d+: turbo-replay was killed[^\n]*", text)
    if retried:
        return EX_SOFTWARE, retried.group(0).replace("; Spark retries the task", "") + ", on every try"
    lines = [line for line in text.strip().splitlines() if line.strip()]
    raised = [line.strip() for line in lines if re.match(r"^\w+(Error|Exception): ", line)]
    if raised:  # a task's Python exception, its last line: the cause, not Py4J's wrapper
        return EX_SOFTWARE, raised[-1]
    for line in lines:
        missing = re.search(r"Input path does not exist: (?:file:)?(\S+)", line)
        if missing:
            return EX_LISTING, "the listing %s does not exist" % missing.group(1)
        if "FileNotFoundException" in line or "does not exist" in line:
            return EX_LISTING, line.strip().lstrip(": ")
    return EX_SOFTWARE, lines[0] if lines else repr(error)


def parse(argv):
    parser = argparse.ArgumentParser(prog="turbo_stats_job.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", nargs="+", metavar="SOURCE",
                        help="a listing (one log, directory or s3:// URL per line), a directory, or s3://bucket/prefix")
    parser.add_argument("--output", metavar="FILE", help="the report: a path on the driver or s3://bucket/key "
                        "(default: standard output; needed under spark-submit)")
    parser.add_argument("--work", metavar="LOCATION", help="where partials go between stages: a folder every "
                        "executor sees, or s3://bucket/prefix (default: beside --output)")
    parser.add_argument("--mirror", default="/tmp/turbo-stats-mirror", metavar="DIR",
                        help="where executors stream s3 logs for turbo-replay to read, the same path on "
                             "every node (default /tmp/turbo-stats-mirror)")
    parser.add_argument("--keep-work", action="store_true", help="keep the partials (WORK/map, WORK/level-N)")
    parser.add_argument("--partitions", type=int, help="map tasks (default: the cluster's default parallelism)")
    parser.add_argument("--fan-in", type=int, default=64, help="partials per merge task (default 64)")
    parser.add_argument("--tune", action="store_true", help="run tune instead of stats")
    parser.add_argument("--per-log-parquet", metavar="LOCATION",
                        help="also write stats --per-log's table, one row per log, as Parquet at LOCATION (a folder "
                             "every node sees, replaced; or any path Spark's file systems write)")
    parser.add_argument("--map-options", default="", help="options for every mapper, e.g. '--debounce-ms 300'")
    parser.add_argument("--merge-options", default="", help="options for the last merge, e.g. '--format json'")
    parser.add_argument("--binary", default=BINARY_NAME, help="the name shipped with --files (default turbo-replay)")
    parser.add_argument("--store-attempts", type=int, default=STORE_ATTEMPTS, metavar="N",
                        help="tries of each object-store call while the store fails (refused, reset, timed out, "
                             "throttled, 5xx), with backoff from 0.5 s doubling to 8 s (default 6)")
    parser.add_argument("--log", metavar="FILE", help="Spark's log lines and a failure's stack traces "
                        "(default: turbo_stats_job.APP-ID.log in the temporary directory)")
    parser.add_argument("--quiet", action="store_true", help="no stage or progress lines on standard error")
    parser.add_argument("--progress-seconds", type=float, default=30, metavar="S",
                        help="a progress line every S seconds within a stage (default 30)")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="add to turbo-replay's environment on the executors")
    args = parser.parse_args(argv)
    if args.partitions is not None and args.partitions < 1:
        parser.error("--partitions takes 1 or more")
    if args.fan_in < 2:
        parser.error("--fan-in takes 2 or more")
    if args.store_attempts < 1:
        parser.error("--store-attempts takes 1 or more")
    if args.progress_seconds <= 0:
        parser.error("--progress-seconds takes a positive number")
    if args.per_log_parquet is not None and args.tune:
        parser.error("--per-log-parquet is stats' table: not with --tune")
    env = {}
    for item in args.env:
        name, sep, value = item.partition("=")
        if not sep or not name:
            parser.error("--env takes NAME=VALUE (got %r)" % item)
        env[name] = value
    return args, env


def main(argv):
    args, env = parse(argv)  # argparse exits 2 on bad options: made 64 below
    os.environ[STORE_ATTEMPTS_ENV] = str(args.store_attempts)
    if args.output is None and "PYSPARK_GATEWAY_PORT" in os.environ:
        say("under spark-submit, standard error is merged into standard output: give --output FILE "
            "(or run this file with python3, PYSPARK_SUBMIT_ARGS='--files … pyspark-shell')")
        return EX_USAGE
    try:
        problem = check_output(args.output)
    except StoreError as error:
        say(error.message + "; nothing was read, no report")
        return error.status
    if problem:
        say(problem + "; nothing was read")
        return EX_CANTCREAT

    from pyspark.sql import SparkSession
    try:
        spark = SparkSession.builder.appName("turbo-replay stats").getOrCreate()
    except Exception as error:  # noqa: BLE001 - a --files entry that is missing fails here
        text = str(error)
        missing = re.search(r"File (\S+) does not exist", text) or re.search(r"FileNotFoundException: (\S+)", text)
        if missing:
            say("spark-submit --files names %s, which does not exist" % missing.group(1))
            return EX_FILES
        say("Spark did not start: " + (text.strip().splitlines() or [repr(error)])[0])
        return EX_SOFTWARE
    context = spark.sparkContext
    log = args.log or os.path.join(tempfile.gettempdir(), "turbo_stats_job.%s.log" % (context.applicationId or "app"))
    notes = []
    try:
        log_to_file(spark, log)
        # The executors' Python workers take their environment from here (spark.executorEnv).
        context.environment[STORE_ATTEMPTS_ENV] = str(args.store_attempts)
        return run_job(context, args, env, Progress(quiet=args.quiet, every=args.progress_seconds), notes)
    except JobError as error:
        say(error.message + ("; no report" if isinstance(error, StoreError) else ""))
        return error.status
    except Exception as error:  # noqa: BLE001 - Spark raises Py4J and Python errors alike
        # The cause first, on one line; the traces (Spark's, Python's, the JVM's) in the log.
        status, cause = failure(error)
        say(cause + "; no report")
        with open(log, "a", encoding="utf-8", errors="replace") as out:
            out.write("turbo_stats_job: exit %d: %s\n%s\n" % (status, cause, error))
        notes.append("the stack traces are in " + log)
        return status
    finally:
        for note in notes:
            say(note)
        spark.stop()


def log_to_file(spark, path):
    """Spark's own log lines (a failed task's stack traces among them) go to `path` instead of
    standard error, which keeps the job's lines alone: its stages, each log's problems, and the
    one line that says why there is no report. The driver's JVM only (in local mode, the
    executors too); a cluster's executors log where their cluster manager keeps logs."""
    jvm = spark.sparkContext._jvm
    core = jvm.org.apache.logging.log4j.core
    logger_context = jvm.org.apache.logging.log4j.LogManager.getContext(False)
    config = logger_context.getConfiguration()
    layout = core.layout.PatternLayout.newBuilder().withPattern("%d{ISO8601} %p %c{1}: %m%n%ex").build()
    appender = (core.appender.FileAppender.newBuilder().setName("turbo_stats_job").withFileName(path)
                .withAppend(True).setLayout(layout).build())
    appender.start()
    config.addAppender(appender)
    root = config.getRootLogger()
    for name in list(root.getAppenders().keySet()):
        root.removeAppender(name)
    root.addAppender(appender, None, None)
    logger_context.updateLoggers()
    spark.sparkContext.setLogLevel("WARN")


class Progress:
    """The job's stages on standard error, one line as each starts and ends, and within the map
    and merges a line every `every` seconds: tasks done, logs and bytes read, rate, ETA.
    Nothing with --quiet."""

    def __init__(self, quiet, every):
        import time
        self.quiet, self.every, self.clock = quiet, every, time.monotonic
        self.started = self.clock()

    def say(self, text):
        if not self.quiet:
            say("stage " + text)

    def watch(self, label, action, tasks, done, logs=0, size=0, read=None):
        """Runs `action()` (a Spark action) in a thread, reporting `done` (tasks) and `read`
        ((logs, bytes) accumulators) every `every` seconds until it returns; its result, or its
        exception raised here."""
        import threading
        outcome = {}

        def body():
            try:
                outcome["value"] = action()
            except BaseException as error:  # noqa: BLE001 - re-raised on the driver's thread
                outcome["error"] = error
        start = self.clock()
        thread = threading.Thread(target=body, daemon=True)
        thread.start()
        while True:
            thread.join(self.every)
            if not thread.is_alive():
                break
            if not self.quiet:
                say("stage %s: %s" % (label, self.line(start, tasks, done.value, logs, size, read)))
        if "error" in outcome:
            raise outcome["error"]
        seconds = self.clock() - start
        read_text = "" if read is None else ": %s logs, %s, %s/s" % (
            count(read[0].value), size_text(read[1].value), size_text(read[1].value / max(seconds, 1e-6)))
        self.say("%s: done in %.1f s%s" % (label, seconds, read_text))
        return outcome["value"]

    def line(self, start, tasks, tasks_done, logs, size, read):
        elapsed = max(self.clock() - start, 1e-6)
        text = "%d/%d tasks" % (min(tasks_done, tasks), tasks)
        if read is not None:
            logs_done, bytes_done = read[0].value, read[1].value
            rate = bytes_done / elapsed
            text += ", %s/%s logs, %s/%s, %s/s" % (
                count(logs_done), count(logs), size_text(bytes_done), size_text(size), size_text(rate))
            if 0 < bytes_done < size:
                text += ", ETA %s" % duration((size - bytes_done) / rate)
        elif tasks_done:
            text += ", ETA %s" % duration(elapsed * (tasks - tasks_done) / tasks_done)
        return text


def count(number):
    return "{:,}".format(number)


def size_text(size):
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1000:
            return ("%d %s" if unit == "B" else "%.1f %s") % (size, unit)
        size /= 1000.0
    return "%.1f TB" % size


def duration(seconds):
    if seconds < 90:
        return "%d s" % seconds
    if seconds < 5400:
        return "%d min" % round(seconds / 60)
    return "%.1f h" % (seconds / 3600)


def default_work(args, context):
    tag = "turbo-stats-work-" + (context.applicationId or uuid.uuid4().hex)
    if args.output is not None:
        if is_s3(args.output):
            return args.output.rsplit("/", 1)[0] + "/." + tag
        return os.path.join(os.path.dirname(os.path.abspath(args.output)), "." + tag)
    return os.path.join(tempfile.gettempdir(), tag)


def run_job(context, args, env, progress, notes):
    command = "tune" if args.tune else "stats"
    ctx = {"binary": args.binary, "command": command, "env": env,
           "map_options": shlex.split(args.map_options), "merge_options": shlex.split(args.merge_options),
           "kill": int(os.environ[KILL_HOOK]) if os.environ.get(KILL_HOOK) else None}
    parallelism = context.defaultParallelism

    # 1. The binary runs on the executors (69 by name, before any map work), and the listing:
    # every entry expanded on the executors (directories and s3 prefixes into logs, each with
    # its real path and size), then checked: no log, a log twice or in two spellings (67).
    binary_name = args.binary
    progress.say("1: the binary, on %d executor slots" % parallelism)
    context.parallelize(range(parallelism), parallelism).mapPartitionsWithIndex(
        lambda index, rows: probe(index, rows, binary_name, env)).collect()
    progress.say("2: the listing: %s" % " ".join(args.sources))
    entries = listed_entries(context, args.sources)
    found = entries.repartition(max(1, min(parallelism, 64))).mapPartitions(expand).collect()
    # By path, then by place: a shorter "LISTING:N" is an earlier line of the same listing.
    found.sort(key=lambda item: (item[2], len(item[0]), item[0]))
    if not found:
        raise JobError(EX_LISTING, "%s names no log: nothing to report" % " ".join(args.sources))
    problems = check_logs(found)
    if problems:
        for problem in problems[:20]:
            say(problem)
        raise JobError(EX_LISTING, "the listing is refused (%d problems): no report" % len(problems))
    logs = [item for item in found if item[5] == "log"]
    progress.say("2: %s logs, %s%s" % (count(len(logs)), size_text(sum(item[4] for item in logs)),
                                         ", and %d app logs fetched beside their web logs" % (len(found) - len(logs))
                                         if len(found) > len(logs) else ""))

    work = Work(args.work or default_work(args, context))
    if not is_s3(work.location):
        try:
            os.makedirs(work.location, exist_ok=True)
        except OSError as error:
            raise JobError(EX_CANTCREAT, "cannot create the work location %s: %s" % (work.location, error.strerror))
    ctx["work"] = work.location
    ctx["mirror"] = os.path.join(args.mirror, context.applicationId or "app")
    try:
        status = reduce_tree(context, args, ctx, work, found, progress)
    except Exception as error:
        if not args.keep_work:
            stored = (error.status if isinstance(error, JobError) else failure(error)[0]) == EX_STORE
            if stored and is_s3(work.location):
                notes.append("the work location %s may still hold partials: remove it when the store answers"
                             % work.location)
            else:
                try:
                    work.remove()
                except Exception as removing:  # noqa: BLE001 - the cause is the first error's
                    notes.append("could not remove the work location %s: %s" % (work.location, one_line(removing)))
        raise
    if not args.keep_work:
        try:
            work.remove()
        except Exception as error:  # noqa: BLE001 - the report is written: said, not the status
            notes.append("warning: could not remove the work location %s: %s" % (work.location, one_line(error)))
    return status


def relay(records, what):
    for record in sorted(records, key=lambda r: r["task"]):
        for line in record["stderr"].splitlines():
            say("%s task %d: %s" % (what, record["task"], line))
    bad = [r for r in records if r["status"] != 0]
    if bad:
        first = min(bad, key=lambda r: r["task"])
        status = EX_USAGE if first["status"] == EX_USAGE else EX_SOFTWARE
        raise JobError(status, "%s task %d: turbo-replay exited %d: no report" % (what, first["task"], first["status"]))


def reduce_tree(context, args, ctx, work, found, progress):
    # 2. The map: groups balanced by bytes, one partial each in WORK/map/.
    items = [(item[2], item[4], item[5]) for item in found]
    groups = balanced(items, args.partitions or context.defaultParallelism)
    names = [work.name("map", "part-%05d.jsonl" % k) for k in range(len(groups))]
    rows_names = [work.name("rows", "part-%05d.jsonl" % k) for k in range(len(groups))] if args.per_log_parquet else None
    levels, partials = 0, len(names)  # how many tree levels, for the stages' numbers
    while partials > args.fan_in:
        levels, partials = levels + 1, -(-partials // args.fan_in)
    done, read = context.accumulator(0), (context.accumulator(0), context.accumulator(0))
    ctx = dict(ctx, done=done, read=read)

    def mapper(index, rows):
        return map_task(index, rows, dict(ctx, name=names[index], rows_name=rows_names[index] if rows_names else None))

    logs = sum(1 for item in items if item[2] == "log")
    size = sum(item[1] for item in items)
    progress.say("3: map: %d tasks over %s logs, %s; then %sthe last merge" % (
        len(groups), count(logs), size_text(size), "%d merge level%s and " % (levels, "s"[:levels - 1]) if levels else ""))
    relay(progress.watch("3: map",
                         context.parallelize(groups, len(groups)).mapPartitionsWithIndex(mapper).collect,
                         len(groups), done, logs, size, read), "map")
    if rows_names:
        progress.say("3: the per-log table, %d rows files, as Parquet at %s" % (len(rows_names), args.per_log_parquet))
        write_per_log(context, work, rows_names, args.per_log_parquet)

    # 3. Tree levels on the executors, `--merge --partial` over groups of --fan-in partials,
    # until one merge can take them all: its report is the only thing that comes back.
    level = 0
    while len(names) > args.fan_in:
        level += 1
        batches = [names[k:k + args.fan_in] for k in range(0, len(names), args.fan_in)]
        pattern = work.name("level-%d" % level, "part-%05d.jsonl")
        level_ctx = dict(ctx, final=False, name=pattern, done=context.accumulator(0))
        label = "%d: merge level %d" % (3 + level, level)
        progress.say("%s: %d tasks over %d partials" % (label, len(batches), len(names)))
        relay(progress.watch(label, context.parallelize(batches, len(batches))
                             .mapPartitionsWithIndex(lambda i, rows, c=level_ctx: merge_task(i, rows, c)).collect,
                             len(batches), level_ctx["done"]),
              "merge level %d" % level)
        names = [pattern % k for k in range(len(batches))]
    final_ctx = dict(ctx, final=True, done=context.accumulator(0))
    label = "%d: the last merge" % (4 + levels)
    progress.say("%s, of %d partials" % (label, len(names)))
    [final] = progress.watch(label, context.parallelize([names], 1).mapPartitionsWithIndex(
        lambda i, rows: merge_task(i, rows, final_ctx)).collect, 1, final_ctx["done"])

    # 4. The report, whole: the last merge's standard error as one `stats` run prints it.
    sys.stderr.write(final["stderr"])
    sys.stderr.flush()
    if final["status"] not in REPORT_WRITTEN or not final["report"]:
        status = EX_USAGE if final["status"] == EX_USAGE else EX_SOFTWARE
        raise JobError(status, "the last merge exited %d: no report" % final["status"])
    if args.output is None:
        sys.stdout.buffer.write(final["report"])
        sys.stdout.flush()
        return final["status"]
    try:
        write_report(args.output, final["report"])
    except StoreError:
        raise
    except Exception as error:  # noqa: BLE001 - OSError or botocore's
        raise JobError(EX_IOERR, "cannot write %s: %s" % (args.output, one_line(error)))
    return final["status"]


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except SystemExit as exit_:
        sys.exit(EX_USAGE if exit_.code == 2 else exit_.code)
