#!/usr/bin/env bash
# Renders an HTML report (report --html, report --timing) to a PNG in headless Chromium, so a
# developer can look at it without a browser: scripts/screenshot.sh timing.html timing.png [WIDTH] [HEIGHT]
# Needs Debian's chromium package (apt-get install chromium).
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: scripts/screenshot.sh PAGE.html OUT.png [WIDTH] [HEIGHT]" >&2
  exit 2
fi
page=$(realpath "$1")
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "scripts/screenshot.sh: no chromium found; install Debian's package: apt-get install chromium" >&2
  exit 2
fi
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="${3:-1240},${4:-1400}" \
  --screenshot="$2" "file://$page" 2>/dev/null
echo "wrote $2"
