#!/bin/sh
# The redis stand-in's entrypoint, with the official image's behaviour: flags or a .conf file alone
# run under redis-server; redis-server runs in /data (the official image's WORKDIR: the AOF and
# RDB files go there), started as root it gets /data handed to user redis and runs as that user,
# with a umask that keeps its files private.
set -e
if [ "${1#-}" != "$1" ] || [ "${1%.conf}" != "$1" ]; then
  set -- redis-server "$@"
fi
if [ "$1" = redis-server ]; then
  cd /data
fi
if [ "$1" = redis-server ] && [ "$(id -u)" = 0 ]; then
  find . \! -user redis -exec chown redis '{}' +
  exec setpriv --reuid=redis --regid=redis --init-groups "$0" "$@"
fi
if [ "$(umask)" = 0022 ]; then
  umask 0077
fi
exec "$@"
