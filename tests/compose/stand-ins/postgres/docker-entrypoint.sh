#!/usr/bin/env bash
# The postgres stand-in's entrypoint: the part of the official image's interface the compose stack
# uses, written for this image.
# - Started as root with `postgres …` (or only flags): PGDATA and the socket directory are handed
#   to user postgres and the script runs again as that user.
# - PGDATA without PG_VERSION (first start on an empty volume): initdb with POSTGRES_USER
#   (default postgres) as the superuser and POSTGRES_PASSWORD as its password, scram-sha-256 for
#   every network client (local socket and loopback stay trust, as in the official image); then a
#   server on the socket only creates POSTGRES_DB (default POSTGRES_USER) and runs
#   /docker-entrypoint-initdb.d in name order: *.sh executed when executable, else sourced; *.sql
#   and *.sql.gz through psql, as POSTGRES_USER in POSTGRES_DB; then that server stops.
# - Then postgres replaces this script (PID 1 stays postgres, so SIGINT from `docker stop` is a
#   fast shutdown). A PGDATA that already holds a cluster is started as it is.
set -Eeo pipefail

if [ "${1:0:1}" = '-' ]; then
  set -- postgres "$@"
fi

if [ "$1" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA"
  chown postgres:postgres "$PGDATA"
  chmod 700 "$PGDATA"
  mkdir -p /var/run/postgresql
  chown postgres:postgres /var/run/postgresql
  chmod 3777 /var/run/postgresql
  exec setpriv --reuid=postgres --regid=postgres --init-groups "${BASH_SOURCE[0]}" "$@"
fi

if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo 'error: the database is not initialized and POSTGRES_PASSWORD is not set' >&2
    exit 1
  fi
  export POSTGRES_USER="${POSTGRES_USER:-postgres}"
  export POSTGRES_DB="${POSTGRES_DB:-$POSTGRES_USER}"

  # POSTGRES_INITDB_ARGS is a list of flags, split on spaces as the official image does.
  # shellcheck disable=SC2086
  initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") \
    --auth-local=trust --auth-host=trust ${POSTGRES_INITDB_ARGS:-}
  printf '\nhost all all all scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
  # This build's compiled-in socket directory is /tmp (initdb writes that, commented out); the
  # official image's and Debian's psql and pg_isready use /var/run/postgresql.
  printf "\nunix_socket_directories = '/var/run/postgresql'\n" >>"$PGDATA/postgresql.conf"

  # Only the socket while the scripts run: nothing on the network sees a half-made database.
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -p 5432" -w start
  export PGPASSWORD="$POSTGRES_PASSWORD"
  run_psql=(psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --no-psqlrc)

  if [ "$POSTGRES_DB" != postgres ]; then
    "${run_psql[@]}" --dbname postgres --set db="$POSTGRES_DB" <<<'create database :"db";'
  fi

  for file in /docker-entrypoint-initdb.d/*; do
    [ -e "$file" ] || continue
    case "$file" in
    *.sh)
      if [ -x "$file" ]; then
        echo "$0: running $file"
        "$file"
      else
        echo "$0: sourcing $file"
        # shellcheck disable=SC1090
        . "$file"
      fi
      ;;
    *.sql)
      echo "$0: running $file"
      "${run_psql[@]}" --dbname "$POSTGRES_DB" -f "$file"
      ;;
    *.sql.gz)
      echo "$0: running $file"
      gunzip -c "$file" | "${run_psql[@]}" --dbname "$POSTGRES_DB"
      ;;
    *) echo "$0: ignoring $file" ;;
    esac
  done

  pg_ctl -D "$PGDATA" -m fast -w stop
  unset PGPASSWORD
  echo 'PostgreSQL init process complete; ready for start up.'
fi

exec "$@"
