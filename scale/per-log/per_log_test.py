#!/usr/bin/env python3
"""`stats --per-log` loaded by DuckDB, held to the report (scale/per-log/run runs it).

The fleet: docs/examples/fleet (two releases, one whose controller drifted, and a page that
does not say its release), recordings/session (pages and their app logs: app sessions), an
empty file and a file that is not a log. `stats --by app-version --format json --per-log`
writes the rows as CSV, then as JSON Lines; DuckDB reads both, and what it counts per release
and kind of log, the findings by id and the pill episodes are the report's numbers.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import duckdb

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/turbo-replay"
failed = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failed.append(what)


def stats(*args):
    return subprocess.run([BIN, "stats", "--quiet", *args], capture_output=True, text=True)


scratch = tempfile.mkdtemp(prefix="per-log-")
try:
    fleet = os.path.join(scratch, "fleet")
    shutil.copytree("docs/examples/fleet", fleet)
    for name in os.listdir("recordings/session"):
        if name.endswith(".jsonl") and ".expected." not in name:
            shutil.copy(os.path.join("recordings/session", name), fleet)
    open(os.path.join(fleet, "empty.jsonl"), "w").close()
    with open(os.path.join(fleet, "broken.jsonl"), "w") as f:
        f.write("not a log\n")
    csv_path, jsonl_path = os.path.join(scratch, "rows.csv"), os.path.join(scratch, "rows.jsonl")

    run = stats("--by", "app-version", "--format", "json", "--per-log", csv_path, fleet)
    check(run.returncode == 65, f"a fleet with a file that is not a log exits 65 (got {run.returncode}: {run.stderr[:200]})")
    report = json.loads(run.stdout)
    again = stats("--by", "app-version", "--format", "json", "--per-log", jsonl_path, fleet)
    check(again.stdout == run.stdout, "the report is the same whichever format the rows are written in")

    db = duckdb.connect()
    db.execute(f"CREATE TABLE csv AS SELECT * FROM read_csv('{csv_path}', header = true)")
    db.execute(f"CREATE TABLE jl AS SELECT * FROM read_json('{jsonl_path}', format = 'newline_delimited')")
    columns = [row[0] for row in db.execute("DESCRIBE csv").fetchall()]
    check(columns[:3] == ["path", "kind", "app_version"], f"the CSV's columns start path, kind, app_version ({columns[:3]})")
    check([row[0] for row in db.execute("DESCRIBE jl").fetchall()] == columns, "the JSON Lines rows have the CSV's columns, in order")

    # Logs per release and kind: the report's groups.
    counted = {
        (version, kind): n
        for version, kind, n in db.execute(
            "SELECT coalesce(app_version, 'unknown'), kind, count(*) FROM csv GROUP BY ALL").fetchall()
    }
    expected = {}
    for group in report["groups"]:
        key, own = group["key"] or "unknown", group["report"]
        for kind, n in [("web", own["sessions"]), ("native", own["native"]["sessions"]),
                        ("failed", own["malformed"] + own["unreadable"]), ("empty", own.get("empty", {}).get("files", 0))]:
            if n:
                expected[(key, kind)] = n
    check(counted == expected, f"DuckDB's logs per release and kind are the report's groups ({counted} vs {expected})")
    check(("2.3.1", "web") in counted and counted[("2.3.1", "web")] == 3, "release 2.3.1 has its three pages")

    # The drifted release and its share, as the report names it.
    for group in report["groups"]:
        key = group["key"]
        where = "app_version IS NULL" if key is None else f"app_version = '{key}'"
        drifted, seen = db.execute(
            f'SELECT count(*) FILTER ("banner-drift" > 0), count(*) FILTER (seen) FROM csv WHERE kind = \'web\' AND {where}').fetchone()
        check((drifted, seen) == (group["drift"]["drifted"], group["drift"]["recordings"]),
              f"release {key}: {drifted} of {seen} pages drifted, as the report says")

    # Every finding by id, and the pill episodes, over the fleet and per release.
    sums = {}
    for finding in list(report["findings"]) + list(report["native"]["findings"]) + list(report["appSessions"]["findings"]):
        sums[finding] = db.execute(f'SELECT sum("{finding}") FROM csv').fetchone()[0]
    check(all(sums[f] == report["findings"][f]["count"] for f in report["findings"]), "each banner finding's count is the report's")
    check(all(sums[f] == report["native"]["findings"][f]["count"] for f in report["native"]["findings"]),
          "each native finding's count is the report's")
    check(all(sums[f] == report["appSessions"]["findings"][f]["count"] for f in report["appSessions"]["findings"]),
          "each app session finding's count is the report's")
    for group in report["groups"]:
        key = group["key"]
        where = "app_version IS NULL" if key is None else f"app_version = '{key}'"
        episodes = db.execute(f"SELECT coalesce(sum(pill_episodes), 0) FROM csv WHERE {where}").fetchone()[0]
        check(episodes == group["report"]["pill"]["episodes"], f"release {key}: {episodes} pill episodes, the report's")
    sessions = db.execute("SELECT count(*) FROM csv WHERE session_native IS NOT NULL").fetchone()[0]
    check(sessions == report["appSessions"]["read"] + len(report["appSessions"]["failures"]),
          f"{sessions} rows name their app session's log, the report's sessions")

    # The two formats hold the same rows.
    def rows(table):
        # Each value as DuckDB spells the type it read in words; startedAt, which DuckDB reads
        # as a time from the CSV and as text from JSON, as milliseconds since 1970.
        return db.execute(
            f"SELECT COLUMNS(* EXCLUDE (started_at))::VARCHAR, epoch_ms(started_at::TIMESTAMPTZ) FROM {table} ORDER BY path"
        ).fetchall()

    check(rows("csv") == rows("jl"), "the CSV's rows are the JSON Lines' rows")

    # A file that cannot be written is never exit 0, and what was there stays.
    with open(os.path.join(scratch, "old.csv"), "w") as f:
        f.write("old\n")
    blocked = stats("--per-log", os.path.join(scratch, "old.csv", "rows.csv"), "docs/examples/fleet")
    check(blocked.returncode in (73, 74), f"--per-log under a file exits 73 or 74 (got {blocked.returncode})")
    check(open(os.path.join(scratch, "old.csv")).read() == "old\n", "and touches nothing")
finally:
    shutil.rmtree(scratch, ignore_errors=True)

print(f"{len(failed)} failed" if failed else "per-log: all passed")
sys.exit(1 if failed else 0)
