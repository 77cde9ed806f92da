#!/usr/bin/env bash
# Proves each stand-in gives the interface docker-compose.yml and the Dockerfile use, by running
# it briefly on a network of its own (vault-stand-in-smoke-<pid>-…, removed at the end with the
# containers and volumes it made). Builds first (seconds when nothing changed). Prints each
# check's time; exits non-zero at the first failure.
# The single-quoted checks are expanded later, by eval here or by bash in the container.
# shellcheck disable=SC2016
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
"$here/build.sh"

prefix="vault-stand-in-smoke-$$"
net="$prefix-net"
containers=("$prefix-pg" "$prefix-redis" "$prefix-proxy" "$prefix-prom")
volumes=("$prefix-pgdata" "$prefix-redisdata" "$prefix-promdata")
cleanup() {
  docker rm -f "${containers[@]}" >/dev/null 2>&1 || true
  docker volume rm "${volumes[@]}" >/dev/null 2>&1 || true
  docker network rm "$net" >/dev/null 2>&1 || true
}
trap cleanup EXIT

log() { printf '[smoke] %s\n' "$*" >&2; }
now() { date +%s.%N; }
since() { awk -v start="$1" -v end="$(now)" 'BEGIN { printf "%.1f s", end - start }'; }
fail() {
  log "FAILED: $*"
  exit 1
}
check() { # description command… (passes when the command succeeds)
  local start
  start="$(now)"
  "${@:2}" >/dev/null || fail "$1"
  log "ok: $1 ($(since "$start"))"
}
expect() { # description expected-output command…
  local start out
  start="$(now)"
  out="$("${@:3}" 2>&1)" || fail "$1: exited non-zero: $out"
  [ "$out" = "$2" ] || fail "$1: expected '$2', got '$out'"
  log "ok: $1 ($(since "$start"))"
}
has() { # description pattern command… (passes when the output matches, whatever the exit status)
  local start out
  start="$(now)"
  out="$("${@:3}" 2>&1)" || true
  grep -qE -- "$2" <<<"$out" || fail "$1: no '$2' in: $out"
  log "ok: $1 ($(since "$start"))"
}
lacks() { # description pattern command…
  local start out
  start="$(now)"
  out="$("${@:3}" 2>&1)" || true
  ! grep -qE -- "$2" <<<"$out" || fail "$1: '$2' in: $out"
  log "ok: $1 ($(since "$start"))"
}
eventually() { # seconds command… (retries every 0.5 s)
  local deadline
  deadline=$(($(date +%s) + $1))
  until "${@:2}" >/dev/null 2>&1; do
    [ "$(date +%s)" -lt "$deadline" ] || return 1
    sleep 0.5
  done
}
on_net() { docker run --rm --network "$net" "$@"; }
# An HTTP status from inside the network, as the compose healthchecks ask (node's fetch).
http_status() { # url
  on_net node:20-bookworm-slim node -e \
    "fetch(process.argv[1]).then(r => console.log(r.status), e => { console.error(e.message); process.exit(1) })" "$1"
}
stop_within() { # seconds container log-pattern: docker stop returns in time, and the log says why
  local start
  start="$(date +%s)"
  docker stop -t 30 "$2" >/dev/null
  [ $(($(date +%s) - start)) -le "$1" ] || return 1
  grep -qE -- "$3" <<<"$(docker logs "$2" 2>&1)"
}

docker network create "$net" >/dev/null

for image in vault-stand-in/debian:bookworm node:20-bookworm-slim postgres:16 redis:7 haproxy:2.6 \
  prom/prometheus:v2.53.2; do
  label="$(docker image inspect -f '{{ index .Config.Labels "vault.stand-in" }}' "$image")"
  case "$label" in
  *tests/compose/stand-ins*) log "ok: $image is labelled a stand-in: $label" ;;
  *) log "note: $image is not a stand-in (label '$label'): checking it all the same" ;;
  esac
done

# node:20-bookworm-slim: the build stage runs npm and pnpm, the runtime runs node as USER node,
# and the healthchecks run `node -e` with fetch.
expect 'node: node --version is 20' 20 \
  docker run --rm node:20-bookworm-slim bash -c 'v=$(node --version); echo "${v:1:2}"'
check 'node: npm and npx in /usr/local/bin, user node 1000:1000 with home /home/node, no ca-certificates' \
  docker run --rm node:20-bookworm-slim bash -c '
    set -e
    echo "node $(node --version), npm $(npm --version), npx $(npx --version)" >&2
    test "$(command -v npm)" = /usr/local/bin/npm && test "$(command -v npx)" = /usr/local/bin/npx
    test "$(id node)" = "uid=1000(node) gid=1000(node) groups=1000(node)"
    test "$(getent passwd node | cut -d: -f6,7)" = /home/node:/bin/bash
    ! dpkg -s ca-certificates >/dev/null 2>&1'
