#!/usr/bin/env bash
# Runs before `npm test`: the browser tests drive Debian's Chromium through playwright-core (no
# browser download). On a fresh Debian machine, as root, it installs the package; elsewhere it
# says what to install.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Instalando Chromium para las pruebas de navegador (apt-get install chromium)…" >&2
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
  exit 0
fi
echo "Las pruebas de navegador necesitan Chromium en $chromium: instálelo (Debian: sudo apt-get install chromium) o indique CHROMIUM_PATH." >&2
exit 1
