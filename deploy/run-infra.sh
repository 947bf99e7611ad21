#!/usr/bin/env bash
# Starts the Durak infrastructure on this machine: Kafka (KRaft, in process) and PostgreSQL
# (embedded, or external with DURAK_PG_URL), then waits until Ctrl-C / SIGTERM.
# Arguments and DURAK_* variables go to online.durak.deploy.InfraMain (see deploy/README.md).
# JVM options: DURAK_INFRA_JAVA_OPTS (default: a 384 MiB heap).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cp_file="$here/target/runtime-classpath.txt"

# compile (a no-op when up to date) and write the runtime classpath
mvn -B -q -ntp -f "$here/pom.xml" compile dependency:build-classpath \
    -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=runtime >&2

# exec: the JVM takes this shell's pid, so a SIGTERM to it reaches InfraMain's shutdown hook
exec java ${DURAK_INFRA_JAVA_OPTS:--Xmx384m -XX:+UseSerialGC} \
    -cp "$here/target/classes:$(cat "$cp_file")" online.durak.deploy.InfraMain "$@"
