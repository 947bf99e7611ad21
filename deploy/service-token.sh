#!/usr/bin/env bash
# Prints a service token signed with the installation's key, for the services' /admin/* and /internal/* paths
# (docs/accounts.md "Service tokens"), e.g.
#   curl -X POST -H "Authorization: Bearer $(bash deploy/service-token.sh --data data)" http://127.0.0.1:8083/admin/rebuild
# Options: --data DIR (the data folder of deploy/start.sh), --subject NAME, --minutes N; --help lists them.
# Needs deploy built (deploy/start.sh builds it).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ ! -f "$root/deploy/target/classpath.txt" ]; then
    echo "error: deploy is not built; run: mvn -B -ntp -DskipTests install" >&2
    exit 1
fi
exec java -Xmx64m -cp "$root/deploy/target/classes:$(cat "$root/deploy/target/classpath.txt")" \
    online.durak.deploy.ServiceTokenMain "$@"
