package main

// The end-to-end cell's consumer. franz-go's consumer builds a kgo.Record for every record it reads; at the
// 400 k records/s of the end-to-end cell that, with the producer beside it, took the load generator's whole core,
// so the cell measured the generator. This reader sends its own Fetch requests (no fetch session, one partition
// list per leader) and walks each response's record batches where they lie, reading only the 8-byte stamp at the
// start of every value: it allocates per response, not per record.

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// Field offsets of a v2 record batch (Kafka's DefaultRecordBatch).
const (
	batchLengthOffset     = 8
	batchMagicOffset      = 16
	batchAttributesOffset = 21
	lastOffsetDeltaOffset = 23
	recordsCountOffset    = 57
	batchHeaderSize       = 61
	batchLogOverhead      = 12 // base offset and batch length, not counted in the batch length
	compressionMask       = 0x07
	controlBatchFlag      = 0x20
)

// retryPause: how long a partition answered with a retriable error waits before it is fetched again.
const retryPause = 50 * time.Millisecond

var errTruncatedRecord = errors.New("record runs past its batch")

// stampHandler receives, for one fetch response, the moment it arrived (since the generator started) and the
// stamps of its records in order. It is called from one goroutine per partition leader.
type stampHandler func(arrived time.Duration, stamps []time.Duration)