expect 'node: USER node can write its home and run node -e (entrypoint passes flags to node)' 'node 1000' \
  docker run --rm -u node -w /home/node node:20-bookworm-slim \
  -e "require('fs').writeFileSync('probe', 'x'); console.log('node', process.getuid())"

# postgres:16, as compose starts it: superuser vault, database vault, init-roles.sh on an empty
# volume, then network clients with passwords.
owner_password="owner-$RANDOM$RANDOM"
app_password="app-$RANDOM$RANDOM"
run_postgres() {
  docker run -d --name "$prefix-pg" --network "$net" \
    -e POSTGRES_USER=vault -e POSTGRES_PASSWORD="super-$$" -e POSTGRES_DB=vault \
    -e VAULT_DB_OWNER_PASSWORD="$owner_password" -e VAULT_DB_APP_PASSWORD="$app_password" \
    -v "$prefix-pgdata:/var/lib/postgresql/data" \
    -v "$repo/deploy/postgres/init-roles.sh:/docker-entrypoint-initdb.d/10-init-roles.sh:ro" \
    postgres:16 >/dev/null
}
# The final server listens on TCP; the one that runs the init scripts only on its socket.
pg_up() { docker exec "$prefix-pg" pg_isready -h 127.0.0.1 -U vault -d vault; }
check 'postgres: initdb, init-roles.sh and the server up on TCP' eval 'run_postgres && eventually 60 pg_up'
has 'postgres: the init script ran' 'running /docker-entrypoint-initdb.d/10-init-roles.sh' docker logs "$prefix-pg"
expect 'postgres: the compose healthcheck (pg_isready -U vault -d vault)' '/var/run/postgresql:5432 - accepting connections' \
  docker exec "$prefix-pg" pg_isready -U vault -d vault
expect 'postgres: vault_owner makes a table over the network with its password' vault_owner \
  on_net -e PGPASSWORD="$owner_password" postgres:16 psql -h "$prefix-pg" -U vault_owner -d vault \
  -v ON_ERROR_STOP=1 -tAq -c 'create table smoke (note text)' -c 'select current_user'
expect 'postgres: vault_app writes a row (default privileges from init-roles.sh)' 'vault_app|1' \
  on_net -e PGPASSWORD="$app_password" postgres:16 psql -h "$prefix-pg" -U vault_app -d vault \
  -v ON_ERROR_STOP=1 -tAq -c "insert into smoke values ('kept')" -c 'select current_user, count(*) from smoke'
has 'postgres: a wrong password is refused over the network' 'password authentication failed for user "vault_app"' \
  on_net -e PGPASSWORD=wrong postgres:16 psql -h "$prefix-pg" -U vault_app -d vault -c 'select 1'
expect 'postgres: passwords stored as SCRAM, server 16, LANG en_US.utf8' 't|16|en_US.utf8' \
  docker exec "$prefix-pg" psql -U vault -d vault -tAq -c \
  "select bool_and(rolpassword like 'SCRAM-SHA-256\$%'), current_setting('server_version_num')::int / 10000,
     (select datcollate from pg_database where datname = 'vault')
   from pg_authid where rolname in ('vault', 'vault_owner', 'vault_app')"
check 'postgres: docker stop is a fast shutdown (SIGINT) within 10 s' \
  stop_within 10 "$prefix-pg" 'received fast shutdown request'
docker rm "$prefix-pg" >/dev/null
check 'postgres: a new container on the same volume starts' eval 'run_postgres && eventually 60 pg_up'
lacks 'postgres: … without initdb or the init scripts' 'init process complete|initdb.d' docker logs "$prefix-pg"
expect 'postgres: the data survived' kept \
  on_net -e PGPASSWORD="$app_password" postgres:16 psql -h "$prefix-pg" -U vault_app -d vault -tAq -c 'select note from smoke'
docker rm -f "$prefix-pg" >/dev/null

# redis:7 with compose's command and healthcheck.
redis_password="redis-$RANDOM$RANDOM"
check 'redis: starts with --maxmemory-policy noeviction --appendonly yes --requirepass' \
  docker run -d --name "$prefix-redis" --network "$net" -e REDISCLI_AUTH="$redis_password" \
  -v "$prefix-redisdata:/data" redis:7 \
  redis-server --maxmemory-policy noeviction --appendonly yes --requirepass "$redis_password"
