# One worker under Puma's master (cluster mode): a worker that dies is replaced at once while
# the master keeps the listening socket, so a request sent meanwhile waits instead of being
# refused. The collector's test kills the worker mid-answer (config/collector.rb).
workers 1
threads 1, 5
