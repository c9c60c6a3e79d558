#!/usr/bin/env bash
# Runs one command with the project's Node 24 first on the PATH (installing dependencies when missing).
set -euo pipefail
source "$(dirname "$0")/ensure-node.sh"
cd "$root"
exec "$@"
