#!/usr/bin/env bash
# Installs the Debian packages the test suites drive, when missing (one apt-get run; needs root then):
# Chromium's headless shell for the browser suites (what Playwright itself runs headless: a page loads in about half
# the time of the full browser's headless mode), the full Chromium for bench:site's Lighthouse and the admin size
# script, and Java for the Nu Html Checker (vnu.jar) of the markup test. nginx, PostgreSQL and Redis are installed by
# the stack and fault scripts that use them. Run by npm test and by every test command that needs one of these.
set -euo pipefail

missing=()
for pair in /usr/bin/chromium:chromium /usr/bin/chromium-headless-shell:chromium-headless-shell /usr/bin/java:default-jre-headless; do
  [ -x "${pair%%:*}" ] || missing+=("${pair#*:}")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing ${missing[*]} from Debian…"
if [ "$(id -u)" != 0 ]; then
  echo "Error: ${missing[*]} missing and installing needs root (apt-get install ${missing[*]})" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 "${missing[@]}" >/dev/null
