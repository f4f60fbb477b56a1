"""The multi-node test harness: a cluster of N combined nodes of either broker kind on loopback with a fault
proxy on every inter-node path, the queue workload and its checker, and seeded fault rounds.

- launcher.py: `Cluster` (addresses, configs, formatting, per-node faults, leaders and health);
- nodes.py: `NodeProcess`, the launcher interface, with `KafkaNode` and `KBrokerNode`;
- proxy.py: `Link` and `ProxyNetwork` (drop, blackhole per direction, delay, heal);
- workload.py: producers (confluent-kafka, VerifiableProducer), a group consumer, the ISR sampler, the final read;
- checker.py: lost / duplicated / reordered / inconsistent offsets / acknowledged below min ISR;
- faults.py: the seeded schedule, the round runner and its report (failover p50/p99 per fault kind);
- quorum_probe.py: DescribeQuorum, Metadata and DescribeConfigs to one node on its own connection;
- failover.py: issue #14's kill -9 of the active controller under a metadata workload, and its report;
- serve_local.py: `make cluster`, three combined kbroker nodes on fixed loopback ports until Ctrl-C.
"""
