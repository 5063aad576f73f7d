process.stdout.write('refhost: not built yet\n');
