#!/bin/sh
# zc-pane for tmux: prefix+a opens the agent pane beside the current one (or focuses it, or from inside it
# goes back), prefix+A sends what the current pane shows to it, prefix+J jumps to the pane that waits for
# you. Load it with TPM (set -g @plugin '...') or with `run-shell /path/to/zc-pane/tmux/zc-pane.tmux`.
#
# Only the key options are read here (a binding needs its key); the scripts read the others when a key is
# pressed, so `set -g @zc-pane-size 50%` applies at once, without reloading.

plugin_dir=$(cd "$(dirname "$0")" && pwd)
scripts="$plugin_dir/scripts"

option() {
  value=$(tmux show-option -gqv "$1")
  if [ -n "$value" ]; then printf '%s' "$value"; else printf '%s' "$2"; fi
}

# A run-shell command is a shell command line after tmux's format expansion: quote the script path for the
# shell, and double any `#` so tmux leaves it alone.
quoted() {
  printf "'%s'" "$(printf '%s' "$1" | sed -e "s/'/'\\\\''/g" -e 's/#/##/g')"
}

bind_script() {
  # $1 key, $2 script; the script gets the pane and client the key was pressed in.
  [ -n "$1" ] || return 0
  tmux bind-key "$1" run-shell -b "sh $(quoted "$scripts/$2") '#{pane_id}' '#{client_name}'"
}

# The status-line glyph of a window's agent, as a format for `#{E:@zc-pane-status}` in window-status-format:
# ⚠ waits for a permission answer, … working, ✓ turn done, ✗ failed, nothing when idle or without an agent.
# Set your own before loading the plugin to change the glyphs.
if [ -z "$(tmux show-option -gqv @zc-pane-status)" ]; then
  tmux set-option -g @zc-pane-status '#{?#{==:#{@zc-pane-state},needs-permission},⚠ ,#{?#{==:#{@zc-pane-state},working},… ,#{?#{==:#{@zc-pane-state},done},✓ ,#{?#{==:#{@zc-pane-state},error},✗ ,}}}}'
fi

bind_script "$(option @zc-pane-key a)" toggle.sh
bind_script "$(option @zc-pane-send-key A)" send.sh
bind_script "$(option @zc-pane-jump-key J)" jump.sh
