#!/usr/bin/env node
import '../dist/reference-host/cli/main.js';
