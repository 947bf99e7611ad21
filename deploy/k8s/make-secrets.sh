#!/usr/bin/env bash
# Makes the key files kustomization.yaml turns into the Secret durak-keys, once per installation: the players' token
# key pair (RS256) and the daily secret (32 random bytes). Existing files are kept.
set -euo pipefail
dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/secrets"
mkdir -p "$dir"
chmod 700 "$dir"
umask 077
if [ ! -f "$dir/jwt-private.pem" ]; then
    openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$dir/jwt-private.pem"
    openssl pkey -in "$dir/jwt-private.pem" -pubout -out "$dir/jwt-public.pem"
fi
[ -f "$dir/daily-secret" ] || head -c 32 /dev/urandom > "$dir/daily-secret"
echo "key files in $dir"
