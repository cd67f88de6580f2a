# Shared by the zc-pane key scripts (POSIX sh, sourced). Every tmux call goes to the server that ran the
# key binding: run-shell sets $TMUX for its commands.

scripts_dir=$(cd "$(dirname "$0")" && pwd)

# opt NAME DEFAULT: a global tmux option, or DEFAULT when unset or empty.
opt() {
  _value=$(tmux show-option -gqv "$1")
  if [ -n "$_value" ]; then printf '%s' "$_value"; else printf '%s' "$2"; fi
}

# literal TEXT: TEXT for a tmux argument that tmux expands as a format (split-window and new-session -c,
# display-message): every `#` doubled, so a directory named `#(touch x)` is a name, never a command.
# Arguments that tmux does not expand (a pane's shell command, -e) take the text as it is.
literal() {
  printf '%s' "$1" | sed 's/#/##/g'
}

# say MESSAGE: a message in the status line of the client the key was pressed in. The message is shown as
# it is: it may quote a directory or an error from zc-pane.
say() {
  _message=$(literal "zc-pane: $1")
  if [ -n "${client:-}" ]; then tmux display-message -c "$client" "$_message"; else tmux display-message "$_message"; fi
}

# is_agent PANE: whether PANE runs zc-pane (the mark set when it was opened, and by zc-pane itself).
is_agent() {
  [ "$(tmux display-message -p -t "$1" '#{@zc-pane}')" = 1 ]
}

# agent_in_window PANE: the zc-pane pane of PANE's window, if any.
agent_in_window() {
  tmux list-panes -t "$1" -F '#{@zc-pane} #{pane_id}' | awk '$1 == "1" { print $2; exit }'
}

# popup_session PANE: the hidden session that holds the popup agent of PANE's window.
popup_session() {
  _window=$(tmux display-message -p -t "$1" '#{window_id}')
  printf '_zc-pane-%s' "${_window#@}"
}

popup_mode() {
  case $(opt @zc-pane-popup off) in
    on | 1 | yes | true) return 0 ;;
    *) return 1 ;;
  esac
}

answer_popup() {
  case $(opt @zc-pane-answer-popup on) in
    off | 0 | no | false) return 1 ;;
    *) return 0 ;;
  esac
}

# open_split PANE: splits PANE's window, runs the command in PANE's directory, marks the new pane and
# prints its id. The command runs through run.sh, which keeps the pane open when it fails.
open_split() {
  _dir=$(tmux display-message -p -t "$1" '#{pane_current_path}')
  _size=$(opt @zc-pane-size 40%)
  _command=$(opt @zc-pane-command zc-pane)
  case $(opt @zc-pane-position right) in
    left) set -- "$1" -h -b ;;
    bottom) set -- "$1" -v ;;
    *) set -- "$1" -h ;;
  esac
  _target=$1
  shift
  # The mark is set in the same tmux command as the split: a second key press, however quick, finds it.
  tmux split-window "$@" -l "$_size" -c "$(literal "$_dir")" -t "$_target" -P -F '#{pane_id}' \
    sh "$scripts_dir/run.sh" "$_command" \; set-option -p @zc-pane 1
}

# open_popup_agent PANE: makes sure the hidden session holding PANE's window's popup agent exists and
# prints its pane id. A hidden session (instead of a command run by display-popup itself) keeps the agent,
# its session and its scrollback alive between two openings of the popup.
open_popup_agent() {
  _session=$(popup_session "$1")
  if ! tmux has-session -t "=$_session" 2>/dev/null; then
    _dir=$(tmux display-message -p -t "$1" '#{pane_current_path}')
    _window=$(tmux display-message -p -t "$1" '#{window_id}')
    tmux new-session -d -s "$_session" -c "$(literal "$_dir")" -e "ZC_PANE_TMUX_OWNER=$_window" sh "$scripts_dir/run.sh" "$(opt @zc-pane-command zc-pane)" \; \
      set-option -p @zc-pane 1 \; set-option -p @zc-pane-owner "$_window" \; set-option status off
  fi
  tmux display-message -p -t "=$_session:" '#{pane_id}'
}

# show_popup PANE: opens the popup on PANE's window, attached to its hidden agent session. The client in
# the popup is a second client of this same server; prefix+a inside it detaches it, which closes the popup.
show_popup() {
  _session=$(popup_session "$1")
  _size=$(opt @zc-pane-size 40%)
  _socket=$(tmux display-message -p '#{socket_path}')
  set -- -E -w 90% -h 90%
  case $(opt @zc-pane-position right) in
    bottom) set -- -E -w 100% -h "$_size" -y S ;;
    left) set -- -E -w "$_size" -h 100% -x 0 ;;
    *) set -- -E -w "$_size" -h 100% -x R ;;
  esac
  tmux display-popup -c "$client" "$@" "TMUX= tmux -S '$_socket' attach-session -t '=$_session'"
}

# mark_seen PANE: the user is looking at PANE now: a finished turn no longer needs a marker.
mark_seen() {
  if [ "$(tmux display-message -p -t "$1" '#{@zc-pane-state}')" = done ]; then
    tmux set-option -p -t "$1" @zc-pane-state idle \; set-option -w -t "$1" @zc-pane-state idle
  fi
}
