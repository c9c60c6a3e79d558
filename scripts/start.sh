#!/usr/bin/env bash
# `npm start`: installs what is missing, builds everything, then runs the whole product on one port
# (API, site at /, admin at /admin/) on the embedded database under $DATA_DIR (default ./data).
set -euo pipefail
source "$(dirname "$0")/ensure-node.sh"
cd "$root"

npm run build

export DATA_DIR="${DATA_DIR:-$root/data}"
port="${PORT:-3000}"
echo
echo "Site:   http://localhost:$port/"
echo "Admin:  http://localhost:$port/admin/login"
if [ -n "${ADMIN_EMAIL:-}" ]; then
  echo "        sign in as $ADMIN_EMAIL"
else
  echo "        no admin yet: start with ADMIN_EMAIL=you@example.com ADMIN_PASSWORD='at least 12 chars' npm start,"
  echo "        or create one with: npm run admin -- create --email you@example.com --name 'Your Name'"
fi
if [ -z "${SMTP_URL:-}" ]; then
  echo "Mail:   no SMTP_URL set; login codes are written to $DATA_DIR/outbox/ (newest file last)"
fi
echo
exec node backend/dist/main.js
