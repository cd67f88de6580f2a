#!/bin/sh
# TPM runs the *.tmux files at the top of a plugin's repository: this one loads the plugin in tmux/.
exec sh "$(cd "$(dirname "$0")" && pwd)/tmux/zc-pane.tmux"
