#!/usr/bin/env bash
# A Docker engine, Compose v2 and buildx for the compose test, installed and started if missing.
# Fails (never skips) with a sentence saying what is missing when it cannot get them.
#
# This machine's engine is Debian bookworm's docker.io (20.10), started as NOTES.md "Docker here"
# says: vfs storage (no overlayfs here), no iptables and no default bridge (user-defined networks,
# which compose makes, work). bookworm's own docker-compose is v1.29, which rejects the file (a
# top-level `name:` needs Compose v2), so Compose v2 and buildx come from Debian trixie's packages,
# fetched with apt from a source list kept in a folder of our own: the host's apt sources are
# untouched and nothing else is installed from trixie.
set -euo pipefail

cache=${VAULT_DOCKER_CACHE:-/var/cache/vault-docker}
plugins=${DOCKER_CONFIG:-$HOME/.docker}/cli-plugins
log=${VAULT_DOCKERD_LOG:-/var/log/vault-dockerd.log}
say() { echo "compose-engine: $*"; }
fail() {
  echo "compose-engine: $*" >&2
  exit 1
}

if ! command -v dockerd >/dev/null || ! command -v docker >/dev/null || ! command -v debootstrap >/dev/null; then
  say "installing docker.io and debootstrap from Debian"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io debootstrap >/dev/null ||
    fail "could not install docker.io and debootstrap with apt-get"
fi

compose_major() { docker compose version --short 2>/dev/null | sed 's/^v//' | cut -d. -f1; }
if [ "$(compose_major)" != 2 ] || ! docker buildx version >/dev/null 2>&1; then
  say "fetching Compose v2 and buildx from Debian trixie"
  mkdir -p "$cache/trixie/lists/partial" "$cache/trixie/debs" "$plugins"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main" \
    >"$cache/trixie/sources.list"
  apt_trixie=(-o "Dir::Etc::SourceList=$cache/trixie/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$cache/trixie/lists")
  apt-get "${apt_trixie[@]}" update -qq || fail "could not read Debian trixie's package lists"
  (cd "$cache/trixie/debs" && apt-get "${apt_trixie[@]}" download docker-compose docker-buildx 2>/dev/null) ||
    fail "could not download docker-compose and docker-buildx from Debian trixie"
  rm -rf "$cache/trixie/root"
  for deb in "$cache"/trixie/debs/*.deb; do dpkg-deb -x "$deb" "$cache/trixie/root"; done
  install -m 0755 "$cache"/trixie/root/usr/libexec/docker/cli-plugins/docker-{compose,buildx} "$plugins/"
  [ "$(compose_major)" = 2 ] || fail "Compose v2 did not install into $plugins"
fi

if ! docker info >/dev/null 2>&1; then
  say "starting dockerd (vfs, no iptables, no default bridge); its log: $log"
  mkdir -p "$(dirname "$log")"
  nohup dockerd --storage-driver=vfs --iptables=false --bridge=none >>"$log" 2>&1 &
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && break
    sleep 1
  done
  docker info >/dev/null 2>&1 || fail "dockerd did not answer within 60 s; the last lines of $log: $(tail -5 "$log")"
fi

say "engine $(docker version --format '{{.Server.Version}}'), Compose $(docker compose version --short), buildx $(docker buildx version | awk '{print $2}')"
