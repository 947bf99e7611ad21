#!/usr/bin/env bash
# The load tool (online.durak.load.LoadMain) against a running system (bash deploy/start.sh):
#   system-tests/load.sh --api http://localhost:8080/api --data data --tables 200 --duration 60
# and, with "lobby" first, the lobby's measurement (online.durak.load.LobbyMain, docs/scale.md):
#   system-tests/load.sh lobby --tables 10000 --sockets 2000 --changes 200
# Builds the module first when its classes or class path are missing. JVM options: DURAK_LOAD_JAVA_OPTS.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
here="$root/system-tests"
if [[ ! -f "$here/target/classpath.txt" || ! -d "$here/target/classes/online/durak/load" ]]; then
    (cd "$root" && mvn -B -ntp -q -pl system-tests -am -DskipTests package) >&2
fi
main=online.durak.load.LoadMain
if [[ "${1:-}" == lobby ]]; then
    main=online.durak.load.LobbyMain
    shift
fi
exec java ${DURAK_LOAD_JAVA_OPTS:--Xmx768m -XX:+UseSerialGC} \
    -cp "$here/target/classes:$(cat "$here/target/classpath.txt")" "$main" "$@"
