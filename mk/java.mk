# `make java`: the Java side of the tests, all from Maven Central into $(CACHE)/:
#   golden-java/                 the golden-bytes oracle (tests/golden/java), run by tests/golden/java_golden.py
#   kafka-$(KAFKA_VERSION)/libs  Apache Kafka's broker and tools, run by compat_tests/kafka_dist.py
#   kafka-clients-3.9.1/         the Kafka client Spark bundles
#   kafka-streams-4.3.1/         Kafka Streams and RocksDB, run by compat_tests/streams_app.py
# Stamp files make it a no-op when nothing changed. Maven's output goes to a log, shown only on failure.
MVN := mvn -B -ntp -q -Dstyle.color=never
GOLDEN_JAVA := $(CACHE)/golden-java
KAFKA_DIST := $(CACHE)/kafka-$(KAFKA_VERSION)
KAFKA_CLIENTS_39 := $(CACHE)/kafka-clients-3.9.1
KAFKA_STREAMS := $(CACHE)/kafka-streams-$(KAFKA_VERSION)

# $(call mvn_package,pom.xml,log file,directory to empty first)
define mvn_package
	@echo "mvn package $(1) -> $(3) (log: $(2))"
	@rm -rf $(3) && mkdir -p $(CACHE)
	@$(MVN) -f $(1) package >$(2) 2>&1 || { cat $(2); exit 1; }
endef

$(GOLDEN_JAVA)/.built: tests/golden/java/pom.xml $(shell find tests/golden/java/src -name '*.java' 2>/dev/null)
	$(call mvn_package,tests/golden/java/pom.xml,$(CACHE)/golden-java-build.log,$(GOLDEN_JAVA))
	@touch $@

# Order-only chain: one Maven at a time, since concurrent Maven runs can corrupt the shared ~/.m2.
$(KAFKA_DIST)/.assembled: compat_tests/kafka-dist/pom.xml | $(GOLDEN_JAVA)/.built
	$(call mvn_package,compat_tests/kafka-dist/pom.xml,$(CACHE)/kafka-dist-build.log,$(KAFKA_DIST))
	@touch $@

$(KAFKA_CLIENTS_39)/.assembled: compat_tests/kafka-dist/clients-3.9.1/pom.xml | $(KAFKA_DIST)/.assembled
	$(call mvn_package,compat_tests/kafka-dist/clients-3.9.1/pom.xml,$(CACHE)/kafka-clients-3.9.1-build.log,$(KAFKA_CLIENTS_39))
	@touch $@

$(KAFKA_STREAMS)/.assembled: compat_tests/kafka-dist/streams-$(KAFKA_VERSION)/pom.xml | $(KAFKA_CLIENTS_39)/.assembled
	$(call mvn_package,compat_tests/kafka-dist/streams-$(KAFKA_VERSION)/pom.xml,$(CACHE)/kafka-streams-build.log,$(KAFKA_STREAMS))
	@touch $@

.PHONY: java
java: $(GOLDEN_JAVA)/.built $(KAFKA_DIST)/.assembled $(KAFKA_CLIENTS_39)/.assembled $(KAFKA_STREAMS)/.assembled

TEST_DEPS += java
