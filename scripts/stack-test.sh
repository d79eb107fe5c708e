#!/usr/bin/env bash
# The stack test (docs/deploy.md): builds the image, starts compose.yaml with
# compose.local.yaml (containers on the host network, pointed at this machine's PostgreSQL on
# 127.0.0.1:5432 with trust auth and Redis on 127.0.0.1:6379), and checks through the balancer:
# sign-up and sign-in; the free tier's rate limit and monthly quota across instances; scheduled
# jobs running once with two workers; /metrics on each instance; and one instance stopped under
# load with no failed request. Cleans up its containers and database; bounded in time.
# Needs: podman and docker + docker-compose (LOCAL_BASE_IMAGES: see docs/deploy.md), psql, curl,
# openssl, and `pnpm install` done (autocannon). Usage: scripts/stack-test.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
LIMIT_SECONDS=${STACK_TEST_LIMIT_SECONDS:-1500}
PG=${STACK_PG:-postgres://postgres@127.0.0.1:5432}
DB=coinsight_stack
IMAGE=localhost/coinsight:stack-test
PROJECT=coinsight_stack
export STACK_API1_PORT=38001 STACK_API2_PORT=38002 STACK_LB_PORT=38080
export STACK_DATABASE_URL="$PG/$DB" STACK_REDIS_URL=${STACK_REDIS_URL:-redis://127.0.0.1:6379/11}
export COINSIGHT_IMAGE=$IMAGE
LB=http://127.0.0.1:$STACK_LB_PORT
API1=http://127.0.0.1:$STACK_API1_PORT API2=http://127.0.0.1:$STACK_API2_PORT
work=$(mktemp -d)
export ENV_FILE=$work/stack.env
compose() { docker-compose -p "$PROJECT" --env-file "$ENV_FILE" -f compose.yaml -f compose.local.yaml "$@"; }
export -f compose
export PROJECT
export PGOPTIONS='-c client_min_messages=warning' # no NOTICE for "does not exist, skipping"
elapsed() { echo $(($(date +%s) - started)); }
say() { printf '[%4ss] %s\n' "$(elapsed)" "$*"; }
checks=0
pass() { checks=$((checks + 1)); say "PASS $*"; }
fail() { say "FAIL $*"; exit 1; }

cleanup() {
  status=$?
  trap - EXIT INT TERM
  [ -n "${watchdog:-}" ] && kill "$watchdog" 2>/dev/null || true
  if [ "$status" -ne 0 ] && [ -f "$ENV_FILE" ]; then
    say "logs of the failed run (last 30 lines a service):"
    compose logs --no-color --tail=30 2>/dev/null | sed 's/^/    /' || true
  fi
  say "cleaning up: containers, volumes, database $DB"
  [ -f "$ENV_FILE" ] && compose down -v --remove-orphans -t 5 >/dev/null 2>&1 || true
  psql "$PG/postgres" -qc "drop database if exists $DB with (force)" >/dev/null 2>&1 || true
  redis-cli -u "$STACK_REDIS_URL" flushdb >/dev/null 2>&1 || true
  rm -rf "$work"
  say "$([ "$status" -eq 0 ] && echo "stack test passed: $checks checks" || echo "stack test FAILED") in $(elapsed) s"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# The whole run is bounded: past the limit the watchdog stops it (and the trap cleans up).
(sleep "$LIMIT_SECONDS" && say "FAIL over ${LIMIT_SECONDS}s: stopping" && kill -TERM $$) &
watchdog=$!

for port in $STACK_API1_PORT $STACK_API2_PORT $STACK_LB_PORT; do
  ! (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null || fail "port $port is taken"
done

# --- the image -------------------------------------------------------------------------------
if [ "${1:-}" != --no-build ]; then
  # On a machine that reaches no image registry, LOCAL_BASE_IMAGES names a script that builds
  # stand-ins for the base images (`<script> --only node|haproxy`); elsewhere they are pulled.
  if [ -n "${LOCAL_BASE_IMAGES:-}" ]; then
    docker image inspect node:20-bookworm-slim >/dev/null 2>&1 || "$LOCAL_BASE_IMAGES" --only node
    docker image inspect haproxy:2.6 >/dev/null 2>&1 || "$LOCAL_BASE_IMAGES" --only haproxy
  fi
  say "building the image (podman, the machine's CA as the optional build secret)"
  timeout 1200 podman build -q --format docker --network host --secret id=ca,src=/etc/ssl/certs/ca-certificates.crt -t "$IMAGE" . >/dev/null
  say "image built"
fi
# Built with Podman, run with Docker ('podman run' is not permitted in this sandbox).
podman save "$IMAGE" | docker load -q >/dev/null
size=$(docker image inspect "$IMAGE" --format '{{.Size}}')
say "image $IMAGE: $((size / 1000000)) MB"

# --- the stack -------------------------------------------------------------------------------
psql "$PG/postgres" -qc "drop database if exists $DB with (force)" -c "create database $DB" >/dev/null
# The stack's own Redis database (limit counters from an earlier run would refuse this one's calls).
redis-cli -u "$STACK_REDIS_URL" flushdb >/dev/null
cat >"$ENV_FILE" <<ENV
JWT_SECRET=$(openssl rand -hex 32)
POSTGRES_PASSWORD=unused-here
PUBLIC_URL=$LB
SHUTDOWN_DRAIN_SECONDS=5
MARKET_FEED=simulated
MARKET_TICK_SECONDS=2
LOG_LEVEL=warn
ENV
say "starting: migrate (one-shot), api1, api2 (JOBS=off), worker x2 (JOBS=only), lb (HAProxy)"
timeout 300 bash -c 'compose up -d --scale worker=2' >"$work/up.log" 2>&1 || { cat "$work/up.log"; fail "compose up"; }
migrate_id=$(compose ps -q migrate)
[ "$(docker inspect "$migrate_id" --format '{{.State.Status}} {{.State.ExitCode}}')" = "exited 0" ] || fail "migrate did not exit 0"
pass "migrate ran to completion before the instances started (service_completed_successfully)"
ready() { [ "$(curl -s -o /dev/null -w '%{http_code}' "$1/readyz")" = 200 ]; }
for _ in $(seq 1 90); do ready "$API1" && ready "$API2" && ready "$LB" && break; sleep 1; done
ready "$API1" && ready "$API2" && ready "$LB" || fail "instances not ready within 90 s"
pass "both instances answer /readyz 200, directly and through the balancer"
# Assets and demo data (the market ticks price the seeded assets): the db:seed CLI, in the image.
compose run --rm --no-deps migrate node packages/db/dist/cli/seed.js >"$work/seed.log" 2>&1 || { cat "$work/seed.log"; fail "seed"; }
pass "seeded: $(grep -o 'Seeded.*' "$work/seed.log")"
stack_up=$(date -u +%Y-%m-%dT%H:%M:%SZ)
[ "$(curl -s -o /dev/null -w '%{http_code}' "$LB/metrics")" = 404 ] || fail "/metrics reachable through the balancer"
pass "/metrics is not routed by the balancer (404)"

# --- accounts --------------------------------------------------------------------------------
json() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=JSON.parse(s);console.log(process.argv[1].split(".").reduce((o,k)=>o?.[k],v)??"")})' "$1"; }
account() { # account NAME: signs up and in through the balancer, confirms the address, makes a key; prints the key
  local name=$1 email="$1-$RANDOM@stack.test" password="Stack-Test-$(openssl rand -hex 8)" code token
  code=$(curl -s -o "$work/signup.json" -w '%{http_code}' -H 'content-type: application/json' \
    -d "{\"username\":\"$name$RANDOM\",\"email\":\"$email\",\"password\":\"$password\"}" "$LB/api/auth/signup")
  [ "$code" = 201 ] || fail "sign-up answered $code: $(cat "$work/signup.json")"
  code=$(curl -s -o "$work/login.json" -w '%{http_code}' -H 'content-type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"$password\"}" "$LB/api/auth/login")
  [ "$code" = 200 ] || fail "sign-in answered $code: $(cat "$work/login.json")"
  token=$(json token <"$work/login.json")
  printf '%s' "$token" >"$work/token-$name"
  [ "$(curl -s -o /dev/null -w '%{http_code}' -H "authorization: Bearer $token" "$LB/api/auth/user")" = 200 ] || fail "session refused"
  # The mailed confirmation link is not followed here (no mailbox): the address is marked confirmed.
  psql "$STACK_DATABASE_URL" -qc "update users set email_verified_at = now() where lower(email) = lower('$email')" >/dev/null
  curl -s -H "authorization: Bearer $token" -H 'content-type: application/json' -d '{"name":"stack"}' \
    "$LB/trpc/apiKeys.create" >"$work/key.json"
  json result.data.secret <"$work/key.json"
}
key_a=$(account stacka)
[[ $key_a == cs_live_* ]] || fail "no API key: $(cat "$work/key.json")"
key_b=$(account stackb)
[[ $key_b == cs_live_* ]] || fail "no API key: $(cat "$work/key.json")"
pass "sign-up, sign-in, session and API key through the balancer (2 accounts)"

# A billable call (alert list and delete are never billed: docs/api-limits.md).
V1_PATH=/v1/crypto/prices?symbols=BTC
v1() { curl -s -o /dev/null -w '%{http_code}\n' -H "authorization: Bearer $1" "$LB$V1_PATH"; }
calls=0
# --- the per-minute rate limit, shared through Redis -------------------------------------------
# 104 calls in one minute window: round robin spreads them over both instances, so the calls past
# 100 land on each instance in turn.
while [ "$(date +%S | sed 's/^0//')" -gt 40 ]; do sleep 1; done
for _ in $(seq 1 104); do v1 "$key_a"; done >"$work/rate.txt"
calls=$((calls + 104))
head -100 "$work/rate.txt" | sort | uniq -c | tr '\n' ' ' >"$work/first.txt"
[ "$(head -100 "$work/rate.txt" | grep -c '^200$')" = 100 ] || fail "first 100 calls: $(cat "$work/first.txt")"
[ "$(tail -4 "$work/rate.txt" | grep -c '^429$')" = 4 ] || fail "calls 101-104: $(tail -4 "$work/rate.txt" | tr '\n' ' ')"
pass "rate limit: calls 1-100 answered 200, calls 101-104 (both instances in turn) 429"

# --- the monthly quota, exact under concurrency ---------------------------------------------
[ "$(v1 "$key_b")" = 200 ] || fail "first call of account B"
calls=$((calls + 1))
psql "$STACK_DATABASE_URL" -qc "update api_usage_monthly set free_calls = 990 where user_id = (select user_id from api_keys where secret_hash = encode(sha256('$key_b'::bytea), 'hex'))" >/dev/null
seq 1 50 | xargs -P 50 -I{} curl -s -o "$work/q{}.json" -w '%{http_code}\n' -H "authorization: Bearer $key_b" "$LB$V1_PATH" >"$work/quota.txt"
calls=$((calls + 50))
ok=$(grep -c '^200$' "$work/quota.txt" || true)
refused=$(grep -l '"quota_exceeded"' "$work"/q*.json | wc -l)
[ "$ok" = 10 ] && [ "$refused" = 40 ] || fail "quota: $ok succeeded, $refused quota_exceeded (want 10 and 40)"
used=$(psql "$STACK_DATABASE_URL" -tAc "select free_calls from api_usage_monthly m join api_keys k on k.user_id = m.user_id where k.secret_hash = encode(sha256('$key_b'::bytea), 'hex')")
[ "$used" = 1000 ] || fail "usage row says $used, want 1000"
pass "monthly quota: usage preset to 990, 50 concurrent calls: exactly 10 answered 200, 40 quota_exceeded; usage 1000"

# --- scheduled jobs run once ------------------------------------------------------------------
sleep 12
read -r slots rows assets dupes < <(psql "$STACK_DATABASE_URL" -tAF' ' -c "
  select count(distinct time), count(*), count(distinct asset),
         (select count(*) from (select 1 from price_ticks where time >= '$stack_up' group by asset, time having count(*) > 1) d)
  from price_ticks where time >= '$stack_up'")
[ "$slots" -ge 3 ] || fail "only $slots tick slots since the stack came up"
[ "$rows" = $((slots * assets)) ] && [ "$dupes" = 0 ] || fail "ticks: $rows rows for $slots slots x $assets assets"
read -r offered claimed < <(psql "$STACK_DATABASE_URL" -tAF' ' -c "
  select (select count(*) from pgboss.job where name = 'market-tick' and created_on >= '$stack_up'),
         (select count(*) from job_slots where name = 'market-tick' and slot >= '$stack_up')")
pass "jobs: two workers, $slots tick slots since start, each stored once for each of $assets assets ($rows rows; pg-boss jobs $offered, slots run $claimed)"

# --- /metrics on each instance -----------------------------------------------------------------
counted() { curl -s "$1/metrics" | awk '/^coinsight_http_requests_total\{/ && /route="\/v1\/crypto\/prices"/ { n += $NF } END { print n + 0 }'; }
m1=$(counted "$API1") m2=$(counted "$API2")
[ "$m1" -gt 0 ] && [ "$m2" -gt 0 ] && [ $((m1 + m2)) = "$calls" ] || fail "metrics: api1 $m1 + api2 $m2 /v1/crypto/prices requests, $calls sent"
r1=$(curl -s "$API1/metrics" | awk '/^coinsight_limit_refusals_total\{/ { n += $NF } END { print n + 0 }')
r2=$(curl -s "$API2/metrics" | awk '/^coinsight_limit_refusals_total\{/ { n += $NF } END { print n + 0 }')
[ $((r1 + r2)) = 44 ] || fail "metrics: limit refusals api1 $r1 + api2 $r2, want 4 rate_limited + 40 quota_exceeded"
pass "metrics: /v1/crypto/prices requests api1 $m1 + api2 $m2 = $calls sent; limit refusals api1 $r1 + api2 $r2 = 44"

# --- task files: written by a worker, downloaded through any instance ---------------------------
token_a=$(cat "$work/token-stacka")
curl -s -H "authorization: Bearer $token_a" -H 'content-type: application/json' \
  -d '{"type":"export","title":"stack export","query":{"platform":"twitter"},"format":"csv"}' "$LB/trpc/tasks.create" >"$work/task.json"
task_id=$(json result.data.id <"$work/task.json")
[ -n "$task_id" ] || fail "no export task: $(cat "$work/task.json")"
input=$(node -e 'console.log(encodeURIComponent(JSON.stringify({ id: process.argv[1] })))' "$task_id")
status=
for _ in $(seq 1 90); do # a JOBS=off instance leaves it to a worker's sweep: up to a minute or so
  status=$(curl -s -H "authorization: Bearer $token_a" "$LB/trpc/tasks.get?input=$input" | json result.data.status)
  [ "$status" = completed ] || [ "$status" = failed ] && break
  sleep 2
done
[ "$status" = completed ] || fail "export task is $status"
for api in "$API1" "$API2"; do
  code=$(curl -s -o "$work/export-${api##*:}.csv" -w '%{http_code}' -H "authorization: Bearer $token_a" "$api/api/tasks/$task_id/download")
  [ "$code" = 200 ] || fail "export download from $api answered $code"
done
cmp -s "$work/export-$STACK_API1_PORT.csv" "$work/export-$STACK_API2_PORT.csv" || fail "the two instances served different files"
head -1 "$work/export-$STACK_API1_PORT.csv" | grep -q '^platform,' || fail "the export has no CSV header"
pass "task files: an export a worker wrote downloads the same from api1 and api2 ($(wc -c <"$work/export-$STACK_API1_PORT.csv") bytes, $(($(wc -l <"$work/export-$STACK_API1_PORT.csv") - 1)) rows)"

# --- one instance stopped under load ----------------------------------------------------------
say "load: 20 connections, 200 req/s for 20 s on GET /api/health through the balancer; docker stop api2 after 4 s"
node_modules/.bin/autocannon -j -c 20 -R 200 -d 20 "$LB/api/health" >"$work/load.json" 2>/dev/null &
load=$!
sleep 4
stop_started=$(date +%s)
docker stop -t 30 "$(compose ps -q api2)" >/dev/null
stop_seconds=$(($(date +%s) - stop_started))
wait "$load"
read -r total non2xx errors timeouts < <(node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  console.log(r.requests.total, r.non2xx, r.errors, r.timeouts)' "$work/load.json")
exit_code=$(docker inspect "$(compose ps -q api2)" --format '{{.State.ExitCode}}')
[ "$exit_code" = 0 ] || fail "api2 exited with $exit_code"
[ "$non2xx" = 0 ] && [ "$errors" = 0 ] && [ "$timeouts" = 0 ] || fail "under load: $non2xx non-2xx, $errors errors, $timeouts timeouts of $total"
compose logs --no-color lb-local >"$work/lb.log" 2>/dev/null || true
grep -q 'api2 is DOWN' "$work/lb.log" || fail "HAProxy never marked api2 down"
pass "api2 stopped under load (SIGTERM, drained, exit 0 after $stop_seconds s; HAProxy marked it DOWN): $total requests, 0 failed"
ready "$LB" || fail "balancer not ready with api1 alone"
pass "the balancer still serves with api1 alone"
