#!/usr/bin/env bash
# Run once by the postgres image on an empty data directory (mounted at /docker-entrypoint-initdb.d),
# as the superuser POSTGRES_USER, in POSTGRES_DB. Makes the two roles the app uses instead of the
# superuser:
#   VAULT_DB_OWNER (default vault_owner) owns the database and its schema: migrations run as it.
#   VAULT_DB_APP   (default vault_app)   reads and writes rows, nothing else: the API and workers.
# The app role gets its row privileges on every table the owner creates later, by default
# privileges; migration 0006 then takes UPDATE, DELETE and TRUNCATE on the audit log back from it.
# tests: apps/api/test/platform/database-roles.int.test.ts runs this file against a real Postgres.
set -euo pipefail

owner="${VAULT_DB_OWNER:-vault_owner}"
app="${VAULT_DB_APP:-vault_app}"
: "${VAULT_DB_OWNER_PASSWORD:?set VAULT_DB_OWNER_PASSWORD}"
: "${VAULT_DB_APP_PASSWORD:?set VAULT_DB_APP_PASSWORD}"

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v owner="$owner" -v app="$app" -v db="$POSTGRES_DB" \
  -v owner_password="$VAULT_DB_OWNER_PASSWORD" -v app_password="$VAULT_DB_APP_PASSWORD" <<'SQL'
create role :"owner" login password :'owner_password';
create role :"app" login password :'app_password';
alter database :"db" owner to :"owner";
alter schema public owner to :"owner";
-- Nobody else creates objects in the app's schema; the app role only uses it.
revoke create on schema public from public;
grant usage on schema public to :"app";
alter default privileges for role :"owner" in schema public
  grant select, insert, update, delete on tables to :"app";
alter default privileges for role :"owner" in schema public
  grant usage, select on sequences to :"app";
SQL
