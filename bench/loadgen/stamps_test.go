package main

import (
	"encoding/binary"
	"testing"
	"time"
)

// record encodes one v2 record whose value starts with stamp, with a key of keyLength bytes (-1: null).
func record(offsetDelta int64, keyLength int, stamp time.Duration, valueLength int) []byte {
	var body []byte
	body = append(body, 0)                             // attributes
	body = binary.AppendVarint(body, 7)                // timestamp delta
	body = binary.AppendVarint(body, offsetDelta)      // offset delta
	body = binary.AppendVarint(body, int64(keyLength)) // key length
	if keyLength > 0 {
		body = append(body, make([]byte, keyLength)...)
	}
	value := make([]byte, valueLength)
	binary.BigEndian.PutUint64(value, uint64(stamp))
	body = binary.AppendVarint(body, int64(valueLength))
	body = append(body, value...)
	body = binary.AppendVarint(body, 0) // no headers
	return append(binary.AppendVarint(nil, int64(len(body))), body...)
}

// batch encodes a v2 record batch at baseOffset holding one record per stamp.
func batch(baseOffset int64, attributes uint16, stamps ...time.Duration) []byte {
	header := make([]byte, batchHeaderSize)
	binary.BigEndian.PutUint64(header, uint64(baseOffset))
	header[batchMagicOffset] = 2
	binary.BigEndian.PutUint16(header[batchAttributesOffset:], attributes)
	binary.BigEndian.PutUint32(header[lastOffsetDeltaOffset:], uint32(len(stamps)-1))
	binary.BigEndian.PutUint32(header[recordsCountOffset:], uint32(len(stamps)))
	encoded := header
	for i, stamp := range stamps {
		encoded = append(encoded, record(int64(i), i%2*3-1, stamp, 16)...)
	}
	binary.BigEndian.PutUint32(encoded[batchLengthOffset:], uint32(len(encoded)-batchLogOverhead))
	return encoded
}

func join(parts ...[]byte) []byte {
	var all []byte
	for _, part := range parts {
		all = append(all, part...)
	}
	return all
}

func TestEveryRecordOfEveryCompleteBatchIsRead(t *testing.T) {
	second := batch(3, 0, 40, 50)
	data := join(batch(0, 0, 10, 20, 30), second, batch(5, 0, 60)[:30])
	next, stamps, err := walkBatches(data, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if next != 5 {
		t.Fatalf("next offset %d, want 5: the partial batch at the end is fetched again", next)
	}
	want := []time.Duration{10, 20, 30, 40, 50}
	if len(stamps) != len(want) {
		t.Fatalf("stamps %v, want %v", stamps, want)
	}
	for i := range want {
		if stamps[i] != want[i] {
			t.Fatalf("stamps %v, want %v", stamps, want)
		}
	}
}

func TestRecordsBeforeTheFetchOffsetAndControlBatchesAreSkipped(t *testing.T) {
	data := join(batch(0, 0, 10, 20, 30), batch(3, controlBatchFlag, 0), batch(4, 0, 50))
	next, stamps, err := walkBatches(data, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if next != 5 || len(stamps) != 2 || stamps[0] != 30 || stamps[1] != 50 {
		t.Fatalf("next %d stamps %v, want 5 [30 50]", next, stamps)
	}
}

func TestACompressedOrCorruptBatchIsAnError(t *testing.T) {
	if _, _, err := walkBatches(batch(0, 4, 10), 0, nil); err == nil {
		t.Fatal("a zstd batch was read as uncompressed")
	}
	corrupt := batch(0, 0, 10, 20)
	corrupt[recordsCountOffset+3] = 9 // more records than the batch holds
	if _, _, err := walkBatches(corrupt, 0, nil); err == nil {
		t.Fatal("a batch claiming more records than it holds was read")
	}
	old := batch(0, 0, 10)
	old[batchMagicOffset] = 1
	if _, _, err := walkBatches(old, 0, nil); err == nil {
		t.Fatal("a magic 1 batch was read")
	}
}
