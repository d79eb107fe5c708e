#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (no browser download from a test tool). Installs it
# when it is missing and this is a root shell with apt-get; otherwise says what to do.
set -euo pipefail
browser=${CHROMIUM_PATH:-/usr/bin/chromium}
[ -x "$browser" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Chromium not found at $browser: installing Debian's chromium package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $browser. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
