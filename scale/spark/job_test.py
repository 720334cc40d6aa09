"""The Spark job's own logic without Spark or a store (scale/spark/run runs it first, with the
virtualenv's Python, which has boto3): which errors mean the store failed, how often and how
long a failing call is tried, what one listing gives (pairs, no probing), and the deal.

    scale/spark/.venv/bin/python scale/spark/job_test.py
"""
import os
import sys
import unittest
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import turbo_stats_job as job  # noqa: E402
from botocore.exceptions import (ClientError, ConnectionClosedError, EndpointConnectionError,  # noqa: E402
                                 NoCredentialsError, ReadTimeoutError)


def answer(status, code):
    return ClientError({"Error": {"Code": code, "Message": code}, "ResponseMetadata": {"HTTPStatusCode": status}}, "GetObject")


class StoreFailed(unittest.TestCase):
    def test_the_store_failing(self):
        for error in (EndpointConnectionError(endpoint_url="http://s3"), ConnectionClosedError(endpoint_url="http://s3"),
                      ReadTimeoutError(endpoint_url="http://s3"), ConnectionResetError(), answer(503, "SlowDown"),
                      answer(500, "InternalError"), answer(429, "TooManyRequests"), answer(400, "RequestTimeout")):
            self.assertTrue(job.store_failed(error), repr(error))

    def test_an_answer_about_the_object_or_a_setup_problem(self):
        for error in (answer(404, "NoSuchKey"), answer(403, "AccessDenied"), answer(404, "NoSuchBucket"),
                      NoCredentialsError(), ValueError("x")):
            self.assertFalse(job.store_failed(error), repr(error))


class Store(unittest.TestCase):
    def setUp(self):
        self.sleeps = []
        patcher = mock.patch("time.sleep", self.sleeps.append)
        patcher.start()
        self.addCleanup(patcher.stop)

    def test_tried_again_with_backoff_until_it_answers(self):
        calls = []

        def action():
            calls.append(1)
            if len(calls) < 4:
                raise answer(503, "SlowDown")
            return "body"
        self.assertEqual(job.store("GET s3://b/k", action, attempts=6), "body")
        self.assertEqual(len(calls), 4)
        self.assertEqual(len(self.sleeps), 3)
        for k, seconds in enumerate(self.sleeps):  # 0.5 s doubling, each with jitter down to half
            self.assertTrue(0.25 * 2 ** k <= seconds <= 0.5 * 2 ** k, self.sleeps)

    def test_past_its_attempts_the_store_is_named_with_its_last_error(self):
        calls = []

        def action():
            calls.append(1)
            raise EndpointConnectionError(endpoint_url="http://127.0.0.1:9/b/k")
        with mock.patch.dict(os.environ, {"AWS_ENDPOINT_URL": "http://127.0.0.1:9"}):
            with self.assertRaises(job.StoreError) as raised:
                job.store("GET s3://b/k", action, attempts=3)
        self.assertEqual(len(calls), 3)
        self.assertEqual(raised.exception.status, 75)
        self.assertRegex(raised.exception.message, r"^the object store http://127\.0\.0\.1:9 failed: GET s3://b/k: "
                         r"Could not connect to the endpoint URL: .* \(3 attempts over [0-9.]+ s\)$")
        self.assertTrue(all(seconds <= 8 for seconds in self.sleeps))

    def test_an_answer_about_the_object_is_not_tried_again(self):
        calls = []

        def action():
            calls.append(1)
            raise answer(404, "NoSuchKey")
        with self.assertRaises(ClientError):
            job.store("GET s3://b/k", action, attempts=6)
        self.assertEqual(len(calls), 1)
        self.assertEqual(self.sleeps, [])


class Client:
    """list_objects_v2 over `keys` (key → size), `page` keys a call, counting the calls."""

    def __init__(self, keys, page=1000):
        self.keys, self.page, self.lists = dict(sorted(keys.items())), page, []

    def list_objects_v2(self, Bucket, Prefix, ContinuationToken=None):
        self.lists.append(Prefix)
        names = [k for k in self.keys if k.startswith(Prefix)]
        start = int(ContinuationToken or 0)
        page = {"Contents": [{"Key": k, "Size": self.keys[k]} for k in names[start:start + self.page]],
                "IsTruncated": start + self.page < len(names)}
        if page["IsTruncated"]:
            page["NextContinuationToken"] = str(start + self.page)
        return page


