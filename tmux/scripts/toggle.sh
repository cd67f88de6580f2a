#!/bin/sh
# prefix+a (run-shell from the plugin's binding): $1 the pane the key was pressed in, $2 the client.
# Outside the agent pane: focus this window's agent pane, or open one. Inside it: go back to where you were.
pane=$1
client=$2
. "$(dirname "$0")/common.sh"

if is_agent "$pane"; then
  if [ -n "$(tmux display-message -p -t "$pane" '#{@zc-pane-owner}')" ]; then
    # The agent of a popup: leave the popup (its client detaches, the agent keeps running).
    tmux detach-client -t "$client"
  else
    tmux last-pane -t "$pane" 2>/dev/null || say "no previous pane to go back to"
  fi
  exit 0
fi

if popup_mode; then
  agent=$(open_popup_agent "$pane") || { say "could not start $(opt @zc-pane-command zc-pane)"; exit 0; }
  mark_seen "$agent"
  show_popup "$pane"
  exit 0
fi

agent=$(agent_in_window "$pane")
if [ -n "$agent" ]; then
  tmux select-pane -t "$agent"
else
  agent=$(open_split "$pane") || { say "could not open a pane for $(opt @zc-pane-command zc-pane)"; exit 0; }
fi
mark_seen "$agent"
