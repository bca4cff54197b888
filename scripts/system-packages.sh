#!/bin/sh
# The system packages twofold needs beyond npm, checked before `npm start`, `npm test` and the
# benchmarks that start NATS:
#   serve  nats-server (the embedded NATS), unless NATS_URL names a server
#   test   nats-server (the embedded-server tests start one whatever NATS_URL says), Chromium
#          at /usr/bin/chromium (the browser tests) and PostgreSQL's server binaries (the fault
#          drills start a primary and a replica of their own)
#   drill  nats-server and PostgreSQL's server binaries (`npm run drill`, `npm run soak`)
# What is missing is installed with apt-get when this runs as root where apt-get exists; otherwise
# it stops with one line that says what to install. With everything present it only looks at a
# few files.
set -eu

# Where /usr is: tests point it at a scratch tree.
root="${SYSTEM_PACKAGES_ROOT:-}"

# Debian installs nats-server to /usr/sbin, off a user's PATH (src/embedded/nats-binary.ts looks
# in the same places).
has() {
  case $1 in
    nats-server) PATH="$PATH:$root/usr/sbin:$root/usr/local/sbin" command -v nats-server >/dev/null 2>&1 ;;
    chromium) [ -x "$root/usr/bin/chromium" ] ;;
    # Debian's postgresql package installs the default version's binaries under a versioned folder.
    postgresql) for pg_ctl in "$root"/usr/lib/postgresql/*/bin/pg_ctl; do [ -x "$pg_ctl" ] && return 0; done; return 1 ;;
  esac
}

case "${1:-}" in
  serve) if [ -n "${NATS_URL:-}" ]; then wanted=; else wanted=nats-server; fi ;;
  test) wanted="nats-server chromium postgresql" ;;
  drill) wanted="nats-server postgresql" ;;
  *)
    echo "usage: scripts/system-packages.sh serve|test|drill" >&2
    exit 2
    ;;
esac

missing() {
  out=
  for package in $wanted; do has "$package" || out="$out $package"; done
  echo "${out# }"
}

absent=$(missing)
[ -z "$absent" ] && exit 0

or_nats_url=
[ "$1" = serve ] && or_nats_url=' (or set NATS_URL to a NATS server with JetStream)'

if ! command -v apt-get >/dev/null 2>&1; then
  what=
  for package in $absent; do
    case $package in
      nats-server) what="$what, nats-server on PATH (https://github.com/nats-io/nats-server/releases)" ;;
      chromium) what="$what, Chromium at /usr/bin/chromium" ;;
      postgresql) what="$what, PostgreSQL's server binaries in /usr/lib/postgresql/<version>/bin (Debian's postgresql package)" ;;
    esac
  done
  them=them
  [ "$absent" = "${absent% *}" ] && them=it
  echo "twofold needs${what#,}: install $them yourself, there is no apt-get here$or_nats_url" >&2
  exit 1
fi

if [ "$(id -u)" != 0 ]; then
  echo "twofold needs $absent: run \"sudo apt-get install -y $absent\"$or_nats_url" >&2
  exit 1
fi

echo "twofold needs $absent: installing with apt-get" >&2
# Word splitting of $absent is wanted: one argument per package.
# shellcheck disable=SC2086
if DEBIAN_FRONTEND=noninteractive apt-get update </dev/null >&2 &&
  DEBIAN_FRONTEND=noninteractive apt-get install -y $absent </dev/null >&2 &&
  [ -z "$(missing)" ]; then
  exit 0
fi
echo "twofold needs $absent, which apt-get did not install: run \"apt-get install -y $absent\" and read its errors$or_nats_url" >&2
exit 1
