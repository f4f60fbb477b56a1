// Command loadgen drives a Kafka broker with franz-go while spending as little CPU as it can, so a benchmark
// measures the broker and not the client.
//
// Modes:
//
//	produce  send -records values of -size bytes to -topic, flat out or at -rate records/s; with -e2e a
//	         reader in the same process (stamps.go: its own Fetch requests, no per-record decoding) reads the
//	         (fresh) topic from its start and measures end-to-end latency from a monotonic stamp in each value's
//	         first 8 bytes, taken when the record is handed to the client, to the arrival of the fetch response
//	         that carries it; the run then also reports how long it took until the reader had the last record,
//	         and the records/s that makes (produced and read back, the broker serving both at once)
//	consume  read -records records of -topic from the start of every partition, flat out
//
// One JSON object goes to stdout: records, bytes, seconds, records/s, MB/s (MiB), produce-ack latency (one record
// in 16) and end-to-end latency (every record) percentiles in milliseconds, the process's own CPU time (user and
// system, from getrusage) and the time its threads waited for their core. Records are uncompressed; fetched
// batches are not CRC-checked.
package main

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

const mebibyte = 1024 * 1024

// ackSampleEvery: produce-ack latency is timed for one record in this many (timing every record would cost the
// load generator a clock read and a lock per record); end-to-end latency is measured for every record.
const ackSampleEvery = 16

// pacingGranularity: with -rate the sender sleeps only once it is this far ahead of the schedule. Sleeping for
// every record (a few microseconds at hundreds of thousands a second) parks and wakes the goroutine each time
// and made the generator, not the broker, the bottleneck of the end-to-end cells; the stamp in each value is
// taken when the record is handed to the client, so the coarser pacing does not flatter the latency.
const pacingGranularity = time.Millisecond

type options struct {
	brokers  string
	topic    string
	mode     string
	records  int64
	size     int
	rate     float64
	acks     string
	batch    int
	linger   time.Duration
	e2e      bool
	deadline time.Duration
	profile  string
}

func parseOptions() options {
	var o options
	flag.StringVar(&o.brokers, "brokers", "127.0.0.1:9092", "bootstrap servers, comma separated")
	flag.StringVar(&o.topic, "topic", "loadgen", "topic to produce to or consume from")
	flag.StringVar(&o.mode, "mode", "produce", "produce or consume")
	flag.Int64Var(&o.records, "records", 1_000_000, "records to produce or consume")
	flag.IntVar(&o.size, "size", 1024, "value size in bytes (at least 8 with -e2e)")
	flag.Float64Var(&o.rate, "rate", 0, "records/s to produce; 0 is flat out")
	flag.StringVar(&o.acks, "acks", "1", "0, 1 or all (all is idempotent, as Kafka's Java default)")
	flag.IntVar(&o.batch, "batch", mebibyte, "producer batch size in bytes")
	flag.DurationVar(&o.linger, "linger", 5*time.Millisecond, "producer linger")
	flag.BoolVar(&o.e2e, "e2e", false, "also consume what is produced and report end-to-end latency")
	flag.DurationVar(&o.deadline, "deadline", 10*time.Minute, "give up after this long")
	flag.StringVar(&o.profile, "cpuprofile", "", "write the load generator's own CPU profile (pprof) here")
	flag.Parse()
	return o
}

// latencies collects samples in microseconds from concurrent callbacks.
type latencies struct {
	mu      sync.Mutex
	samples []int32
}

func (l *latencies) add(d time.Duration) {
	l.mu.Lock()
	l.samples = append(l.samples, int32(d.Microseconds()))
	l.mu.Unlock()
}

// addSince adds, for each of stamps, the time from it to `now`.
func (l *latencies) addSince(now time.Duration, stamps []time.Duration) {
	l.mu.Lock()
	for _, stamp := range stamps {
		l.samples = append(l.samples, int32((now - stamp).Microseconds()))
	}
	l.mu.Unlock()
}

