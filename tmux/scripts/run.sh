#!/bin/sh
# Runs the agent pane's command ($1: a POSIX sh command line from @zc-pane-command). When it fails, the
# pane stays open on the error until Enter: a zc-pane missing from PATH, or a bad flag, would otherwise
# flash and vanish with the pane.
eval "$1"
status=$?
# 0 is a normal quit; above 128 the pane was closed under it (SIGHUP) and nobody is there to read.
if [ "$status" -ne 0 ] && [ "$status" -le 128 ]; then
  printf '\n[zc-pane: "%s" exited with status %s; press Enter to close this pane]' "$1" "$status"
  read -r _
fi
exit "$status"
