#!/usr/bin/env bash
# The journal's segment roll A/B (tailguard-bench/RESULTS.md, "Journal: segment roll"): runs
# RollLatency (50K msg/s of 1 KB, 32 MiB segments, durability DURABILITY: none by default,
# DURABILITY=sync for a journal whose records wait for a force and whose blanks are forced a chunk
# at a time; commit mode MODE: ack replication to a replica in a child JVM by default, MODE=local
# for the roll without a replica; the generator spins between messages, holding one of the
# machine's cores, by default, PACING=park parks instead)
# with the OLD and the NEW journal jar in alternating rounds, old first, and
# prints each round, then the table's rows (medians over the rounds, µs). Each measured run
# follows a settling run of the same jar (5 s, discarded): a run right after an old-jar run
# lands in a ~30 ms p99.9 mode whatever its own jar (on the 2-vCPU build machine, Nov 24 2026),
# so plain alternation charged the old jar's after-effect to the new one. Hold the lock:
#   flock /work/bench.lock tailguard-bench/scripts/journal-roll-ab.sh OLD_JAR NEW_JAR [ROUNDS] [SECONDS]
#   MODE=local flock /work/bench.lock tailguard-bench/scripts/journal-roll-ab.sh OLD_JAR NEW_JAR 4
#   PACING=park flock /work/bench.lock tailguard-bench/scripts/journal-roll-ab.sh OLD_JAR NEW_JAR 8
#   MODE=local DURABILITY=sync flock /work/bench.lock tailguard-bench/scripts/journal-roll-ab.sh OLD_JAR NEW_JAR 6
# ROUNDS defaults to 4, SECONDS (recorded, after 1 s of warm-up) to 10. The harness and core jars
# come from this checkout (`mvn -B -q -pl tailguard-journal-load -am package -DskipTests`), or
# from LOAD_JAR and CORE_JAR. To build an old jar: `git worktree add /tmp/jab-old 9f75202`, then
# `mvn -B -q -pl tailguard-journal -am package -DskipTests` there.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 OLD_JAR NEW_JAR [ROUNDS] [SECONDS]" >&2; exit 2; }
old=$1
new=$2
rounds=${3:-4}
seconds=${4:-10}
mode=${MODE:-ack}
pacing=${PACING:-spin}
durability=${DURABILITY:-none}
case "$mode" in
  local|ack|ack-or-sync|ack-and-sync) ;;
  *) echo "$0: MODE must be local, ack, ack-or-sync or ack-and-sync but was '$mode'" >&2; exit 2 ;;
esac
case "$pacing" in
  spin|park) ;;
  *) echo "$0: PACING must be spin or park but was '$pacing'" >&2; exit 2 ;;
esac
case "$durability" in
  none|sync) ;;
  *) echo "$0: DURABILITY must be none or sync but was '$durability'" >&2; exit 2 ;;
esac
root="$(cd "$(dirname "$0")/../.." && pwd)"
load=${LOAD_JAR:-$root/tailguard-journal-load/target/tailguard-journal-load-0.1.0-SNAPSHOT.jar}
core=${CORE_JAR:-$root/tailguard-core/target/tailguard-core-0.1.0-SNAPSHOT.jar}
for f in "$old" "$new" "$load" "$core"; do
  [ -f "$f" ] || { echo "$0: $f does not exist (build it first, see the header of this script)" >&2; exit 2; }
done
tmp="$(mktemp -d "${TMPDIR:-/tmp}/tailguard-roll.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
echo "== $(date -u '+%a %b %d %Y %H:%M UTC'), $(nproc) vCPU, $(java -version 2>&1 | head -1), mode $mode, pacing $pacing, durability $durability"
for r in $(seq "$rounds"); do
  for jar in old new; do
    j=$old
    [ "$jar" = new ] && j=$new
    java -cp "$load:$core:$j" io.tailguard.journal.load.RollLatency "$tmp/run" 50000 1024 33554432 5 "$mode" "$pacing" "$durability" \
      >"$tmp/out.txt" 2>&1 || { cat "$tmp/out.txt" >&2; exit 1; }
    printf '%s round %d %s load %s: ' "$(date -u +%T)" "$r" "$jar" "$(cut -d' ' -f1 /proc/loadavg)"
    java -cp "$load:$core:$j" io.tailguard.journal.load.RollLatency "$tmp/run" 50000 1024 33554432 "$seconds" "$mode" "$pacing" "$durability" \
      >"$tmp/out.txt" 2>&1 || { cat "$tmp/out.txt" >&2; exit 1; }
    # near-roll / rest / all lines: "NAME n=.. p50=.. p99=.. p99.9=.. max=.. (us)"
    awk -v jar="$jar" '/^(near-roll|rest|all) /{for(i=2;i<=NF;i++){split($i,a,"="); v[$1,a[1]]=a[2]}}
      END {printf "%s %s %s %s %s\n", jar, v["near-roll","p99.9"], v["rest","p99.9"], v["all","p99.9"], v["all","p99"]}' \
      "$tmp/out.txt" | tee -a "$tmp/rows.txt"
  done
done
echo "== medians of $rounds rounds, µs: | jar | p99.9 near a roll | p99.9 the rest | p99.9 all | p99 all |"
for jar in old new; do
  row="| $jar |"
  for col in 2 3 4 5; do
    row="$row $(awk -v j="$jar" -v c="$col" '$1==j{print $c}' "$tmp/rows.txt" | sort -g \
      | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}') |"
  done
  echo "$row"
done