// percentilesMs reports p50, p99, p99.9 and max in milliseconds (nil when there are no samples).
func (l *latencies) percentilesMs() map[string]float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.samples) == 0 {
		return nil
	}
	sorted := append([]int32(nil), l.samples...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	at := func(q float64) float64 {
		index := int(q * float64(len(sorted)-1))
		return float64(sorted[index]) / 1000
	}
	return map[string]float64{"p50_ms": at(0.50), "p99_ms": at(0.99), "p999_ms": at(0.999), "max_ms": at(1),
		"samples": float64(len(sorted))}
}

// runqueueWait is how long this process's threads have been runnable but waiting for a CPU
// (/proc/self/task/*/schedstat): what other processes on its core took from it. Threads that ended are not counted.
func runqueueWait() time.Duration {
	tasks, _ := os.ReadDir("/proc/self/task")
	var total time.Duration
	for _, task := range tasks {
		data, err := os.ReadFile("/proc/self/task/" + task.Name() + "/schedstat")
		if err != nil {
			continue
		}
		fields := strings.Fields(string(data))
		if len(fields) < 2 {
			continue
		}
		if waited, err := strconv.ParseInt(fields[1], 10, 64); err == nil {
			total += time.Duration(waited)
		}
	}
	return total
}

// recordPool hands out records to produce and takes them back once their promise has run. Without -e2e every
// record shares one value, as the values are never read; with it each record needs its own for its stamp.
type recordPool struct {
	size   int
	fresh  bool
	shared []byte
	pool   sync.Pool
}

func (p *recordPool) get() *kgo.Record {
	if record, ok := p.pool.Get().(*kgo.Record); ok {
		*record = kgo.Record{Value: record.Value}
		return record
	}
	if !p.fresh {
		if p.shared == nil {
			p.shared = make([]byte, p.size)
		}
		return &kgo.Record{Value: p.shared}
	}
	return &kgo.Record{Value: make([]byte, p.size)}
}

func (p *recordPool) put(record *kgo.Record) { p.pool.Put(record) }

func producerOptions(o options) ([]kgo.Opt, error) {
	opts := []kgo.Opt{
		kgo.SeedBrokers(strings.Split(o.brokers, ",")...),
		kgo.DefaultProduceTopic(o.topic),
		kgo.ProducerBatchCompression(kgo.NoCompression()),
		kgo.ProducerBatchMaxBytes(int32(o.batch)),
		kgo.ProducerLinger(o.linger),
		kgo.MaxBufferedRecords(1 << 20),
		kgo.MaxBufferedBytes(256 * mebibyte),
		kgo.RecordPartitioner(kgo.RoundRobinPartitioner()),
	}
	switch o.acks {
	case "all":
		opts = append(opts, kgo.RequiredAcks(kgo.AllISRAcks()))
	case "1":
		opts = append(opts, kgo.RequiredAcks(kgo.LeaderAck()), kgo.DisableIdempotentWrite(),
			kgo.MaxProduceRequestsInflightPerBroker(5))
	case "0":
		opts = append(opts, kgo.RequiredAcks(kgo.NoAck()), kgo.DisableIdempotentWrite(),
			kgo.MaxProduceRequestsInflightPerBroker(5))
	default:
		return nil, fmt.Errorf("-acks must be 0, 1 or all, not %q", o.acks)
	}
	return opts, nil
}

func consumerOptions(o options) []kgo.Opt {
	return []kgo.Opt{
		kgo.SeedBrokers(strings.Split(o.brokers, ",")...),
		kgo.ConsumeTopics(o.topic),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
		kgo.FetchMaxBytes(50 * mebibyte),
		kgo.FetchMaxPartitionBytes(10 * mebibyte),
		kgo.FetchMaxWait(100 * time.Millisecond),
		kgo.DisableFetchCRCValidation(), // the broker's cost is measured, not the client's (kcat's check.crcs=false)
	}
}

