#!/usr/bin/env python3
"""Medians of interleave-table.sh's TSV lines (stdin): one line per label, threads, path and
benchmark with the median ns/op over every measured iteration of every round, the number of
iterations, and the largest B/op seen."""
import statistics
import sys
from collections import defaultdict

rows = defaultdict(list)
alloc = defaultdict(float)
for line in sys.stdin:
    parts = line.rstrip("\n").split("\t")
    if len(parts) != 7:
        continue
    label, _, threads, path, bench, score, norm = parts
    key = (label, threads, path, bench)
    rows[key].append(float(score))
    alloc[key] = max(alloc[key], float(norm))
print("label\tthreads\tpath\tbenchmark\tmedian ns/op\titerations\tB/op")
for key in sorted(rows):
    label, threads, path, bench = key
    print(f"{label}\t{threads}\t{path}\t{bench}\t{statistics.median(rows[key]):.3f}\t{len(rows[key])}\t{alloc[key]:.3f}")
