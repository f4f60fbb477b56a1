"""The node's HTTP side: a small HTTP/1.1 server (server), the Prometheus text format (exposition), and the
metric families read at scrape time from the state the handlers read (families_*, metrics)."""
