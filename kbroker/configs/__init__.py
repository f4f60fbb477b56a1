"""Config resources for the DescribeConfigs / AlterConfigs / IncrementalAlterConfigs APIs: the describe model
(values, sources, synonyms, types, documentation of topic, broker and logger configs), the broker-side checks of
alterations, and the tables they rest on."""
