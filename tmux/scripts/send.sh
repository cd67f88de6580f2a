#!/bin/sh
# prefix+A (run-shell from the plugin's binding): $1 the pane the key was pressed in, $2 the client.
# Captures what that pane shows (wrapped lines joined), opens or focuses this window's agent pane, and hands
# the capture to it with `zc-pane send` as an attachment, with a question in the input for the user to edit.
# Nothing reaches the agent until the user presses Enter there.
pane=$1
client=$2
. "$(dirname "$0")/common.sh"

if is_agent "$pane"; then
  say "prefix+$(opt @zc-pane-send-key A) sends another pane's screen: press it in the pane you want to ask about"
  exit 0
fi

# Captured before the agent pane opens: a split narrows this pane, and its wrapped lines would move.
capture=$(tmux capture-pane -p -J -t "$pane") || { say "could not capture $pane"; exit 0; }

if popup_mode; then
  agent=$(open_popup_agent "$pane") || { say "could not start $(opt @zc-pane-command zc-pane)"; exit 0; }
else
  agent=$(agent_in_window "$pane")
  if [ -n "$agent" ]; then
    tmux select-pane -t "$agent"
  else
    agent=$(open_split "$pane") || { say "could not open a pane for $(opt @zc-pane-command zc-pane)"; exit 0; }
  fi
fi
mark_seen "$agent"

# The capture is named after its source: tmux://pane/N for pane %N. It is not a file the agent could open,
# and a file:// uri would say it is.
question=$(opt @zc-pane-send-question "Explain this output:")
bin=$(opt @zc-pane-bin zc-pane)
uri="tmux://pane/${pane#%}"
if ! error=$(printf '%s\n' "$capture" | $bin send --pane "$agent" --stdin --uri "$uri" --wait 15 "$question" 2>&1); then
  say "$(printf '%s' "$error" | head -n 1)"
fi
if popup_mode; then show_popup "$pane"; fi
