// Preloaded into the Prism child (node --require). The mock spawns Prism with an IPC channel:
// - Prism exits as soon as that channel closes, so a mock killed by any signal (even SIGKILL)
//   never leaves Prism running on its port;
// - Prism listens on a port the OS picks and logs nothing (-v silent), so this tells the mock
//   the port the moment Prism's server accepts connections: no polling, no port race.
const diagnosticsChannel = require('node:diagnostics_channel');

process.on('disconnect', () => process.exit(0));

const LISTENING = 'tracing:net.server.listen:asyncEnd';
function onListening({ server }) {
  diagnosticsChannel.unsubscribe(LISTENING, onListening);
  process.send({ listening: server.address().port });
}
diagnosticsChannel.subscribe(LISTENING, onListening);
