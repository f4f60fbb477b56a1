# Spark (spark/): the stock Kafka connector of the pinned pyspark version, and the end-to-end demo.
#   make spark-jars   resolve org.apache.spark:spark-sql-kafka-0-10_2.13:$(SPARK_VERSION) and the runtime jars it
#                     needs beyond pyspark's own (kafka-clients, commons-pool2, spark-token-provider-kafka-0-10)
#                     from Maven Central into $(SPARK_JARS); a no-op once done, and offline once ~/.m2 has them
#   make spark-demo   the pipeline end to end against the broker `make run` serves on 127.0.0.1:9092
#   make spark-test   only the Spark tests, against BROKER=kbroker|kafka|both (default both, as `make compat`)
SPARK_VERSION := $(shell sed -n 's/.*"pyspark==\([^"]*\)".*/\1/p' pyproject.toml)
SPARK_JARS := $(CACHE)/spark-jars
SPARK_BOOTSTRAP ?= 127.0.0.1:9092
SPARK_DEMO_ARGS ?=
BROKER ?= both

$(SPARK_JARS)/.resolved-$(SPARK_VERSION): spark/connector/pom.xml
	@echo "mvn package spark/connector/pom.xml (spark $(SPARK_VERSION)) -> $(SPARK_JARS) (log: $(CACHE)/spark-jars-build.log)"
	@rm -rf $(SPARK_JARS) && mkdir -p $(CACHE)
	@$(MVN) -f spark/connector/pom.xml package -Dspark.version=$(SPARK_VERSION) \
	    -Dspark.jars.dir=$(abspath $(SPARK_JARS)) >$(CACHE)/spark-jars-build.log 2>&1 \
	    || { cat $(CACHE)/spark-jars-build.log; exit 1; }
	@rm -rf $(SPARK_JARS)/target
	@touch $@

# When the Java side is built in the same run (`make -j test`), resolve after it: concurrent Maven runs can
# corrupt the shared ~/.m2. `make spark-demo` alone does not need the Java side.
ifneq ($(filter test spark-test java,$(MAKECMDGOALS)),)
$(SPARK_JARS)/.resolved-$(SPARK_VERSION): | $(KAFKA_CLIENTS_39)/.assembled
endif

.PHONY: spark-jars spark-demo spark-test
spark-jars: $(SPARK_JARS)/.resolved-$(SPARK_VERSION)

spark-demo: install spark-jars
	$(BIN)/python -m spark.pipeline.demo --bootstrap $(SPARK_BOOTSTRAP) $(SPARK_DEMO_ARGS)

spark-test: install java spark-jars
	$(BIN)/python -m pytest spark --broker=$(BROKER) $(PYTEST_ARGS)

TEST_DEPS += spark-jars