check 'redis: the compose healthcheck (redis-cli ping with REDISCLI_AUTH) answers PONG' \
  eventually 30 eval '[ "$(docker exec "$prefix-redis" redis-cli ping)" = PONG ]'
expect 'redis: another container on the network sets and reads a key with the password' $'OK\nv' \
  on_net redis:7 bash -c "redis-cli -h $prefix-redis --no-auth-warning -a '$redis_password' set k v &&
    redis-cli -h $prefix-redis --no-auth-warning -a '$redis_password' get k"
has 'redis: without the password it is refused' NOAUTH on_net redis:7 redis-cli -h "$prefix-redis" get k
expect 'redis: noeviction and appendonly in force, files in /data' \
  $'maxmemory-policy\nnoeviction\nappendonly\nyes\ndir\n/data' \
  docker exec "$prefix-redis" bash -c \
  'redis-cli config get maxmemory-policy && redis-cli config get appendonly && redis-cli config get dir'
expect 'redis: runs as redis (999), AOF in /data owned by it' '999 redis' \
  docker exec "$prefix-redis" bash -c \
  'echo "$(awk "/^Uid:/ { print \$2 }" /proc/1/status) $(stat -c %U /data/appendonlydir)"'
check 'redis: docker stop ends it within 10 s, saving' stop_within 10 "$prefix-redis" 'ready to exit'

# haproxy:2.6 with the repo's config at the path compose mounts it, and the image's command.
cfg="$repo/deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro"
check 'haproxy: haproxy -c accepts deploy/haproxy.cfg' \
  docker run --rm -v "$cfg" haproxy:2.6 haproxy -c -f /usr/local/etc/haproxy/haproxy.cfg
check 'haproxy: the default command serves deploy/haproxy.cfg' \
  docker run -d --name "$prefix-proxy" --network "$net" -v "$cfg" haproxy:2.6
expect 'haproxy: a non-root haproxy listens on 8080 (503: no api replica here)' '503' \
  eval 'eventually 20 http_status "http://$prefix-proxy:8080/api/health/ready"; http_status "http://$prefix-proxy:8080/api/health/ready"'
expect 'haproxy: the master runs as uid 99, command haproxy -W -db -f …' '99 haproxy -W -db -f /usr/local/etc/haproxy/haproxy.cfg' \
  docker exec "$prefix-proxy" bash -c \
  'echo "$(awk "/^Uid:/ { print \$2 }" /proc/1/status) $(tr "\0" " " </proc/1/cmdline | sed "s/ $//")"'
check 'haproxy: docker stop (SIGUSR1, soft stop) ends it within 10 s' \
  stop_within 10 "$prefix-proxy" 'All workers exited'

# prom/prometheus:v2.53.2 with compose's command (the image's ENTRYPOINT is prometheus).
prom_cfg="$repo/deploy/prometheus.yml:/etc/prometheus/prometheus.yml:ro"
has 'prometheus: --version through the entrypoint' '^prometheus, version' \
  docker run --rm prom/prometheus:v2.53.2 --version
check 'prometheus: promtool check config deploy/prometheus.yml' \
  docker run --rm --entrypoint promtool -v "$prom_cfg" prom/prometheus:v2.53.2 \
  check config /etc/prometheus/prometheus.yml
check "prometheus: starts with compose's flags, as nobody, on a fresh volume" \
  docker run -d --name "$prefix-prom" --network "$net" -v "$prom_cfg" -v "$prefix-promdata:/prometheus" \
  prom/prometheus:v2.53.2 --config.file=/etc/prometheus/prometheus.yml --storage.tsdb.path=/prometheus \
  --storage.tsdb.retention.time=15d
expect 'prometheus: /-/ready on 9090 from the network' 200 \
  eval 'eventually 30 http_status "http://$prefix-prom:9090/-/ready"; http_status "http://$prefix-prom:9090/-/ready"'
prom_up() {
  on_net node:20-bookworm-slim node -e "
    fetch('http://$prefix-prom:9090/api/v1/query?query=up%7Bjob%3D%22prometheus%22%7D')
      .then(r => r.json()).then(b => process.exit(b.data.result[0]?.value[1] === '1' ? 0 : 1), () => process.exit(1))"
}
check 'prometheus: scrapes itself and writes its TSDB in /prometheus' eval \
  'eventually 30 prom_up && docker exec "$prefix-prom" test -d /prometheus/wal'
check 'prometheus: docker stop ends it within 10 s' stop_within 10 "$prefix-prom" 'See you next time'

log 'all stand-ins passed'
