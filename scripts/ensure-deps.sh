#!/bin/sh
# Installs what `make test` needs on a fresh Debian machine (Check, pkg-config, xz, man and groff for the man-page check), when missing.
set -e
missing=""
pkg-config --version >/dev/null 2>&1 || missing="$missing pkg-config"
if ! pkg-config --exists check 2>/dev/null; then missing="$missing check"; fi
if ! command -v xz >/dev/null 2>&1; then missing="$missing xz-utils"; fi  # books/*.tbl.xz
command -v man >/dev/null 2>&1 || missing="$missing man-db"        # tests/install.sh: the man page
command -v groff >/dev/null 2>&1 || missing="$missing groff-base"  # renders without warnings
[ -z "$missing" ] && exit 0
echo "ensure-deps: installing$missing" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
