process.stdout.write("zc-pane: under construction\n");
