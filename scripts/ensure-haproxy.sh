#!/usr/bin/env bash
# The balancer's test (api/src/docs/haproxy.process.test.ts) runs deploy/haproxy.cfg in Debian's
# HAProxy, the version compose.yaml runs (2.6). Installs it when it is missing and this is a root
# shell with apt-get; otherwise says what to do.
set -euo pipefail
command -v haproxy >/dev/null && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "HAProxy not found: installing Debian's haproxy package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
  exit 0
fi
echo "The balancer's test needs HAProxy on PATH. Install it (Debian: sudo apt-get install haproxy)." >&2
exit 1