// partitionLeaders asks the cluster for the topic's id and each partition's leader, until every partition has one.
func partitionLeaders(ctx context.Context, client *kgo.Client, topic string) ([16]byte, map[int32][]int32, error) {
	request := kmsg.NewPtrMetadataRequest()
	requestTopic := kmsg.NewMetadataRequestTopic()
	requestTopic.Topic = kmsg.StringPtr(topic)
	request.Topics = append(request.Topics, requestTopic)
	for {
		response, err := request.RequestWith(ctx, client)
		if err != nil {
			return [16]byte{}, nil, err
		}
		if len(response.Topics) == 1 && response.Topics[0].ErrorCode == 0 {
			described := response.Topics[0]
			byLeader := map[int32][]int32{}
			for _, partition := range described.Partitions {
				if partition.ErrorCode != 0 || partition.Leader < 0 {
					byLeader = nil
					break
				}
				byLeader[partition.Leader] = append(byLeader[partition.Leader], partition.Partition)
			}
			if len(byLeader) > 0 {
				return described.TopicID, byLeader, nil
			}
		}
		select {
		case <-ctx.Done():
			return [16]byte{}, nil, fmt.Errorf("no leader for every partition of %s: %w", topic, ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// readStamps reads the topic from the start of every partition until `want` records arrived, handing each
// response's stamps to onStamps.
func readStamps(ctx context.Context, client *kgo.Client, topic string, start time.Time, want int64,
	onStamps stampHandler) error {
	topicID, byLeader, err := partitionLeaders(ctx, client, topic)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var got atomic.Int64
	failures := make(chan error, len(byLeader))
	for leader, partitions := range byLeader {
		go func() {
			failures <- fetchFromLeader(ctx, client.Broker(int(leader)), topic, topicID, partitions, start,
				func(records int64) bool { return got.Add(records) >= want }, onStamps)
		}()
	}
	for range byLeader {
		if err := <-failures; err != nil {
			return fmt.Errorf("read %d of %d records: %w", got.Load(), want, err)
		}
	}
	return nil
}

// fetchFromLeader fetches the partitions led by one broker until done (given the records of each response) says
// every reader together has read enough.
func fetchFromLeader(ctx context.Context, leader *kgo.Broker, topic string, topicID [16]byte, partitions []int32,
	start time.Time, done func(records int64) bool, onStamps stampHandler) error {
	offsets := make(map[int32]int64, len(partitions))
	var stamps []time.Duration
	for {
		request := kmsg.NewPtrFetchRequest()
		request.MaxWaitMillis = 100
		request.MinBytes = 1
		request.MaxBytes = 50 * mebibyte
		requestTopic := kmsg.NewFetchRequestTopic()
		requestTopic.Topic, requestTopic.TopicID = topic, topicID
		for _, partition := range partitions {
			fetched := kmsg.NewFetchRequestTopicPartition()
			fetched.Partition, fetched.FetchOffset, fetched.PartitionMaxBytes = partition, offsets[partition], 10*mebibyte
			requestTopic.Partitions = append(requestTopic.Partitions, fetched)
		}
		request.Topics = append(request.Topics, requestTopic)
		answer, err := leader.Request(ctx, request)
		if err != nil {
			return err
		}
		arrived := time.Since(start)
		response := answer.(*kmsg.FetchResponse)
		if err := kerr.ErrorForCode(response.ErrorCode); err != nil {
			return fmt.Errorf("fetch: %w", err)
		}
		var records int64
		for _, answered := range response.Topics {
			for _, partition := range answered.Partitions {
				if err := kerr.ErrorForCode(partition.ErrorCode); err != nil {
					// A new topic's leader is named in Metadata a moment before the broker holds its partition
					// (NOT_LEADER_OR_FOLLOWER on Kafka); the partition is asked again in the next request.
					if kerr.IsRetriable(err) && ctx.Err() == nil {
						time.Sleep(retryPause)
						continue
					}
					return fmt.Errorf("fetch %s-%d: %w", topic, partition.Partition, err)
				}
				var next int64
				next, stamps, err = walkBatches(partition.RecordBatches, offsets[partition.Partition], stamps[:0])
				if err != nil {
					return fmt.Errorf("%s-%d at offset %d: %w", topic, partition.Partition, offsets[partition.Partition], err)
				}
				offsets[partition.Partition] = next
				records += int64(len(stamps))
				if len(stamps) > 0 {
					onStamps(arrived, stamps)
				}
			}
		}
		if done(records) {
			return nil
		}
	}
}

// walkBatches appends to stamps the stamp of every record at or past fetchOffset in the complete batches of
// data (a response may end with part of a batch) and returns the offset to fetch next. Control batches are
// skipped; a compressed batch is an error, as the generator produces uncompressed records.
func walkBatches(data []byte, fetchOffset int64, stamps []time.Duration) (int64, []time.Duration, error) {
	next := fetchOffset
	for len(data) >= batchHeaderSize {
		baseOffset := int64(binary.BigEndian.Uint64(data))
		size := batchLogOverhead + int(int32(binary.BigEndian.Uint32(data[batchLengthOffset:])))
		if size < batchHeaderSize || size > len(data) {
			break
		}
		batch := data[:size]
		data = data[size:]
		if magic := batch[batchMagicOffset]; magic != 2 {
			return next, stamps, fmt.Errorf("record batch of magic %d", magic)
		}
		lastOffset := baseOffset + int64(int32(binary.BigEndian.Uint32(batch[lastOffsetDeltaOffset:])))
		attributes := binary.BigEndian.Uint16(batch[batchAttributesOffset:])
		if lastOffset < next || attributes&controlBatchFlag != 0 {
			next = max(next, lastOffset+1)
			continue
		}
		if attributes&compressionMask != 0 {
			return next, stamps, fmt.Errorf("compressed batch at offset %d", baseOffset)
		}
		count := int(int32(binary.BigEndian.Uint32(batch[recordsCountOffset:])))
		var err error
		if stamps, err = recordStamps(batch[batchHeaderSize:], count, baseOffset, next, stamps); err != nil {
			return next, stamps, fmt.Errorf("batch at offset %d: %w", baseOffset, err)
		}
		next = lastOffset + 1
	}
	return next, stamps, nil
}

// recordStamps appends the stamps of the `count` records of one batch's record section whose offset is at
// least fetchOffset.
func recordStamps(records []byte, count int, baseOffset, fetchOffset int64, stamps []time.Duration) (
	[]time.Duration, error) {
	for range count {
		length, n := binary.Varint(records)
		if n <= 0 || length < 1 || int64(len(records)-n) < length {
			return stamps, errTruncatedRecord
		}
		body := records[n : n+int(length)]
		records = records[n+int(length):]
		fields := varintReader{data: body[1:]} // past the record's attributes byte
		fields.next()                          // timestamp delta
		offsetDelta := fields.next()
		fields.take(fields.next()) // key
		valueLength := fields.next()
		value := fields.take(valueLength)
		if fields.err != nil || len(value) < 8 {
			return stamps, fmt.Errorf("record %d: no 8-byte stamp in its value", baseOffset+offsetDelta)
		}
		if baseOffset+offsetDelta >= fetchOffset {
			stamps = append(stamps, time.Duration(binary.BigEndian.Uint64(value)))
		}
	}
	return stamps, nil
}

// varintReader reads a record's zig-zag varints and byte runs, remembering the first overrun.
type varintReader struct {
	data []byte
	err  error
}

func (r *varintReader) next() int64 {
	value, n := binary.Varint(r.data)
	if n <= 0 {
		r.err, r.data = errTruncatedRecord, nil
		return 0
	}
	r.data = r.data[n:]
	return value
}

func (r *varintReader) take(length int64) []byte {
	if length < 0 { // a null key or value
		return nil
	}
	if int64(len(r.data)) < length {
		r.err, r.data = errTruncatedRecord, nil
		return nil
	}
	taken := r.data[:length]
	r.data = r.data[length:]
	return taken
}
