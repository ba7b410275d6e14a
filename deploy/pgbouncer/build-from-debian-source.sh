#!/usr/bin/env bash
# Builds PgBouncer ≥ 1.21 from Debian's own source package where the distribution ships an older
# one (bookworm has 1.18, which loses named prepared statements in transaction pooling: decision
# 0105). Uses only Debian's mirror: the source package of a newer suite (trixie by default), its
# Debian patches (security fixes) applied, built against this system's libraries.
#
#   deploy/pgbouncer/build-from-debian-source.sh [PREFIX]     (as root; PREFIX default /opt/pgbouncer)
#
# The binary lands in PREFIX/bin/pgbouncer, which the PgBouncer integration test and the
# multi-process bench look for (else PGBOUNCER_BIN, else `pgbouncer` on PATH). Nothing is written
# into the repository.
set -euo pipefail

PREFIX="${1:-/opt/pgbouncer}"
SUITE="${PGBOUNCER_SOURCE_SUITE:-trixie}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
WORK="${PGBOUNCER_BUILD_DIR:-/var/cache/pgbouncer-build}"

if [ -x "$PREFIX/bin/pgbouncer" ] && [ -z "${FORCE:-}" ]; then
	echo "already built: $("$PREFIX/bin/pgbouncer" --version | head -1) (FORCE=1 to rebuild)"
	exit 0
fi

export DEBIAN_FRONTEND=noninteractive
# What the build needs from the running distribution (bookworm's versions suffice).
BUILD_DEPENDENCIES=(build-essential pkg-config libevent-dev libssl-dev libc-ares-dev ca-certificates)
apt-get install -y --no-install-recommends "${BUILD_DEPENDENCIES[@]}" >/dev/null 2>&1 ||
	{ apt-get update >/dev/null && apt-get install -y --no-install-recommends "${BUILD_DEPENDENCIES[@]}" >/dev/null; }

# A private apt state holding only the newer suite's source index, so the system's sources stay
# as they are.
APT_DIR="$WORK/apt"
mkdir -p "$APT_DIR/lists/partial" "$WORK/src"
echo "deb-src $MIRROR $SUITE main" >"$APT_DIR/sources.list"
APT_OPTS=(-o "Dir::Etc::SourceList=$APT_DIR/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
	-o "Dir::State::Lists=$APT_DIR/lists")
apt-get "${APT_OPTS[@]}" update >/dev/null
cd "$WORK/src"
rm -rf pgbouncer-* pgbouncer_*
# apt checks the files against the suite's signed index.
apt-get "${APT_OPTS[@]}" source --download-only pgbouncer >/dev/null 2>&1
ORIG=$(ls pgbouncer_*.orig.tar.gz)
VERSION=${ORIG#pgbouncer_}
VERSION=${VERSION%.orig.tar.gz}
tar xf "$ORIG"
cd "pgbouncer-$VERSION"
tar xf ../pgbouncer_*.debian.tar.xz
# Debian's patches, in its order (its security fixes come this way).
if [ -f debian/patches/series ]; then
	grep -v '^\s*#' debian/patches/series | while read -r patch _; do
		[ -n "$patch" ] && patch -p1 --forward --silent <"debian/patches/$patch"
	done
fi

./configure --prefix="$PREFIX" --with-cares --without-pam --without-systemd >/dev/null
make -j"$(nproc)" >/dev/null
make install >/dev/null
"$PREFIX/bin/pgbouncer" --version | head -1
