# Sourced by the project's scripts: installs dependencies when missing and puts the pinned Node 24
# (the `node` devDependency) first on the PATH, also on machines whose system Node is older.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ ! -d "$root/node_modules" ]; then
  echo "Installing dependencies (npm ci)…"
  (cd "$root" && npm ci --no-audit --no-fund)
elif [ "$root/package-lock.json" -nt "$root/node_modules/.package-lock.json" ]; then
  echo "Dependencies changed: npm install…"
  (cd "$root" && npm install --no-audit --no-fund)
fi

export PATH="$root/node_modules/.bin:$PATH"
if [ "$(node_major)" != 24 ]; then
  # `npm ci --ignore-scripts` skips the install script that fetches the Node 24 binary: run it now.
  echo "Node 24 is missing from node_modules (installed with --ignore-scripts?): running its install script…"
  (cd "$root" && npm rebuild node --foreground-scripts)
  hash -r
fi
if [ "$(node_major)" != 24 ]; then
  echo "Error: this project needs Node 24; found $(node --version 2>/dev/null || echo none). Run 'npm ci' without --ignore-scripts." >&2
  exit 1
fi
