#!/bin/sh
# Install the Debian packages given as arguments when they are missing.
# apt-get runs only when something is absent; as root directly, otherwise
# through sudo when that works without a password.
missing=""
for p in "$@"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done
[ -z "$missing" ] && exit 0
echo "penny: installing missing Debian packages:$missing"
if [ "$(id -u)" = 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO="sudo -n"
else
  echo "penny: cannot install$missing: not root and no password-less sudo." >&2
  echo "penny: run as root:  apt-get update && apt-get install -y$missing" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "penny: apt-get not found; install$missing by hand." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || { echo "penny: apt-get update failed" >&2; exit 1; }
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq $missing || {
  echo "penny: apt-get install$missing failed" >&2; exit 1; }
