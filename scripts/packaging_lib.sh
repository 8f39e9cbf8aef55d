# Helpers shared by scripts/install.sh, scripts/wheel.sh and scripts/versions.sh (sourced, not run).

# The version every artifact must carry: the workspace's, as cargo reads it.
workspace_version() {
  cargo metadata --no-deps --format-version 1 --locked |
    python3 -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "stratego-ffi"))'
}

# need_commands PACKAGE COMMAND...: installs the Debian package when one of the commands is
# missing (apt-get update once per script).
apt_updated=
need_commands() {
  local package=$1 command
  shift
  for command in "$@"; do
    if ! command -v "$command" >/dev/null 2>&1; then
      echo "== $command is missing: apt-get install $package"
      export DEBIAN_FRONTEND=noninteractive
      if [ -z "$apt_updated" ]; then apt-get update -qq; apt_updated=1; fi
      apt-get install -y -qq "$package" >/dev/null
      return
    fi
  done
}

# expect_version WHAT VALUE: VALUE must be the workspace version ($version).
expect_version() {
  if [ "$2" != "$version" ]; then
    echo "version mismatch: $1 says '$2', the workspace says '$version'" >&2
    exit 1
  fi
  echo "   $1: $2"
}
