#!/bin/sh
# prefix+J (run-shell from the plugin's binding): $1 the pane the key was pressed in, $2 the client.
# When a zc-pane waits for a permission answer: a popup over the current pane shows the request in the
# permission modal and answers it there, one request after the other (`zc-pane answer --modal`); with
# @zc-pane-answer-popup off, jumps to that pane instead. When none waits, jumps to one whose turn is done or
# failed. Across every session of this server.
pane=$1
client=$2
. "$(dirname "$0")/common.sh"

# A window option of the same name shows through in every pane of the window: only marked panes count.
panes=$(tmux list-panes -a -F '#{@zc-pane} #{@zc-pane-state} #{pane_id} #{@zc-pane-owner}' | awk '$1 == "1" { $1 = ""; sub(/^ /, ""); print }')
target=$(printf '%s\n' "$panes" | awk '$1 == "needs-permission" { print $2 " " $3; exit }')
[ -n "$target" ] || target=$(printf '%s\n' "$panes" | awk '$1 == "done" || $1 == "error" { print $2 " " $3; exit }')
if [ -z "$target" ]; then
  say "no agent pane is waiting for you"
  exit 0
fi
agent=${target%% *}
owner=${target#* }

if [ "$(tmux display-message -p -t "$agent" '#{@zc-pane-state}')" = needs-permission ] && answer_popup; then
  # The popup's command is a shell command line (not a tmux format); @zc-pane-bin may hold arguments.
  tmux display-popup -c "$client" -E -w 90% -h 80% "$(opt @zc-pane-bin zc-pane) answer --modal"
  exit 0
fi

if [ -n "$owner" ] && [ "$owner" != "$agent" ]; then
  # A popup agent: show its popup over the window it belongs to.
  tmux switch-client -c "$client" -t "$owner" \; select-window -t "$owner"
  mark_seen "$agent"
  show_popup "$owner"
  exit 0
fi
tmux switch-client -c "$client" -t "$agent" \; select-window -t "$agent" \; select-pane -t "$agent"
mark_seen "$agent"
