# Sourced, not run: puts the Node.js that .nvmrc names first on PATH (Lambda runs Node 22, and so do the
# tests). A machine whose `node` is already that major version keeps it; otherwise the binary comes from the
# npm registry's node-linux-<arch> package (the only registry CI reaches), cached under ~/.cache/taskflow-node.
#   source .ci/use-node.sh
taskflow_use_node() {
  local root version major arch cache
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  version="$(tr -d ' \nv' < "$root/.nvmrc")"
  major="${version%%.*}"
  if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" = "$major" ]; then return 0; fi
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "No node-linux package for $(uname -m): install Node.js $version yourself" >&2; return 1 ;;
  esac
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/taskflow-node/$version-$arch"
  if [ ! -x "$cache/bin/node" ]; then
    echo "Fetching Node.js $version (node-linux-$arch) from the npm registry"
    local tmp
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-linux-$arch@$version" > /dev/null) || { rm -rf "$tmp"; return 1; }
    mkdir -p "$cache"
    tar -xzf "$tmp"/node-linux-*.tgz -C "$cache" --strip-components=1
    rm -rf "$tmp"
  fi
  export PATH="$cache/bin:$PATH"
  hash -r
  echo "Using Node.js $(node --version) from $cache"
}
taskflow_use_node
