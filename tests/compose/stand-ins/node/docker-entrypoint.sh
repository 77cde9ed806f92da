#!/bin/sh
# As the official node image: arguments that are not a command (`-e '…'`, a script file) run under
# node; anything else (`node …`, `bash`, `npm …`) runs as given.
set -e
if [ "${1#-}" != "$1" ] || [ -z "$(command -v "$1")" ] || { [ -f "$1" ] && ! [ -x "$1" ]; }; then
  set -- node "$@"
fi
exec "$@"
