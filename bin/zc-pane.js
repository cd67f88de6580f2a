#!/usr/bin/env node
// The published entry point: everything lives in the bundle so start-up reads one file, not hundreds.
import "../dist/cli.js";
