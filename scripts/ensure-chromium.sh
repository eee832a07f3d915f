#!/usr/bin/env bash
# Runs before `npm test`: the browser tests drive Debian's Chromium through playwright-core (no
# browser download). On a fresh Debian machine, as root, it installs the package; elsewhere it
# says what to install.
set -euo pipefail
# Generated PDFs are rendered to PNG with poppler's pdftoppm (Debian package poppler-utils).
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$chromium" ] || missing+=(chromium)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
[ "${#missing[@]}" -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Instalando ${missing[*]} para las pruebas (apt-get install)…" >&2
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi
echo "Las pruebas necesitan ${missing[*]} (Debian: sudo apt-get install ${missing[*]}); Chromium puede indicarse con CHROMIUM_PATH." >&2
exit 1
