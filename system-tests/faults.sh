#!/usr/bin/env bash
# The fault harness (online.durak.load.FaultMain) against a running system (bash deploy/start.sh):
#   system-tests/faults.sh --api http://localhost:8080/api --data data --tables 20 --settle 30
# Kills and restarts each part of the system in turn under load and prints the recovery; docs/faults.md.
# Builds the module first when its classes or class path are missing. JVM options: DURAK_LOAD_JAVA_OPTS.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
here="$root/system-tests"
if [[ ! -f "$here/target/classpath.txt" || ! -f "$here/target/classes/online/durak/load/FaultMain.class" ]]; then
    (cd "$root" && mvn -B -ntp -q -pl system-tests -am -DskipTests package) >&2
fi
exec java ${DURAK_LOAD_JAVA_OPTS:--Xmx768m -XX:+UseSerialGC} \
    -cp "$here/target/classes:$(cat "$here/target/classpath.txt")" online.durak.load.FaultMain --home "$root" "$@"
