#!/usr/bin/env bash
# Generates a SQL migration from src/database/schema.ts. npm keeps drizzle-orm inside backend/node_modules
# while drizzle-kit is hoisted to the root, where it cannot import drizzle-orm; a link for the run bridges it.
set -euo pipefail
cd "$(dirname "$0")/.."
root_link=../node_modules/drizzle-orm
if [ ! -e "$root_link" ]; then
  ln -s ../backend/node_modules/drizzle-orm "$root_link"
  trap 'rm -f "$root_link"' EXIT
fi
drizzle-kit generate "$@"
