-- Prints one JSON line after a wrk run: requests, duration, errors and latency percentiles (microseconds).
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"errors":%d,"non2xx":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d}\n',
    summary.requests, summary.duration, errors, summary.errors.status,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