type result struct {
	Mode           string             `json:"mode"`
	Records        int64              `json:"records"`
	Bytes          int64              `json:"bytes"`
	Seconds        float64            `json:"seconds"`
	RecordsPerS    float64            `json:"records_per_s"`
	MBPerS         float64            `json:"mb_per_s"`
	TargetRate     float64            `json:"target_records_per_s,omitempty"`
	AckLatency     map[string]float64 `json:"ack_latency,omitempty"`
	E2ELatency     map[string]float64 `json:"e2e_latency,omitempty"`
	E2ESeconds     float64            `json:"e2e_seconds,omitempty"`
	E2ERecordsPerS float64            `json:"e2e_records_per_s,omitempty"`
	CPUUserS       float64            `json:"cpu_user_s"`
	CPUSystemS     float64            `json:"cpu_system_s"`
	CPUS           float64            `json:"cpu_s"`
	RunqueueWaitS  float64            `json:"runqueue_wait_s"`
	GOMAXPROCS     int                `json:"gomaxprocs"`
	FirstErrorMsg  string             `json:"first_error,omitempty"`
}

// consumeRecords reads records until `want` arrived, calling onRecord for each; it returns the first fetch error.
func consumeRecords(ctx context.Context, client *kgo.Client, want int64, onRecord func(*kgo.Record)) error {
	var got int64
	for got < want {
		fetches := client.PollFetches(ctx)
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("consumed %d of %d records: %w", got, want, err)
		}
		var fetchErr error
		fetches.EachError(func(topic string, partition int32, err error) {
			if fetchErr == nil {
				fetchErr = fmt.Errorf("fetch %s-%d: %w", topic, partition, err)
			}
		})
		if fetchErr != nil {
			return fetchErr
		}
		fetches.EachRecord(func(r *kgo.Record) {
			got++
			onRecord(r)
		})
	}
	return nil
}

func runProduce(ctx context.Context, o options, start time.Time) (result, error) {
	res := result{Mode: "produce", TargetRate: o.rate}
	opts, err := producerOptions(o)
	if err != nil {
		return res, err
	}
	producer, err := kgo.NewClient(opts...)
	if err != nil {
		return res, err
	}
	defer producer.Close()

	var e2e latencies
	consumed := make(chan error, 1)
	warmedUp := make(chan struct{})
	if o.e2e {
		reader, err := kgo.NewClient(kgo.SeedBrokers(strings.Split(o.brokers, ",")...))
		if err != nil {
			return res, err
		}
		defer reader.Close()
		var warmUpSeen atomic.Bool
		go func() {
			consumed <- readStamps(ctx, reader, o.topic, start, o.records+1, func(arrived time.Duration,
				stamps []time.Duration) {
				if !warmUpSeen.Swap(true) {
					close(warmedUp)
					stamps = stamps[1:]
				}
				e2e.addSince(arrived, stamps)
			})
		}()
	} else {
		close(warmedUp)
	}
	// One record sent and (with -e2e) read back before the clock starts: connections, metadata and the
	// first fetch session are set up outside the measurement.
	if err := producer.ProduceSync(ctx, &kgo.Record{Value: make([]byte, o.size)}).FirstErr(); err != nil {
		return res, fmt.Errorf("warm-up record: %w", err)
	}
	select {
	case <-warmedUp:
	case err := <-consumed:
		return res, fmt.Errorf("consumer stopped before the warm-up record: %v", err)
	}

	var acks latencies
	var failures atomic.Int64
	var firstError atomic.Value
	failed := func(err error) bool {
		if err != nil && failures.Add(1) == 1 {
			firstError.Store(err.Error())
		}
		return err != nil
	}
	// A record and its value are reused once the client has called its promise: allocating 1 KiB per record
	// at hundreds of thousands a second cost the generator a good part of its core in the e2e cell.
	free := recordPool{size: o.size, fresh: o.e2e}
	promise := func(r *kgo.Record, err error) {
		failed(err)
		free.put(r)
	}

	began := time.Now()
	for sent := int64(0); sent < o.records; sent++ {
		if o.rate > 0 {
			due := began.Add(time.Duration(float64(sent) / o.rate * float64(time.Second)))
			if wait := time.Until(due); wait >= pacingGranularity {
				time.Sleep(wait)
			}
		}
		record := free.get()
		if o.e2e {
			binary.BigEndian.PutUint64(record.Value, uint64(time.Since(start)))
		}
		if sent%ackSampleEvery != 0 {
			producer.Produce(ctx, record, promise)
			continue
		}
		sentAt := time.Now()
		producer.Produce(ctx, record, func(r *kgo.Record, err error) {
			if !failed(err) {
				acks.add(time.Since(sentAt))
			}
			free.put(r)
		})
	}
	if err := producer.Flush(ctx); err != nil {
		return res, err
	}
	elapsed := time.Since(began)
	if o.e2e && failures.Load() == 0 { // with records missing the consumer would wait for them until -deadline
		if err := <-consumed; err != nil {
			return res, err
		}
		res.E2ESeconds = time.Since(began).Seconds()
		res.E2ERecordsPerS = float64(o.records) / res.E2ESeconds
	}
	res.Records = o.records - failures.Load()
	res.Bytes = res.Records * int64(o.size)
	res.Seconds = elapsed.Seconds()
	res.AckLatency = acks.percentilesMs()
	res.E2ELatency = e2e.percentilesMs()
	if failures.Load() > 0 {
		res.FirstErrorMsg = firstError.Load().(string)
		return res, fmt.Errorf("%d of %d records failed, first: %s", failures.Load(), o.records, res.FirstErrorMsg)
	}
	return res, nil
}

