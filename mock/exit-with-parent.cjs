// Preloaded into the Prism child (node --require): the mock spawns Prism with an IPC channel,
// and Prism exits as soon as that channel closes, so a mock killed by any signal (even
// SIGKILL) never leaves Prism running on its port.
process.on('disconnect', () => process.exit(0));
