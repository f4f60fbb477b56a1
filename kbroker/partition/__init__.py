"""Hosted partitions: the partition logs this node leads, their upkeep, and parked fetches."""
