# `make schemas`: refresh kbroker/protocol/schemas/ from the pinned Kafka jars on Maven Central.
MAVEN_CENTRAL := https://repo.maven.apache.org/maven2
SCHEMA_DIR := kbroker/protocol/schemas
# directory:artifact:path-in-jar
SCHEMA_SOURCES := clients:kafka-clients:common/message \
    metadata:kafka-metadata:common/metadata \
    group-coordinator:kafka-group-coordinator:common/message \
    transaction-coordinator:kafka-transaction-coordinator:common/message \
    share-coordinator:kafka-share-coordinator:common/message \
    raft:kafka-raft:common/message \
    storage:kafka-storage:message

schemas:
	mkdir -p $(CACHE)/schema-jars
	set -e; for src in $(SCHEMA_SOURCES); do \
	    dir=$${src%%:*}; rest=$${src#*:}; art=$${rest%%:*}; path=$${rest#*:}; \
	    jar=$(CACHE)/schema-jars/$$art-$(KAFKA_VERSION).jar; \
	    test -s $$jar || curl -fsSL -o $$jar $(MAVEN_CENTRAL)/org/apache/kafka/$$art/$(KAFKA_VERSION)/$$art-$(KAFKA_VERSION).jar; \
	    rm -rf $(SCHEMA_DIR)/$$dir; mkdir -p $(SCHEMA_DIR)/$$dir; \
	    unzip -q -j -o $$jar "$$path/*.json" -d $(SCHEMA_DIR)/$$dir; \
	done
	unzip -q -j -o $(CACHE)/schema-jars/kafka-clients-$(KAFKA_VERSION).jar NOTICE LICENSE -d $(SCHEMA_DIR)
