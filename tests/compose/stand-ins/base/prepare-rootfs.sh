#!/usr/bin/env bash
# Turns a fresh `debootstrap --variant=minbase bookworm` tree into the stand-ins' Debian base, the
# way Debian's own slim container images are set up: apt keeps no package lists or .deb files
# after a step (a layer carries only what it installed), dpkg skips manuals, docs and
# translations, and no service starts during an install (there is no init in a container).
# vfs stores every layer as a full copy of the tree, so every megabyte left here is paid once per
# layer of every stand-in.
# Usage: prepare-rootfs.sh ROOTFS MIRROR SECURITY_MIRROR
set -euo pipefail

root="$1"
mirror="$2"
security="$3"

# The same suites as the host: the release, its point updates and security fixes (plain http:
# containers do not trust the host's TLS-intercepting proxy, and apt checks signatures anyway).
rm -f "$root/etc/apt/sources.list"
cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $mirror
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF

cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
cat >"$root/etc/apt/apt.conf.d/docker-no-languages" <<'EOF'
Acquire::Languages "none";
EOF
cat >"$root/etc/apt/apt.conf.d/docker-gzip-indexes" <<'EOF'
Acquire::GzipIndexes "true";
Acquire::CompressionTypes::Order:: "gz";
EOF

cat >"$root/etc/dpkg/dpkg.cfg.d/docker-slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
EOF

# Package scripts ask invoke-rc.d before starting a service; 101 means "not here".
cat >"$root/usr/sbin/policy-rc.d" <<'EOF'
#!/bin/sh
exit 101
EOF
chmod 755 "$root/usr/sbin/policy-rc.d"

# What debootstrap left behind, and what the paths above would not have installed.
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/cache/apt/*.bin
find "$root/var/lib/apt/lists" -mindepth 1 -maxdepth 1 ! -name partial ! -name lock -exec rm -rf {} +
find "$root/usr/share/doc" -mindepth 1 ! -name copyright ! -type d -delete
find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete
rm -rf "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/usr/share/groff/* \
  "$root"/usr/share/lintian/overrides/* "$root"/usr/share/locale/*
find "$root/var/log" -type f -delete
# The tree was made in a private temporary directory: its mode becomes the image's /, and a
# 0700 / locks every user but root out of the whole image.
chmod 755 "$root"
# Docker provides these per container.
: >"$root/etc/hostname"
: >"$root/etc/resolv.conf"
rm -f "$root/etc/machine-id" "$root/var/lib/dbus/machine-id"
