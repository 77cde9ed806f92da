#!/usr/bin/env bash
# A rolling deploy of docker-compose.yml's apps: builds the new images, then replaces the running
# containers one at a time, so members are served throughout.
#
#   deploy/rollout.sh [--no-build] [service…]      (default services: api worker)
#
# For each container still on an older image: one container of the new image is started beside
# it (the service scaled up by one, the others left as they are), and once Docker reports it
# healthy — and, for the API, HAProxy has had time to find and check it — the old one is stopped
# (SIGTERM: it drains, answers what is in flight, and exits within its grace period) and removed.
# The service never runs fewer containers than it did. `docker compose up -d api` instead
# recreates every replica at once (seconds of 503 for everyone), and `docker compose restart api`
# stops them all too.
#
# Runs in the directory of docker-compose.yml and honours COMPOSE_FILE, COMPOSE_PROJECT_NAME and
# .env as `docker compose` does. tests/compose/compose.test.ts rolls a new build out with it
# while a show is live.
set -euo pipefail
cd "$(dirname "$0")/.."

# HAProxy finds a new replica through Docker's DNS and admits it after two passing checks
# (deploy/haproxy.cfg): an old one leaves only once the proxy has served a request from the new
# one, asked through the proxy's published port. Where that port cannot be reached from here, the
# script waits ROLLOUT_PROXY_SETTLE_S instead (DNS hold 5 s + two checks 2 s apart, rounded up).
proxy_settle_s=${ROLLOUT_PROXY_SETTLE_S:-10}
healthy_within_s=${ROLLOUT_HEALTHY_WITHIN_S:-120}
build=true
services=()
for arg in "$@"; do
  case $arg in
    --no-build) build=false ;;
    -*) echo "rollout: unknown option $arg" >&2; exit 2 ;;
    *) services+=("$arg") ;;
  esac
done
[ ${#services[@]} -gt 0 ] || services=(api worker)

started_ms=$(($(date +%s%N) / 1000000))
say() {
  local ms=$(($(date +%s%N) / 1000000 - started_ms))
  printf 'rollout: [%4d.%01ds] %s\n' $((ms / 1000)) $((ms % 1000 / 100)) "$*"
}
fail() {
  say "$*" >&2
  exit 1
}

version=$(docker compose version --short 2>/dev/null || true)
[[ $version == 2.* || $version == v2.* ]] ||
  fail "needs Docker Compose v2 (the 'docker compose' plugin, 2.20 or newer); found '${version:-no docker compose}'"

if $build; then
  say "building ${services[*]}"
  docker compose build "${services[@]}"
fi

# The image a service runs: its `image:`, or the name Compose gives what it builds (project-service).
# (awk reads to the end: a reader that stops early would fail the pipeline under pipefail.)
image_of() {
  docker compose config "$1" | awk -v service="  $1:" '
    /^name:/ && !project { project = $2 }
    $0 == service { inside = 1; next }
    /^  [^ ]/ { inside = 0 }
    inside && /^    image:/ { image = $2 }
    END { print image ? image : project "-" substr(service, 3, length(service) - 3) }'
}

# Running containers of a service, oldest first.
containers_of() {
  docker compose ps -q "$1" | xargs -r docker inspect -f '{{.Created}} {{.Id}}' | sort | cut -d' ' -f2
}

# The proxy's server slots (api1…api8) that answer /api/health right now, one per line.
proxy_url=
if command -v curl >/dev/null && port=$(docker compose port proxy 8080 2>/dev/null); then
  proxy_url="http://127.0.0.1:${port##*:}"
fi
serving_slots() {
  for _ in $(seq 1 24); do
    { curl -s -m 2 -D - -o /dev/null "$proxy_url/api/health" || true; } | tr -d '\r' |
      awk -F': ' 'tolower($1) == "x-served-by" { print $2 }'
  done | sort -u
  return 0
}

# Waits until the proxy serves from a slot it did not serve from before the new replica started.
wait_admitted() {
  local before=$1 deadline=$((SECONDS + 60))
  if [ -z "$proxy_url" ]; then
    sleep "$proxy_settle_s"
    return 0
  fi
  while [ $SECONDS -lt $deadline ]; do
    [ -n "$(comm -13 <(echo "$before") <(serving_slots))" ] && return 0
    sleep 0.25
  done
  return 1
}

wait_healthy() {
  local id=$1 deadline=$((SECONDS + healthy_within_s)) state
  while :; do
    state=$(docker inspect -f '{{.State.Status}}/{{if .State.Health}}{{.State.Health.Status}}{{end}}' "$id")
    case $state in
      running/healthy) return 0 ;;
      exited/* | dead/*) return 1 ;;
    esac
    [ $SECONDS -lt $deadline ] || return 1
    sleep 0.5
  done
}

for service in "${services[@]}"; do
  image=$(image_of "$service")
  target=$(docker image inspect -f '{{.Id}}' "$image") || fail "no image $image: build $service first"
  mapfile -t running < <(containers_of "$service")
  old=()
  for id in "${running[@]}"; do
    [ "$(docker inspect -f '{{.Image}}' "$id")" = "$target" ] || old+=("$id")
  done
  say "$service: ${#running[@]} running, ${#old[@]} on an older image"
  for id in "${old[@]}"; do
    name=$(docker inspect -f '{{.Name}}' "$id" | tr -d /)
    count=$(containers_of "$service" | wc -l)
    before=$(containers_of "$service")
    [ "$service" != api ] || slots_before=$(serving_slots)
    docker compose up -d --no-deps --no-recreate --scale "$service=$((count + 1))" "$service" >/dev/null 2>&1 ||
      fail "$service: could not start a new container beside $name"
    new=$(comm -13 <(echo "$before" | sort) <(containers_of "$service" | sort) | sed -n 1p)
    [ -n "$new" ] || fail "$service: no new container appeared"
    new_name=$(docker inspect -f '{{.Name}}' "$new" | tr -d /)
    if ! wait_healthy "$new"; then
      docker logs --tail 20 "$new" >&2 || true
      docker rm -f "$new" >/dev/null
      fail "$service: $new_name was not healthy within ${healthy_within_s}s; removed it, $name still serves"
    fi
    say "$service: $new_name is healthy"
    if [ "$service" = api ]; then
      wait_admitted "$slots_before" || fail "$service: the proxy never served from $new_name; $name still serves"
      if [ -n "$proxy_url" ]; then say "$service: the proxy serves from $new_name"
      else say "$service: waited ${proxy_settle_s}s for the proxy to admit $new_name"; fi
    fi
    # SIGTERM, then up to the container's stop timeout (compose's stop_grace_period) before a
    # SIGKILL: the old one drains and exits by itself well within it.
    docker stop "$id" >/dev/null
    say "$service: $name drained and stopped"
    # Removed before the next scale-up, which would start a stopped container of the service again.
    docker rm "$id" >/dev/null
  done
done
say "done: $(for s in "${services[@]}"; do printf '%s×%s ' "$s" "$(containers_of "$s" | wc -l)"; done)"
