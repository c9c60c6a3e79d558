#!/usr/bin/env bash
# `npm run fuzz`: the long fuzz run (npm test sends a sample of it): 20,000 requests on PGlite, and as many on the
# PostgreSQL at 127.0.0.1:5432 when one answers. FUZZ_SEED replays a run; FUZZ_RUNS sets the batches of 20.
# Then the API document's walk of every route with four times the requests npm test sends (API_DOCUMENT_SAMPLES).
set -euo pipefail
source "$(dirname "$0")/ensure-node.sh"
cd "$root"
export FUZZ_RUNS="${FUZZ_RUNS:-1000}"
npm test -w @brightwave/backend -- test/fuzz.e2e-spec.ts
if (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
  TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}" npm run test:postgres -w @brightwave/backend -- test/fuzz.e2e-spec.ts
fi
API_DOCUMENT_SAMPLES="${API_DOCUMENT_SAMPLES:-4}" npm test -w @brightwave/backend -- test/api-document.e2e-spec.ts
