"""What the broker counts while it serves: per-topic traffic (topic_stats) and per-API request counts and times
(request_stats, over histogram). Counted per request or per partition of a request, never per record; read at
scrape time by kbroker/http/."""
