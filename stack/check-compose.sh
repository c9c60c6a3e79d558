#!/usr/bin/env bash
# Offline check of docker-compose.yml (no Docker engine needed): the file must be valid for Debian's
# docker-compose (v1.29, `config -q`) and agree with nginx.conf, the Dockerfiles and the backend's expectations.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v docker-compose >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "docker-compose missing: apt-get install -y docker-compose (Debian's v1, used only to validate)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -o DPkg::Lock::Timeout=300 docker-compose >/dev/null \
      || { apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y docker-compose >/dev/null; }
  fi
fi

node_bin="$(command -v node)"
if command -v docker-compose >/dev/null 2>&1; then
  # The secrets are placeholders for interpolation only; nothing is started.
  JWT_SECRET=validation-only-not-a-secret-000000000000 POSTGRES_PASSWORD=validation-only MINIO_ROOT_PASSWORD=validation-only \
    docker-compose --env-file .env.example -f docker-compose.yml config > /tmp/brightwave-compose-config.yml
  echo "docker-compose $(docker-compose version --short) config: ok"
  "$node_bin" stack/check-compose.mjs /tmp/brightwave-compose-config.yml
else
  echo "docker-compose unavailable: checking docker-compose.yml as YAML only"
  "$node_bin" stack/check-compose.mjs docker-compose.yml
fi