class Listing(unittest.TestCase):
    keys = {"logs/a.jsonl": 10, "logs/a.native.jsonl": 20, "logs/b.jsonl": 0, "logs/a.expected.jsonl": 5,
            "logs/.hidden/c.jsonl": 1, "logs/sub/d.jsonl": 7, "logsx/e.jsonl": 3, "logs/a.jsonl.bak": 2}

    def test_a_prefix_is_its_logs_each_a_log_from_one_list_per_page(self):
        client = Client(self.keys, page=3)
        found = job.s3_objects(client, "s3://b/logs")
        self.assertEqual(found, [("s3://b/logs/a.jsonl", 10, "log"), ("s3://b/logs/a.native.jsonl", 20, "log"),
                                 ("s3://b/logs/b.jsonl", 0, "log"), ("s3://b/logs/sub/d.jsonl", 7, "log")])
        self.assertEqual(len(client.lists), 3)  # 8 keys under "logs", 3 a page

    def test_a_web_log_named_alone_brings_its_app_log_from_the_same_list(self):
        client = Client(self.keys)
        self.assertEqual(job.s3_objects(client, "s3://b/logs/a.jsonl"),
                         [("s3://b/logs/a.jsonl", 10, "log"), ("s3://b/logs/a.native.jsonl", 20, "twin")])
        self.assertEqual(client.lists, ["logs/a"])
        self.assertEqual(job.s3_objects(Client(self.keys), "s3://b/logs/b.jsonl"), [("s3://b/logs/b.jsonl", 0, "log")])
        self.assertEqual(job.s3_objects(Client(self.keys), "s3://b/logs/a.native.jsonl"),
                         [("s3://b/logs/a.native.jsonl", 20, "log")])
        self.assertEqual(job.s3_objects(Client(self.keys), "s3://b/logs/gone.jsonl"), [])

    def test_a_twin_the_listing_also_names_is_a_log_once(self):
        found = [("l:1", "s3://b/logs/a.jsonl", "s3://b/logs/a.jsonl", "s3://b/logs/a.jsonl", 10, "log"),
                 ("l:1", "s3://b/logs/a.jsonl", "s3://b/logs/a.native.jsonl", "s3://b/logs/a.native.jsonl", 20, "twin"),
                 ("l:2", "s3://b/logs/a.native.jsonl", "s3://b/logs/a.native.jsonl", "s3://b/logs/a.native.jsonl", 20, "log")]
        self.assertEqual(job.check_logs(found), [])
        self.assertEqual([item[5] for item in found], ["log", "log"])

    def test_a_page_that_fails_is_asked_again_and_the_listing_goes_on(self):
        client = Client(self.keys, page=3)
        real, failures = client.list_objects_v2, []

        def flaky(**request):
            if len(client.lists) == 1 and not failures:  # the second page's first try
                failures.append(request)
                raise ConnectionClosedError(endpoint_url="http://s3")
            return real(**request)
        client.list_objects_v2 = flaky
        with mock.patch("time.sleep"):
            found = job.s3_objects(client, "s3://b/logs")
        self.assertEqual(len(failures), 1)
        self.assertEqual(len(found), 4)  # all of them: not a listing cut short at the failure

    def test_a_store_failing_while_listing_is_the_stores_error(self):
        class Failing:
            def list_objects_v2(self, **_):
                raise EndpointConnectionError(endpoint_url="http://s3")
        with mock.patch("time.sleep"), mock.patch.dict(os.environ, {job.STORE_ATTEMPTS_ENV: "2"}):
            with self.assertRaises(job.StoreError):
                job.s3_objects(Failing(), "s3://b/logs")


class Deal(unittest.TestCase):
    def test_an_app_sessions_logs_go_together_and_twins_ride_along(self):
        items = [("s/a.jsonl", 10, "log"), ("s/a.native.jsonl", 50, "twin"), ("s/b.jsonl", 40, "log"), ("s/c.jsonl", 30, "log")]
        groups = job.balanced(items, 2)
        self.assertEqual(groups, [[("s/a.jsonl", 10, "log"), ("s/a.native.jsonl", 50, "twin")],
                                  [("s/b.jsonl", 40, "log"), ("s/c.jsonl", 30, "log")]])


if __name__ == "__main__":
    unittest.main()