func runConsume(ctx context.Context, o options) (result, error) {
	res := result{Mode: "consume"}
	consumer, err := kgo.NewClient(consumerOptions(o)...)
	if err != nil {
		return res, err
	}
	defer consumer.Close()
	began := time.Now()
	err = consumeRecords(ctx, consumer, o.records, func(r *kgo.Record) {
		res.Records++
		res.Bytes += int64(len(r.Value))
	})
	res.Seconds = time.Since(began).Seconds()
	return res, err
}

func main() {
	start := time.Now()
	waitedAtStart := runqueueWait()
	o := parseOptions()
	debug.SetGCPercent(400) // fewer collections for a short-lived process with a bounded buffer
	if o.e2e && o.size < 8 {
		fmt.Fprintln(os.Stderr, "-e2e needs -size of at least 8")
		os.Exit(2)
	}
	if o.profile != "" {
		file, err := os.Create(o.profile)
		if err == nil {
			err = pprof.StartCPUProfile(file)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadgen: -cpuprofile:", err)
			os.Exit(2)
		}
		defer pprof.StopCPUProfile()
	}
	ctx, cancel := context.WithTimeout(context.Background(), o.deadline)
	defer cancel()

	var res result
	var err error
	switch o.mode {
	case "produce":
		res, err = runProduce(ctx, o, start)
	case "consume":
		res, err = runConsume(ctx, o)
	default:
		err = fmt.Errorf("-mode must be produce or consume, not %q", o.mode)
	}
	if res.Seconds > 0 {
		res.RecordsPerS = float64(res.Records) / res.Seconds
		res.MBPerS = float64(res.Bytes) / mebibyte / res.Seconds
	}
	var usage syscall.Rusage
	if rusageErr := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); rusageErr == nil {
		res.CPUUserS = time.Duration(usage.Utime.Nano()).Seconds()
		res.CPUSystemS = time.Duration(usage.Stime.Nano()).Seconds()
		res.CPUS = res.CPUUserS + res.CPUSystemS
	}
	res.RunqueueWaitS = (runqueueWait() - waitedAtStart).Seconds()
	res.GOMAXPROCS = runtime.GOMAXPROCS(0)
	if encodeErr := json.NewEncoder(os.Stdout).Encode(res); encodeErr != nil {
		fmt.Fprintln(os.Stderr, encodeErr)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}
