#!/bin/sh
# The haproxy stand-in's entrypoint, with the official image's behaviour: flags alone run under
# haproxy, and `haproxy …` runs in master-worker mode (-W, so SIGUSR2 reloads) in the foreground
# (-db, logs and exit status stay the container's).
set -e
if [ "${1#-}" != "$1" ]; then
  set -- haproxy "$@"
fi
if [ "$1" = haproxy ]; then
  shift
  set -- haproxy -W -db "$@"
fi
exec "$@"
