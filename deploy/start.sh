#!/usr/bin/env bash
# Starts the whole Durak system on this machine: Kafka and PostgreSQL (embedded; an external PostgreSQL
# with DURAK_PG_URL) and every service as its own JVM, until Ctrl-C / SIGTERM.
#
#   bash deploy/start.sh [--no-build] [launcher options]     (README.md "Start the system"; --help lists them)
#
# Builds first (mvn -DskipTests install from the repository root) unless --no-build is given or every
# service jar is newer than every source file and POM. Then runs online.durak.deploy.Launcher in this
# process (exec), so a SIGTERM to this script's pid stops the system cleanly.
# JVM options: DURAK_LAUNCHER_JAVA_OPTS for the launcher (Kafka runs in it), DURAK_SERVICE_JAVA_OPTS for
# each service (default -Xmx256m -XX:+UseSerialGC).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
services=(table-service rules-service matchmaking-service leaderboard-service bot-service)

build=auto
args=()
for a in "$@"; do
    case "$a" in
        --no-build) build=no ;;
        -h|--help) build=no; args+=("$a") ;;
        *) args+=("$a") ;;
    esac
done

# Up to date when every artifact exists and no source or POM is newer than the oldest of them.
up_to_date() {
    local oldest="" f
    for f in "$root/deploy/target/classpath.txt" "${services[@]/#/$root/}"; do
        [[ "$f" == *-service ]] && f="$f/target/quarkus-app/quarkus-run.jar"
        [[ -f "$f" ]] || return 1
        if [[ -z "$oldest" || "$f" -ot "$oldest" ]]; then oldest="$f"; fi
    done
    [[ -z "$(find "$root" -path "$root/data" -prune -o -path '*/target' -prune -o \
        \( -path '*/src/main/*' -o -name pom.xml \) -type f -newer "$oldest" -print -quit)" ]]
}

if [[ "$build" == auto ]] && ! up_to_date; then
    echo "Building (mvn -B -ntp -q -DskipTests install) ..." >&2
    (cd "$root" && mvn -B -ntp -q -DskipTests install) >&2
fi

if [[ ! -f "$root/deploy/target/classpath.txt" ]]; then
    echo "error: deploy is not built ($root/deploy/target/classpath.txt is missing); run without --no-build" >&2
    exit 1
fi
classpath="$root/deploy/target/classes:$(cat "$root/deploy/target/classpath.txt")"
exec java ${DURAK_LAUNCHER_JAVA_OPTS:--Xmx384m -XX:+UseSerialGC} -cp "$classpath" \
    online.durak.deploy.Launcher --home "$root" ${args[@]+"${args[@]}"}
